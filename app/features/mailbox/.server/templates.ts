import { isLang, langCodes, languageOf, type Lang } from "#app/i18n";
import { getFixedT } from "#app/.server/i18n";
import { dateTimeFormat, numberFormat } from "#app/framework/intl";

/**
 * The texts of the emails the product sends, from the `emails` namespace
 * (`locales/<lang>/emails.json`).
 *
 * A system email is kept as keys and parameters (`SystemEmail`), never as rendered text: SMTP
 * gets it rendered in the recipient's language when it is delivered, and the mailbox renders it
 * again in the language the person reads it in. So its parameters are language-neutral: plain
 * values (names, numbers, links), or what each language writes its own way — a message key, a
 * date, an amount, or one text per language (a dock's title, a quoted message with hidden details);
 * or a list of them, one a line (a booking's price lines).
 */
export type EmailParam =
  | string
  | number
  | { t: string; values?: Record<string, EmailParam> }
  | { date: string }
  | { euros: number }
  | { byLang: Partial<Record<Lang, string>> }
  | { lines: EmailParam[] };

export type SystemEmail = {
  /** Keys of the `emails` namespace (another namespace with its `ns:` prefix). */
  subject: string;
  text: string;
  params: Record<string, EmailParam>;
};

export type RenderedEmail = { subject: string; text: string };

export type EmailTemplateVars = {
  welcome: { name: string; link: string };
  passwordReset: { link: string; minutes: number };
};

export type EmailTemplate = keyof EmailTemplateVars;

/** A template whose subject and text sit under one key (`welcome.subject`, `welcome.text`). */
export function systemEmail<T extends EmailTemplate>(template: T, vars: EmailTemplateVars[T]): SystemEmail {
  return { subject: `${template}.subject`, text: `${template}.text`, params: { ...vars } };
}

/** Parameters texts gained later: a booking's price lines (decision 062), an invoice's days. */
const LATER_PARAMS: Record<string, string> = { lines: "", days: "" };

export function renderSystemEmail(lang: Lang, email: SystemEmail): RenderedEmail {
  const t = getFixedT(lang, "emails");
  const iso = languageOf(lang).iso;
  const resolve = (param: EmailParam): string | number => {
    if (typeof param !== "object" || param === null) return param;
    if ("t" in param) return t(param.t, resolveAll(param.values ?? {}));
    if ("date" in param) return dateTimeFormat(iso, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${param.date}T00:00:00Z`));
    if ("euros" in param) return numberFormat(iso, { style: "currency", currency: "EUR" }).format(param.euros / 100);
    if ("lines" in param) return param.lines.map(resolve).join("\n");
    return param.byLang[lang] ?? param.byLang.es ?? Object.values(param.byLang)[0] ?? "";
  };
  const resolveAll = (params: Record<string, EmailParam>) => Object.fromEntries(Object.entries(params).map(([name, param]) => [name, resolve(param)]));
  // A parameter an email's text gained after the email was stored renders as nothing in the older copy.
  const values = { ...LATER_PARAMS, ...resolveAll(email.params) };
  return { subject: t(email.subject, values), text: t(email.text, values) };
}

export function renderEmail<T extends EmailTemplate>(lang: Lang, template: T, vars: EmailTemplateVars[T]): RenderedEmail {
  return renderSystemEmail(lang, systemEmail(template, vars));
}

/** One text per language, for a parameter each language writes its own way. */
export async function byLang(text: (lang: Lang) => string | Promise<string>): Promise<{ byLang: Record<Lang, string> }> {
  const texts = await Promise.all(langCodes.map(async (lang) => [lang, await text(lang)] as const));
  return { byLang: Object.fromEntries(texts) as Record<Lang, string> };
}

/** The language of a stored preference, Spanish when there is none. */
export function langOrDefault(value: unknown): Lang {
  return isLang(value) ? value : "es";
}
