import { isMailboxEmailList } from "#app/features/mailbox";
import { setEmails } from "#app/features/mailbox";
import { isChatStreamState } from "#app/features/chats";
import { setChatStream } from "#app/features/chats";

/**
 * The one event stream of the whole app: a single EventSource, opened once when someone is signed
 * in and never a second time while it exists (the browser reconnects it by itself after a dropped
 * connection). It carries two kinds of event: default messages, each the person's whole email
 * list replacing the current one, and named `chat` events (unread count and progress), which
 * `onmessage` never sees. Errors are only logged, and the connection state is logged every 10
 * seconds. The server serves it at `/api/events` and at the spec's address, which is the one
 * opened here (decision record 034).
 */
export const EVENT_STREAM_URL = "/api/emails/subscribe";
const STATE_LOG_MS = 10_000;

const states = ["connecting", "open", "closed"] as const;
export type EventStreamState = (typeof states)[number];

let source: EventSource | null = null;
let stateLog: ReturnType<typeof setInterval> | undefined;

export function eventStreamState(): EventStreamState | null {
  return source ? (states[source.readyState] ?? "closed") : null;
}

/** Opens the stream; does nothing if it already exists. */
export function startEventStream(): void {
  if (source || typeof EventSource === "undefined") return;
  const stream = new EventSource(EVENT_STREAM_URL);
  source = stream;
  stream.onmessage = (event: MessageEvent<string>) => {
    let emails: unknown;
    try {
      emails = JSON.parse(event.data);
    } catch (error) {
      console.warn("[events] ignored a message that is not JSON:", error);
      return;
    }
    if (!isMailboxEmailList(emails)) {
      console.warn("[events] ignored a message that is not an email list");
      return;
    }
    setEmails(emails);
  };
  stream.addEventListener("chat", (event: MessageEvent<string>) => {
    try {
      const state: unknown = JSON.parse(event.data);
      if (isChatStreamState(state)) setChatStream(state);
      else console.warn("[events] ignored a chat event of an unknown shape");
    } catch (error) {
      console.warn("[events] ignored a chat event that is not JSON:", error);
    }
  });
  stream.onerror = () => {
    console.warn(`[events] event stream error (${eventStreamState() ?? "closed"})`);
  };
  stateLog = setInterval(() => {
    console.info(`[events] event stream ${eventStreamState() ?? "closed"}`);
  }, STATE_LOG_MS);
}

/** Closes the stream and forgets the list (on sign-out). */
export function stopEventStream(): void {
  clearInterval(stateLog);
  stateLog = undefined;
  if (source) {
    source.onmessage = null;
    source.onerror = null;
    source.close();
    source = null;
  }
  setEmails(null);
  setChatStream(null);
}
