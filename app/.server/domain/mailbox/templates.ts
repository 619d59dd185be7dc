import type { Lang } from "#app/i18n";
import { getFixedT } from "#app/.server/i18n";

/**
 * The texts of the emails the product sends, in the recipient's language, from the `emails`
 * namespace (`locales/<lang>/emails.json`): each template has a `subject` and a plain `text`.
 */
export type EmailTemplateVars = {
  welcome: { name: string; link: string };
  passwordReset: { link: string; minutes: number };
};

export type EmailTemplate = keyof EmailTemplateVars;

export type RenderedEmail = { subject: string; text: string };

export function renderEmail<T extends EmailTemplate>(lang: Lang, template: T, vars: EmailTemplateVars[T]): RenderedEmail {
  const t = getFixedT(lang, "emails");
  const values: Record<string, string | number> = { ...vars };
  const key: string = template;
  return {
    subject: t(`${key}.subject`, values),
    text: t(`${key}.text`, values),
  };
}
