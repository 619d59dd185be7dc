import type { MailTransport } from "#app/.server/mail";
import type { DocumentStore } from "#app/.server/store";
import type { Lang } from "#app/i18n";
import { EMAILS, type EmailDoc } from "./model";
import { renderSystemEmail, type SystemEmail } from "./templates";

/**
 * Emails SMTP refused or could not take, kept so the team can send them again
 * (/admin/operaciones). A mailbox email's failure has the email's id as its own and names only
 * the address (the text stays in the mailbox and is rendered again); a visitor's email, which has
 * no mailbox, keeps what to render.
 */
export const EMAIL_FAILURES = "email_failures";

type StoredContent = { template: SystemEmail; lang: Lang } | { subject: string; text: string };

export type EmailFailureDoc = {
  to: string;
  /** The mailbox email's id, or null for a visitor's email (then `content` holds it). */
  emailId: string | null;
  content: StoredContent | null;
  /** The subject as it was sent (for the team's list). */
  subject: string;
  error: string;
  firstFailedAt: string;
  lastFailedAt: string;
  attempts: number;
};

export type EmailFailure = EmailFailureDoc & { id: string };

/** A transport error's first line, bounded (nodemailer's messages carry the server's answer). */
export function sendError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const line = text.split("\n", 1)[0] ?? "";
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}

export async function keepFailure(store: DocumentStore, input: { id?: string; to: string; emailId: string | null; content: StoredContent | null; subject: string; error: unknown; at: string }): Promise<void> {
  const doc: EmailFailureDoc = {
    to: input.to,
    emailId: input.emailId,
    content: input.content,
    subject: input.subject,
    error: sendError(input.error),
    firstFailedAt: input.at,
    lastFailedAt: input.at,
    attempts: 1,
  };
  try {
    if (input.id) await store.set(EMAIL_FAILURES, input.id, doc);
    else await store.add(EMAIL_FAILURES, doc);
  } catch (error) {
    console.error("[mailbox] keeping a failed email for a retry failed:", error);
  }
}

export async function listFailures(store: DocumentStore, limit = 100): Promise<EmailFailure[]> {
  return store.query<EmailFailureDoc>({ collection: EMAIL_FAILURES, orderBy: [["lastFailedAt", "desc"]], limit });
}

/** Forgets the failed sends to `address` (an account deleted): the address and any text kept for a retry go. */
export async function forgetFailuresTo(store: DocumentStore, address: string): Promise<number> {
  const kept = await store.query<EmailFailureDoc>({ collection: EMAIL_FAILURES, where: [["to", "==", address]] });
  for (const failure of kept) await store.delete(EMAIL_FAILURES, failure.id);
  return kept.length;
}

export type RetryOutcome = { outcome: "sent" } | { outcome: "failed"; error: string } | { outcome: "not-found" } | { outcome: "no-transport" };

/** What the failure's email says now: the mailbox email rendered again, or the visitor's stored content. */
async function messageOf(store: DocumentStore, failure: EmailFailure): Promise<{ subject: string; text: string } | null> {
  const content = failure.emailId ? await store.get<EmailDoc>(EMAILS, failure.emailId) : failure.content;
  if (!content) return null;
  if ("template" in content && content.template) return renderSystemEmail(content.lang ?? "es", content.template);
  return "subject" in content ? { subject: content.subject ?? "", text: content.text ?? "" } : null;
}

/**
 * Sends a kept email again: `sent` removes it from the list; `failed` keeps it with the new
 * error and one more attempt; `not-found` when no such failure (or its mailbox email is gone).
 */
export async function retryFailure(store: DocumentStore, transport: MailTransport | null, id: string, at: string): Promise<RetryOutcome> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return { outcome: "not-found" };
  const failure = await store.get<EmailFailureDoc>(EMAIL_FAILURES, id);
  if (!failure) return { outcome: "not-found" };
  if (!transport) return { outcome: "no-transport" };
  const message = await messageOf(store, failure);
  if (!message) return { outcome: "not-found" };
  try {
    await transport.send({ to: failure.to, ...message });
  } catch (error) {
    const text = sendError(error);
    await store.update(EMAIL_FAILURES, id, { error: text, lastFailedAt: at, attempts: failure.attempts + 1 });
    return { outcome: "failed", error: text };
  }
  await store.delete(EMAIL_FAILURES, id);
  return { outcome: "sent" };
}
