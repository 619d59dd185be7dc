import type { Span } from "./mask-span";

// ---------------------------------------------------------------------------------------------
// Links: to a person on a messenger or a social network (`instagram.com/…`, `t.me/…`, `wa.me/…`),
// app links (`tg://resolve?domain=…`, `whatsapp://send?phone=…`, `skype:…`), Skype names
// (`live:ana.boats`), and web addresses (`www.anaboats.es`, `https://…`, `anaboats.es`): a
// website is a way to reach its owner too. Our own site, maps and weather stay visible.

/** Links to a person on a messenger or a social network, to the end of the link. */
const MESSENGER_LINK = new RegExp(
  String.raw`(?<![\p{L}\p{N}.-])(?:https?:\/\/)?(?:www\.)?(?:instagram\.com|instagr\.am|t\.me|telegram\.me|telegram\.dog|wa\.me|wa\.link|api\.whatsapp\.com|chat\.whatsapp\.com|whatsapp\.com|facebook\.com|fb\.com|fb\.me|m\.me|m\.facebook\.com|tiktok\.com|vm\.tiktok\.com|signal\.me|signal\.group|snapchat\.com|twitter\.com|x\.com|linkedin\.com|threads\.net|viber\.com|linktr\.ee)\s*\/\s*[^\s]*[\p{L}\p{N}_/=]`,
  "gu",
);

/**
 * App links that open a conversation. Schemes that are also words ("signal", "line") count only
 * with `://`; `tel:`, `sms:` and `mailto:` are left to the phone and e-mail finders.
 */
const APP_LINK = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:(?:tg|whatsapp|viber|skype|callto|facetime|facetime-audio|sgnl|threema|fb-messenger|telegram|instagram|snapchat|tiktok|wechat|weixin|kakaotalk):|(?:signal|line|intent):\/\/)[^\s]*[\p{L}\p{N}_/=]`,
  "gu",
);

/** Skype's names for Microsoft accounts: `live:ana.boats`. */
const SKYPE_NAME = /(?<![\p{L}\p{N}._-])live:[\p{L}\p{N}._-]*[\p{L}\p{N}_]/gu;

const LABEL = String.raw`[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?`;
/** A web address: an optional scheme or `www.`, the host's labels, its last label, an optional port and path. */
const WEB_ADDRESS = new RegExp(String.raw`(?<![\p{L}\p{N}._%+@/-])(https?:\/\/(?:www\.)?|www\.)?((?:${LABEL}\.)+)(\p{L}{2,24})(?::\d{1,5})?(?:[/?#][^\s]*[\p{L}\p{N}_/=])?(?![\p{L}\p{N}@])`, "gu");
/**
 * Top-level domains that make a bare `name.tld` an address. Those that are words of our four
 * languages after a sentence's full stop (`me`, `la`, `se`, `no`, `so`, `to`, `in`, `is`, `be`,
 * `at`…) count only after `www.` or a scheme; `es` and `de` count, since they are the sites
 * people here give (a sentence typed without a space, `vale.es verdad`, is hidden too).
 */
const BARE_TLDS = new Set("com es net org eu fr de it pt uk co io info cat gal eus biz online site shop store app dev xyz club ch nl email page blog link bio pro mx ar cl pl".split(" "));
/** Sites whose addresses stay visible: ours, maps and weather, which a trip is arranged with. */
const SHOWN_SITES = ["amarre.es", "google.com", "google.es", "google.fr", "google.de", "goo.gl", "maps.apple.com", "openstreetmap.org", "windy.com", "windguru.cz", "aemet.es", "meteofrance.com", "dwd.de", "metoffice.gov.uk", "wikipedia.org"];

/** A word after a space, right where the last label ends. */
const SENTENCE_GOES_ON = / +\p{L}/uy;

export function shownSite(host: string): boolean {
  return SHOWN_SITES.some((site) => host === site || host.endsWith(`.${site}`));
}

/**
 * The links in a normalised text; `written(start, end)` gives the original characters of a part,
 * so that two sentences typed together (`tarde.Es una pena`) are told from an address.
 */
export function linkSpans(text: string, written: (start: number, end: number) => string): Span[] {
  const spans: Span[] = [];
  for (const pattern of [MESSENGER_LINK, APP_LINK, SKYPE_NAME]) for (const m of text.matchAll(pattern)) spans.push({ start: m.index, end: m.index + m[0].length, kind: "handle" });
  for (const m of text.matchAll(WEB_ADDRESS)) {
    const [whole, prefix, labels, tld] = m as unknown as [string, string | undefined, string, string];
    if (shownSite(`${labels}${tld}`)) continue;
    if (!prefix) {
      if (!BARE_TLDS.has(tld) || !/\p{L}/u.test(labels)) continue;
      // "tarde.Es una pena": a capitalised word after a full stop, and the sentence goes on.
      const tldStart = m.index + labels.length;
      SENTENCE_GOES_ON.lastIndex = tldStart + tld.length;
      if (/^\p{Lu}\p{Ll}*$/u.test(written(tldStart, tldStart + tld.length)) && SENTENCE_GOES_ON.test(text)) continue;
    }
    spans.push({ start: m.index, end: m.index + whole.length, kind: "handle" });
  }
  return spans;
}
