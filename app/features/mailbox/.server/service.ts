import type { MailboxEmail } from "#app/features/mailbox/mailbox-types";
import type { MailTransport } from "#app/.server/mail";
import { isStoreError, type DocumentStore, type Query, type StoreError, type Unsubscribe } from "#app/.server/store";
import type { Lang } from "#app/i18n";
import { DEFAULT_MAILBOX_LIMIT, EMAILS, toEmail, type EmailDoc } from "./model";
import { renderSystemEmail, type SystemEmail } from "./templates";
import { forgetFailuresTo, keepFailure, listFailures, retryFailure } from "./failures";

/** What to deliver: a system email (keys and parameters, in the recipient's language) or a free text. */
export type DeliveryContent = { lang: Lang; email: SystemEmail } | { subject: string; text: string };

/** How a person reads their mailbox: how many emails, and in which language system emails show. */
export type ListOptions = { limit?: number; lang?: Lang };

/** Newest first; served by the `emails (uid, createdAt desc)` index. */
function listQuery(uid: string, limit: number): Query {
  return { collection: EMAILS, where: [["uid", "==", uid]], orderBy: [["createdAt", "desc"]], limit };
}

function unreadQuery(uid: string): Query {
  return { collection: EMAILS, where: [["uid", "==", uid], ["read", "==", false]] };
}

function rendered(content: DeliveryContent) {
  return "email" in content ? renderSystemEmail(content.lang, content.email) : { subject: content.subject, text: content.text };
}

export function createMailboxService(deps: { store: DocumentStore; transport: MailTransport | null }) {
  const { store, transport } = deps;
  // Timestamps strictly increase within a process, so two emails delivered in the same
  // millisecond still list in the order they were delivered.
  let lastTimestamp = 0;
  const nextTimestamp = () => {
    lastTimestamp = Math.max(Date.now(), lastTimestamp + 1);
    return new Date(lastTimestamp).toISOString();
  };

  async function setRead(uid: string, id: string, read: boolean): Promise<boolean> {
    const doc = await store.get<EmailDoc>(EMAILS, id);
    if (!doc || doc.uid !== uid) return false;
    if (doc.read !== read) await store.update(EMAILS, id, { read });
    return true;
  }

  return {
    /** Whether a mail server is configured (SMTP): without one, `send` sends nothing and keeps nothing. */
    canSend: transport !== null,
    /**
     * Sends an email to someone without an account (a visitor's request): by SMTP when it is
     * configured, else nowhere (there is no mailbox to keep it in); says whether it went.
     */
    async send(input: { to: string } & DeliveryContent): Promise<boolean> {
      if (!transport) return false;
      const message = rendered(input);
      try {
        await transport.send({ to: input.to, ...message });
        return true;
      } catch (error) {
        console.warn("[mailbox] SMTP send to a visitor failed; kept for a retry:", error);
        const content = "email" in input ? { template: input.email, lang: input.lang } : { subject: input.subject, text: input.text };
        await keepFailure(store, { to: input.to, emailId: null, content, subject: message.subject, error, at: new Date().toISOString() });
        return false;
      }
    },

    /**
     * Stores the email in the person's mailbox, then sends it when SMTP is configured (a system
     * email rendered in `lang`, the recipient's language). A system email is stored as its keys
     * and parameters, never as text, and rendered again in the language it is read in.
     * A failed send is logged and kept for the team to send again (/admin/operaciones): the
     * email stays in the mailbox either way.
     * `once` names an email that must reach the person once whoever sends it again (a closing
     * finished by the scheduler after a stop): it is the email's id, and an email already stored
     * under it is returned as it is, neither stored nor sent again.
     */
    async deliver(input: { uid: string; to: string; link?: string | null; once?: string } & DeliveryContent): Promise<MailboxEmail> {
      const content = "email" in input ? { template: input.email, lang: input.lang } : { subject: input.subject, text: input.text };
      const doc: EmailDoc = { uid: input.uid, ...content, link: input.link ?? null, read: false, createdAt: nextTimestamp() };
      let id: string;
      if (input.once) {
        id = input.once;
        try {
          await store.create(EMAILS, id, doc);
        } catch (error) {
          if (!isStoreError(error, "already-exists")) throw error;
          const sent = await store.get<EmailDoc>(EMAILS, id);
          return toEmail({ ...(sent ?? doc), id });
        }
      } else id = await store.add(EMAILS, doc);
      if (transport) {
        const message = rendered(input);
        try {
          await transport.send({ to: input.to, ...message });
        } catch (error) {
          console.warn(`[mailbox] SMTP send of email ${id} failed; it stays in the mailbox and is kept for a retry:`, error);
          await keepFailure(store, { id, to: input.to, emailId: id, content: null, subject: message.subject, error, at: new Date().toISOString() });
        }
      }
      return toEmail({ ...doc, id });
    },

    /** Emails SMTP did not take, newest failure first (the team's list). */
    failedSends: (limit?: number) => listFailures(store, limit),

    /** Sends a failed email again: `sent` (off the list), `failed` (with the new error), `not-found`, `no-transport`. */
    retryFailedSend: (id: string) => retryFailure(store, transport, id, new Date().toISOString()),

    /**
     * Erases a deleted account's mailbox: every email kept for `uid`, and the failed sends to
     * `address` the team could otherwise send again. Answers how many emails went.
     */
    async erase(uid: string, address: string | null): Promise<number> {
      let erased = 0;
      for (;;) {
        const batch = await store.query<EmailDoc>(listQuery(uid, 200));
        for (const email of batch) await store.delete(EMAILS, email.id);
        erased += batch.length;
        if (batch.length < 200) break;
      }
      if (address) await forgetFailuresTo(store, address);
      return erased;
    },

    /** The person's emails, newest first. */
    async list(uid: string, options: ListOptions = {}): Promise<MailboxEmail[]> {
      const docs = await store.query<EmailDoc>(listQuery(uid, options.limit ?? DEFAULT_MAILBOX_LIMIT));
      return docs.map((doc) => toEmail(doc, options.lang));
    },

    unreadCount(uid: string): Promise<number> {
      return store.count(unreadQuery(uid));
    },

    /** False when the email does not exist or belongs to someone else. */
    markRead: (uid: string, id: string) => setRead(uid, id, true),
    markUnread: (uid: string, id: string) => setRead(uid, id, false),

    /** Marks every unread email of the person read; returns how many changed. */
    async markAllRead(uid: string): Promise<number> {
      const unread = await store.query<EmailDoc>(unreadQuery(uid));
      await Promise.all(unread.map((doc) => store.update(EMAILS, doc.id, { read: true })));
      return unread.length;
    },

    /**
     * Live list: `onChange` gets the same list as `list(uid, options)` soon after the call and
     * again whenever it changes. Returns the function that stops watching.
     */
    watch(
      uid: string,
      onChange: (emails: MailboxEmail[]) => void,
      onError: (error: StoreError) => void,
      options: ListOptions = {},
    ): Unsubscribe {
      return store.watch<EmailDoc>(
        listQuery(uid, options.limit ?? DEFAULT_MAILBOX_LIMIT),
        (docs) => onChange(docs.map((doc) => toEmail(doc, options.lang))),
        onError,
      );
    },
  };
}

export type MailboxService = ReturnType<typeof createMailboxService>;
