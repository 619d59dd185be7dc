import { shownSite } from "./mask-links";
import type { Span } from "./mask-span";

// ---------------------------------------------------------------------------------------------
// Email addresses: `ana@gmail.com`, `ana.boats@gmail`, `ana @ gmail . com`, `ana(at)gmail(dot)com`,
// `ana arroba gmail punto com`, `ana arobase gmail point fr`, `ana ät gmx punkt de`,
// `ana.boats en gmail`, `ana chez yahoo`, `my gmail is anaboats`, `mi gmail es anaboats`, and an
// address said in two parts (`mi usuario es ana.boats y el dominio es gmail.com`).

const LOCAL = String.raw`[\p{L}\p{N}._%+-]+`;
const LABEL = String.raw`[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?`;
/** Words for `@` that mean nothing else ("at", and "ät", which normalises to it, are read apart). */
const AT_WORDS = "arroba|arrova|arobase|klammeraffe";
const DOT_WORDS = "dot|punto|point|punkt|pt";
/** Top-level domains after a spelled "dot": only common ones, so "meet at marina point vell" stays. */
const TLDS = "com|es|net|org|eu|fr|de|at|ch|be|uk|co|io|it|pt|nl|info|me|cat|gal|eus|biz|email|online";
/** Mail providers: named, they make an address without a top-level domain (`ana@gmail`, `ana arroba yahoo`). */
const PROVIDERS = "gmail|googlemail|hotmail|outlook|live|msn|yahoo|ymail|icloud|me|aol|gmx|web|proton|protonmail|orange|free|wanadoo|laposte|sfr|t-online|freenet|telefonica|movistar|terra|yandex";
/** Mail providers whose name is no ordinary word: "mi gmail es anaboats", "ana.boats en gmail" ("look at me", "at free moorings" are not addresses). */
const MAIL_NAMES = "gmail|googlemail|hotmail|outlook|yahoo|ymail|icloud|gmx|protonmail|proton|wanadoo|laposte|yandex|aol|msn|t-online";
const SPACED_AT = String.raw`(?:\s*@\s*|\s*[(\[{<]\s*(?:at|${AT_WORDS}|@)\s*[)\]}>]\s*|\s+(?:${AT_WORDS})\s+)`;
const SPELLED_DOT = String.raw`(?:\s*[(\[{<]\s*(?:${DOT_WORDS}|\.)\s*[)\]}>]\s*|\s+(?:${DOT_WORDS})\s+|\s+\.\s+|\s*\.\s*)`;
const DOMAIN_WITH_TLD = String.raw`${LABEL}(?:${SPELLED_DOT}${LABEL})*${SPELLED_DOT}(?:${TLDS})|${LABEL}(?:\.${LABEL})*\.\p{L}{2,24}`;
const END = String.raw`(?![\p{L}\p{N}])`;
const EMAIL_PATTERNS = [
  // Written together, `@` between: an address or a handle, with or without a top-level domain.
  new RegExp(String.raw`(?<![\p{L}\p{N}._%+-])${LOCAL}@${LABEL}(?:\.${LABEL})*${END}`, "gu"),
  // Spaced or spelled: a top-level domain must follow, or a mail provider after `@` or "arroba".
  new RegExp(String.raw`(?<![\p{L}\p{N}._%+-])${LOCAL}(?:${SPACED_AT}|\s+at\s+)(?:${DOMAIN_WITH_TLD})${END}`, "gu"),
  new RegExp(String.raw`(?<![\p{L}\p{N}._%+-])${LOCAL}${SPACED_AT}(?:${PROVIDERS})${END}`, "gu"),
];
/** "ana.boats en gmail", "ana at hotmail.es", "ana on outlook dot com", "ana chez yahoo", "ana bei gmx punkt de". */
const PROVIDER_AFTER_WORD = new RegExp(String.raw`(?<![\p{L}\p{N}._%+-])([\p{L}\p{N}._%+-]*[\p{L}\p{N}])\s+(?:at|en|on|chez|sur|bei|auf|in)\s+(?:${MAIL_NAMES})(?:${SPELLED_DOT}(?:${TLDS}))*${END}`, "gu");

/**
 * Words that follow "my gmail is…", "Instagram como…", "my username is…", or come before "en
 * gmail", without being a name there: pronouns, articles, adverbs, the words for an account.
 */
