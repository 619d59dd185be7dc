import type { MailboxEmail } from "#app/utils/mailbox-types";

export type { MailboxEmail } from "#app/utils/mailbox-types";

/**
 * Every person's mailbox: each event they should know about becomes an email stored here
 * (subject, text, link, read/unread). With SMTP configured it is also sent; the stored copy is
 * what the inbox page and the email event stream show.
 */
export const EMAILS = "emails";

/** One document of the `emails` collection. */
export type EmailDoc = {
  uid: string;
  subject: string;
  text: string;
  link: string | null;
  read: boolean;
  createdAt: string;
};

export const DEFAULT_MAILBOX_LIMIT = 50;

export function toEmail(doc: EmailDoc & { id: string }): MailboxEmail {
  return { id: doc.id, subject: doc.subject, text: doc.text, link: doc.link, read: doc.read, createdAt: doc.createdAt };
}
