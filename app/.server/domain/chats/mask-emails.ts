import type { Span } from "./mask-span";

// ---------------------------------------------------------------------------------------------
// Email addresses: `ana@gmail.com`, `ana.boats@gmail`, `ana @ gmail . com`, `ana(at)gmail(dot)com`,
// `ana arroba gmail punto com`, `ana arobase gmail point fr`, `ana ät gmx punkt de`,
// `my gmail is anaboats`, `mi gmail es anaboats`.

const LOCAL = String.raw`[\p{L}\p{N}._%+-]+`;
const LABEL = String.raw`[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?`;
const AT_WORDS = "at|arroba|arrova|arobase|klammeraffe";
const DOT_WORDS = "dot|punto|point|punkt|pt";
/** Top-level domains after a spelled "dot": only common ones, so "meet at marina point vell" stays. */
const TLDS = "com|es|net|org|eu|fr|de|at|ch|be|uk|co|io|it|pt|nl|info|me|cat|gal|eus|biz|email|online";
/** Mail providers: named, they make an address without a top-level domain (`ana@gmail`, `mi gmail es ana`). */
const PROVIDERS = "gmail|googlemail|hotmail|outlook|live|msn|yahoo|ymail|icloud|me|aol|gmx|web|proton|protonmail|orange|free|wanadoo|laposte|sfr|t-online|freenet|telefonica|movistar|terra|yandex";
/** Mail providers whose name alone says "my address there is…" ("mi gmail es anaboats"). */
const NAMED_PROVIDERS = "gmail|googlemail|hotmail|outlook|yahoo|icloud|gmx|protonmail|proton|wanadoo|yandex";
const SPACED_AT = String.raw`(?:\s*@\s*|\s*[(\[{<]\s*(?:${AT_WORDS}|@)\s*[)\]}>]\s*|\s+(?:${AT_WORDS})\s+)`;
const SPELLED_DOT = String.raw`(?:\s*[(\[{<]\s*(?:${DOT_WORDS}|\.)\s*[)\]}>]\s*|\s+(?:${DOT_WORDS})\s+|\s+\.\s+|\s*\.\s*)`;
const END = String.raw`(?![\p{L}\p{N}])`;
const EMAIL_PATTERNS = [
  // Written together, `@` between: an address or a handle, with or without a top-level domain.
  new RegExp(String.raw`(?<![\p{L}\p{N}._%+-])${LOCAL}@${LABEL}(?:\.${LABEL})*${END}`, "gu"),
  // Spaced or spelled: a top-level domain, or a mail provider, must follow.
  new RegExp(String.raw`(?<![\p{L}\p{N}._%+-])${LOCAL}${SPACED_AT}(?:${LABEL}(?:${SPELLED_DOT}${LABEL})*${SPELLED_DOT}(?:${TLDS})|${LABEL}(?:\.${LABEL})*\.\p{L}{2,24}|(?:${PROVIDERS}))${END}`, "gu"),
];

/** Words that follow "my gmail is…" / "mi insta es…" without being a handle. */
const NOT_HANDLES = new Set(
  "the same my your his her our their not no and or but too also that this here there down dead broken el la lo los las mi tu su mismo misma mismos nuestro que y o pero no tambien este esta ese esa aqui le les mon ma mes ton ta son sa pas et ou mais aussi ce cette ici meme der die das mein meine dein deine sein nicht und oder aber auch hier gleich kaputt".split(" "),
);
const MESSENGERS = "instagram|insta|ig|telegram|tg|whatsapp|whats app|wasap|wassap|guasap|watsap|signal|facebook|fb|tiktok|snapchat|snap|skype|twitter|threads|messenger|viber|wechat";
const COPULA = String.raw`\s*(?::|=|->|\bis\b|\bes\b|\best\b|\bc'est\b|\bc’est\b|\bist\b|\blautet\b|\bun\b|\bsoy\b|\bje suis\b|\bich bin\b|\bi'm\b|\bim\b)\s*`;
const HANDLE = String.raw`@?[\p{L}_][\p{L}\p{N}._]*[\p{L}\p{N}_]`;
/** "insta @ana_boats", "mi insta es anaboats", "telegram: ana_boats", "my gmail is anaboats". */
const NAMED_HANDLE = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:(${MESSENGERS})|(${NAMED_PROVIDERS}))(?:(${COPULA})|\s+(?:on|en|sur|auf|bei|at|a|as|als|comme|como)?\s*)(${HANDLE})${END}`, "gu");
/** "my", "mi", "mon", "mein"… right before a messenger's or a provider's name. */
const POSSESSIVE = /(?:^|[^\p{L}])(?:my|mi|mis|mon|ma|mein|meine|meinen|dein|deine|unser|our|your|tu|su|ton|nuestro|vuestro)\s+$/u;
/** "@ana_boats" on its own. */
const BARE_HANDLE = new RegExp(String.raw`(?<![\p{L}\p{N}._%+-])@[\p{L}\p{N}_](?:[\p{L}\p{N}._]*[\p{L}\p{N}_])?${END}`, "gu");
/** Links to a person on a messenger or a social network. */
const LINK = new RegExp(
  String.raw`(?<![\p{L}\p{N}.-])(?:https?:\/\/)?(?:www\.)?(?:instagram\.com|instagr\.am|t\.me|telegram\.me|telegram\.dog|wa\.me|wa\.link|api\.whatsapp\.com|chat\.whatsapp\.com|whatsapp\.com|facebook\.com|fb\.com|fb\.me|m\.me|m\.facebook\.com|tiktok\.com|vm\.tiktok\.com|signal\.me|signal\.group|snapchat\.com|twitter\.com|x\.com|linkedin\.com|threads\.net|viber\.com|linktr\.ee)\s*\/\s*[^\s]*[\p{L}\p{N}_/=]`,
  "gu",
);

/** The email addresses, messenger handles and links in a normalised text. */
export function emailAndHandleSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const pattern of EMAIL_PATTERNS) for (const m of text.matchAll(pattern)) spans.push({ start: m.index, end: m.index + m[0].length, kind: "email" });
  for (const m of text.matchAll(LINK)) spans.push({ start: m.index, end: m.index + m[0].length, kind: "handle" });
  for (const m of text.matchAll(NAMED_HANDLE)) {
    const [, messenger, , copula, handle] = m as unknown as [string, string | undefined, string | undefined, string | undefined, string];
    const bare = handle.replace(/^@/, "");
    if (NOT_HANDLES.has(bare) || bare.length < 3) continue;
    // Without an "@", a plain word is a handle after ":" ("telegram: anaboats"), or after "is" when
    // the account is someone's ("mi insta es anaboats", not "the signal is weak"); a word that
    // looks like a handle (`ana_boats`, `ana.b`, `ana87`) is one anyway.
    const looksLikeHandle = handle.startsWith("@") || /[._\d]/.test(bare);
    const colon = /[:=>]/.test(copula ?? "");
    const owned = POSSESSIVE.test(text.slice(Math.max(0, m.index - 12), m.index));
    if (!looksLikeHandle && !colon && !(copula?.trim() && owned)) continue;
    spans.push({ start: m.index, end: m.index + m[0].length, kind: messenger ? "handle" : "email" });
  }
  for (const m of text.matchAll(BARE_HANDLE)) spans.push({ start: m.index, end: m.index + m[0].length, kind: "handle" });
  return spans;
}
