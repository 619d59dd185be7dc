/**
 * An email in a person's mailbox, as the inbox page and the email event stream carry it.
 * Safe for the browser: no owner id, no address.
 */
export type MailboxEmail = {
  id: string;
  subject: string;
  text: string;
  /** Where the email points (an absolute or site-relative URL), or null. */
  link: string | null;
  read: boolean;
  /** ISO-8601 timestamp. */
  createdAt: string;
};

/** Loose runtime check for a list received from the event stream. */
export function isMailboxEmailList(value: unknown): value is MailboxEmail[] {
  return (
    Array.isArray(value) &&
    value.every(
      (item: unknown) =>
        typeof item === "object" &&
        item !== null &&
        typeof (item as MailboxEmail).id === "string" &&
        typeof (item as MailboxEmail).subject === "string" &&
        typeof (item as MailboxEmail).text === "string" &&
        ((item as MailboxEmail).link === null || typeof (item as MailboxEmail).link === "string") &&
        typeof (item as MailboxEmail).read === "boolean" &&
        typeof (item as MailboxEmail).createdAt === "string",
    )
  );
}