const NOT_HANDLES = new Set(
  [
    "the same my your his her our their not no and or but too also that this here there down dead broken",
    "el la lo los las mi tu su mismo misma mismos nuestro que y o pero no tambien este esta ese esa aqui le les",
    "mon ma mes ton ta son sa pas et ou mais aussi ce cette ici meme der die das mein meine dein deine sein nicht und oder aber auch hier gleich kaputt",
    // what an account is, in four languages
    "private privado privada prive privee privat public publico publica publique offentlich new nuevo nueva nouveau nouvelle neu neue closed cerrado cerrada ferme geschlossen",
    // "WhatsApp como siempre", "Instagram as well", "WhatsApp als Gruppe"
    "siempre antes ahora hoy manana ayer quieras prefieras quieres prefieres todo todos todas nada mucho bien mal alternativa respaldo contacto grupo habitual costumbre acordado hablado dicho",
    "usual always before now today tomorrow yesterday well soon long much many discussed agreed planned needed backup alternative group fallback default contact",
    "toujours avant maintenant demain hier groupe secours habitude convenu prevu immer vorher jetzt heute morgen gestern gruppe ersatz notlosung kontakt gewohnt ublich vereinbart besprochen sonst",
    // "tengo cuenta en gmail", "lo guardé en gmail", "my account at yahoo", "saved in gmail", "un compte chez gmail", "ein Konto bei gmx"
    "cuenta correo correos mail mails email emails mensaje mensajes escribo escribe escribeme escribir estoy estamos tengo tiene tienes registrado registrada yo te me se nos",
    "mira miro mirar busca busco buscar guardo guarde guardado mando mande enviar envio envie enviado visto recibo recibi recibido abro abre entro entra",
    "account message messages inbox folder spam you him us them it am is are was be been check look write send sent registered signed",
    "saw seen checked looked got received saved search searched find found open opened log logged sign",
    "compte courriel boite dossier moi toi lui nous vous suis es est sommes inscrit inscrite regarde cherche recu envoye ouvre trouve",
    "konto nachricht nachrichten postfach ordner mich dich ihn uns euch bin bist ist sind seid angemeldet registriert ich du er wir ihr gesehen steht schau schaue such suche gefunden bekommen gespeichert",
  ]
    .join(" ")
    .split(" "),
);
const MESSENGERS = "instagram|insta|ig|telegram|tg|whatsapp|whats app|wasap|wassap|guasap|watsap|signal|facebook|fb|tiktok|snapchat|snap|skype|twitter|threads|messenger|viber|wechat";
const COPULA = String.raw`\s*(?::|=|->|\bis\b|\bes\b|\best\b|\bc'est\b|\bc’est\b|\bist\b|\blautet\b|\bun\b|\bsoy\b|\bje suis\b|\bich bin\b|\bi'm\b|\bim\b)\s*`;
const MESSENGER_NAME = new RegExp(String.raw`^(?:${MESSENGERS}|${MAIL_NAMES})$`);
/** "como", "as", "comme", "als", "sous le nom de", "under the name": what an account is called follows. */
const NAMING = "sous le nom de|sous le nom|sous|under the name|under|con el nombre de|con el nombre|bajo el nombre de|bajo el nombre|unter dem namen|unter|como|as|comme|als";
/** A handle, or a Skype name (`live:ana.boats`). */
const HANDLE = String.raw`(?:live:)?@?[\p{L}_][\p{L}\p{N}._]*[\p{L}\p{N}_]`;
/** "insta @ana_boats", "mi insta es anaboats", "telegram: ana_boats", "Instagram como anaboats", "my gmail is anaboats". */
const NAMED_HANDLE = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:(${MESSENGERS})|(${MAIL_NAMES}))(?:(${COPULA})|\s+(?:(${NAMING})\s+|(?:on|en|sur|auf|bei|at|a)\s+)?)(${HANDLE})${END}`, "gu");
/** "my", "mi", "mon", "mein"… right before a messenger's or a provider's name. */
const POSSESSIVE = /(?:^|[^\p{L}])(?:my|mi|mis|mon|ma|mein|meine|meinen|dein|deine|unser|our|your|tu|su|ton|nuestro|vuestro)\s+$/u;
/** "@ana_boats" on its own. */
const BARE_HANDLE = new RegExp(String.raw`(?<![\p{L}\p{N}._%+-])@[\p{L}\p{N}_](?:[\p{L}\p{N}._]*[\p{L}\p{N}_])?${END}`, "gu");

/** "el dominio es gmail.com", "my domain is gmail.com", "le domaine c'est hotmail.fr", "die Domain ist gmx.de". */
const DOMAIN_SAID = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:dominio|domain|domaine|domane|proveedor|provider|fournisseur|anbieter|servidor|server|serveur)(?:${COPULA}|\s+)((?:${MAIL_NAMES})(?:${SPELLED_DOT}(?:${TLDS}))*|${LABEL}(?:${SPELLED_DOT}${LABEL})*${SPELLED_DOT}(?:${TLDS}))${END}`,
  "gu",
);
/** With a domain said apart, the address's name: "mi usuario es ana.boats", "mein Benutzername ist anaboats"… */
const NAME_SAID = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:nombre de usuario|usuario|username|user name|user|login|nom d'utilisateur|utilisateur|identifiant|benutzername|nutzername|benutzer|correo|e-mail|email|mail|adresse|direccion|address|cuenta|account|compte|konto|name|nombre|nom)${COPULA}(${LOCAL})${END}`,
  "gu",
);
/** … or any word shaped like one (`ana.boats`, `ana_boats`). */
const NAME_SHAPED = /(?<![\p{L}\p{N}._%+@-])\p{L}[\p{L}\p{N}]*[._][\p{L}\p{N}._]*[\p{L}\p{N}](?![\p{L}\p{N}@])/gu;

