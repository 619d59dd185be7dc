import { useSyncExternalStore } from "react";
import type { MailboxEmail } from "./mailbox-types";

/**
 * The browser's copy of the signed-in person's email list: a tiny external store that the
 * event stream (`event-stream.client.ts`) replaces on every message. Null until the
 * first message arrives (and always on the server), so pages fall back to their loader data.
 */
let current: MailboxEmail[] | null = null;
const listeners = new Set<() => void>();

export function setEmails(emails: MailboxEmail[] | null): void {
  if (emails === current) return;
  current = emails;
  for (const listener of listeners) listener();
}

export function getEmails(): MailboxEmail[] | null {
  return current;
}

export function subscribeToEmails(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getServerSnapshot = () => null;

/** The live list once the stream has spoken, else `initial` (the loader's list). */
export function useEmails(initial: MailboxEmail[]): MailboxEmail[] {
  return useSyncExternalStore(subscribeToEmails, getEmails, getServerSnapshot) ?? initial;
}
