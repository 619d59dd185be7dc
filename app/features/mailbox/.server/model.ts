import type { Lang } from "#app/i18n";
import type { MailboxEmail } from "#app/features/mailbox/mailbox-types";
import { renderSystemEmail, type SystemEmail } from "./templates";

export type { MailboxEmail } from "#app/features/mailbox/mailbox-types";

/**
 * Every person's mailbox: each event they should know about becomes an email stored here
 * (subject, text, link, read/unread). With SMTP configured it is also sent; the stored copy is
 * what the inbox page and the email event stream show.
 */
export const EMAILS = "emails";

/**
 * One document of the `emails` collection. A system email keeps its keys and parameters
 * (`template`) and the recipient's language when it was delivered (`lang`), and is rendered when
 * read; older documents (and free-text emails) hold their rendered `subject` and `text`.
 */
export type EmailDoc = {
  uid: string;
  subject?: string;
  text?: string;
  template?: SystemEmail;
  lang?: Lang;
  link: string | null;
  read: boolean;
  createdAt: string;
};

export const DEFAULT_MAILBOX_LIMIT = 50;

/** The email as the person reads it: a system email in `lang` (else the language it was delivered in). */
export function toEmail(doc: EmailDoc & { id: string }, lang?: Lang): MailboxEmail {
  const { subject, text } = doc.template
    ? renderSystemEmail(lang ?? doc.lang ?? "es", doc.template)
    : { subject: doc.subject ?? "", text: doc.text ?? "" };
  return { id: doc.id, subject, text, link: doc.link, read: doc.read, createdAt: doc.createdAt };
}