/** An address said in two parts: the domain, and then the name given in the same message. */
function splitAddressSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const m of text.matchAll(DOMAIN_SAID)) {
    const value = m[1]!;
    if (shownSite(value.replace(/\s+/g, ""))) continue;
    const start = m.index + m[0].length - value.length;
    spans.push({ start, end: start + value.length, kind: "email" });
  }
  if (spans.length === 0) return spans;
  for (const m of text.matchAll(NAME_SAID)) {
    const value = m[1]!;
    if (NOT_HANDLES.has(value) || value.length < 2) continue;
    const start = m.index + m[0].length - value.length;
    spans.push({ start, end: start + value.length, kind: "email" });
  }
  for (const m of text.matchAll(NAME_SHAPED)) if (!shownSite(m[0])) spans.push({ start: m.index, end: m.index + m[0].length, kind: "email" });
  return spans;
}

/** The email addresses and messenger handles in a normalised text. */
export function emailAndHandleSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const pattern of EMAIL_PATTERNS) for (const m of text.matchAll(pattern)) spans.push({ start: m.index, end: m.index + m[0].length, kind: "email" });
  for (const m of text.matchAll(PROVIDER_AFTER_WORD)) {
    // "ana.boats en gmail", not "tengo cuenta en gmail".
    if (!NOT_HANDLES.has(m[1]!) && m[1]!.length > 2) spans.push({ start: m.index, end: m.index + m[0].length, kind: "email" });
  }
  spans.push(...splitAddressSpans(text));
  for (const m of text.matchAll(NAMED_HANDLE)) {
    const [, messenger, , copula, naming, handle] = m as unknown as [string, string | undefined, string | undefined, string | undefined, string | undefined, string];
    const bare = handle.replace(/^@/, "");
    if (NOT_HANDLES.has(bare) || bare.length < 3 || MESSENGER_NAME.test(bare)) continue;
    // Without an "@", a plain word is a handle after ":" ("telegram: anaboats"), after a word
    // that names the account ("Instagram como anaboats"), or after "is" when the account is
    // someone's ("mi insta es anaboats", not "the signal is weak"); a word that looks like a
    // handle (`ana_boats`, `ana.b`, `ana87`, `live:ana`) is one anyway.
    const looksLikeHandle = handle.startsWith("@") || /[._:\d]/.test(bare);
    const colon = /[:=>]/.test(copula ?? "");
    const owned = POSSESSIVE.test(text.slice(Math.max(0, m.index - 12), m.index));
    if (!looksLikeHandle && !colon && !naming && !(copula?.trim() && owned)) continue;
    spans.push({ start: m.index, end: m.index + m[0].length, kind: messenger ? "handle" : "email" });
  }
  for (const m of text.matchAll(BARE_HANDLE)) spans.push({ start: m.index, end: m.index + m[0].length, kind: "handle" });
  return spans;
}
