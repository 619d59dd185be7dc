import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Services } from "#app/.server/services";
import type { MailboxEmail } from "#app/features/mailbox/mailbox-types";
import type { ChatStreamState } from "#app/features/chats/chats";
import { createBoat, createOwner } from "#tests/listing-fixtures";
import { authedRequest, createTestServices, createTestUser, loadContext, settle } from "#tests/test-services";
import { loader as specAddressLoader } from "./emails-subscribe";
import { loader } from "./events";

let services: Services;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

type StreamEvent = { data: string } | { comment: string };

/**
 * Reads server-sent events off a response body, one at a time; null once the stream ends. The
 * named `chat` events (conversations) are kept apart, for `nextChat`; `next` sees the rest.
 */
function eventReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const pending: StreamEvent[] = [];
  const chats: ChatStreamState[] = [];
  /** Reads until `queue` has something; false once the stream has ended. */
  async function fill(queue: unknown[]): Promise<boolean> {
    while (queue.length === 0) {
      const { value, done } = await reader.read();
      if (done) return false;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf("\n\n")) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const lines = block.split("\n");
        const data = lines.filter((l) => l.startsWith("data:")).map((l) => l.slice(5).trimStart());
        const name = lines.find((l) => l.startsWith("event:"))?.slice(6).trim();
        if (name === "chat") chats.push(JSON.parse(data.join("\n")) as ChatStreamState);
        else if (data.length > 0) pending.push({ data: data.join("\n") });
        for (const line of lines) if (line.startsWith(":")) pending.push({ comment: line.slice(1).trim() });
      }
    }
    return true;
  }
  return {
    async next(): Promise<StreamEvent | null> {
      return (await fill(pending)) ? pending.shift()! : null;
    },
    /** The next data message, parsed as an email list (comments in between are skipped). */
    async nextList(): Promise<MailboxEmail[] | null> {
      for (;;) {
        const event = await this.next();
        if (event === null) return null;
        if ("data" in event) return JSON.parse(event.data) as MailboxEmail[];
      }
    },
    /** The next `event: chat` (the unread count and the latest conversations' progress). */
    async nextChat(): Promise<ChatStreamState | null> {
      return (await fill(chats)) ? chats.shift()! : null;
    },
    cancel: () => reader.cancel(),
  };
}

async function subscribe(cookie: string, options: { shutdownSignal?: AbortSignal } = {}) {
  const controller = new AbortController();
  const request = authedRequest("/api/emails/subscribe", cookie, { signal: controller.signal });
  const context = { ...loadContext(services), ...(options.shutdownSignal ? { shutdownSignal: options.shutdownSignal } : {}) };
  const response = await loader({ request, params: {}, context });
  return { response, controller, events: eventReader(response.body!) };
}

/** Fails the test instead of hanging when a stream does not end. */
function within<T>(promise: Promise<T>, ms = 3_000): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)),
  ]);
}

describe("GET /api/events (the spec's /api/emails/subscribe)", () => {
  it("serves the same stream at the spec's address", () => {
    expect(specAddressLoader).toBe(loader);
  });

  it("answers 401 JSON without a session", async () => {
    const response = await settle(() =>
      loader({ request: new Request("http://localhost:3000/api/emails/subscribe"), params: {}, context: loadContext(services) }),
    );
    expect(response).toBeInstanceOf(Response);
    const answer = response as Response;
    expect(answer.status).toBe(401);
    expect(answer.headers.get("Content-Type")).toMatch(/application\/json/);
    expect(await answer.json()).toEqual({ error: "unauthenticated" });
  });

  it("streams the current list at once, then the new list after every change", async () => {
    const person = await createTestUser(services, { displayName: "Marta Vidal" });
    const { response, controller, events } = await subscribe(person.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("Cache-Control")).toBe("no-cache, no-transform");
    expect(response.headers.get("Connection")).toBe("keep-alive");
    expect(response.headers.get("X-Accel-Buffering")).toBe("no");

    const first = await within(events.nextList());
    expect(first).toHaveLength(1);
    expect(first![0]).toEqual({
      id: expect.any(String),
      subject: expect.stringContaining("Marta Vidal"),
      text: expect.stringContaining("http://localhost:3000/ajustes"),
      link: "http://localhost:3000/ajustes",
      read: false,
      createdAt: expect.any(String),
    });

    await services.mailbox.deliver({ uid: person.uid, to: person.email, subject: "Nueva solicitud", text: "Tienes una solicitud", link: "/ajustes" });
    const second = await within(events.nextList());
    expect(second!.map((e) => e.subject)).toEqual(["Nueva solicitud", first![0].subject]);

    await services.mailbox.markRead(person.uid, first![0].id);
    const third = await within(events.nextList());
    expect(third!.map((e) => e.read)).toEqual([false, true]);

    controller.abort();
  });

  it("sends only the person's own emails", async () => {
    const person = await createTestUser(services);
    const other = await createTestUser(services);
    const { controller, events } = await subscribe(person.cookie);
    const first = await within(events.nextList());
    await services.mailbox.deliver({ uid: other.uid, to: other.email, subject: "Not for you", text: "…" });
    await services.mailbox.deliver({ uid: person.uid, to: person.email, subject: "For you", text: "…" });
    const second = await within(events.nextList());
    expect(second!.map((e) => e.subject)).toEqual(["For you", first![0].subject]);
    controller.abort();
  });

  /** Counts the unsubscriptions of the watches the route opens. */
  function spyOnUnsubscribe() {
    const unsubscribed = vi.fn();
    const realWatch = services.mailbox.watch;
    vi.spyOn(services.mailbox, "watch").mockImplementation((...args) => {
      const stop = realWatch(...args);
      return () => {
        unsubscribed();
        stop();
      };
    });
    return unsubscribed;
  }

  it("ends the stream and stops watching when the client disconnects", async () => {
    const person = await createTestUser(services);
    const unsubscribed = spyOnUnsubscribe();
    const { controller, events } = await subscribe(person.cookie);
    await within(events.nextList());
    expect(unsubscribed).not.toHaveBeenCalled();
    controller.abort();
    expect(await within(events.next())).toBeNull();
    expect(unsubscribed).toHaveBeenCalledOnce();
    // A change after the disconnect reaches nobody and breaks nothing.
    await services.mailbox.deliver({ uid: person.uid, to: person.email, subject: "Too late", text: "…" });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(unsubscribed).toHaveBeenCalledOnce();
  });

  it("ends the stream when the server shuts down", async () => {
    const person = await createTestUser(services);
    const shutdown = new AbortController();
    const { events } = await subscribe(person.cookie, { shutdownSignal: shutdown.signal });
    await within(events.nextList());
    shutdown.abort();
    expect(await within(events.next())).toBeNull();
  });

  it("does not open a stream for a request that is already aborted or a server already stopping", async () => {
    const person = await createTestUser(services);
    const shutdown = new AbortController();
    shutdown.abort();
    const { events } = await subscribe(person.cookie, { shutdownSignal: shutdown.signal });
    expect(await within(events.next())).toBeNull();
  });

  it("sends a heartbeat comment every 15 seconds", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const person = await createTestUser(services);
    const { controller, events } = await subscribe(person.cookie);
    await within(events.nextList());
    vi.advanceTimersByTime(14_999);
    vi.advanceTimersByTime(1);
    expect(await within(events.next())).toEqual({ comment: "ping" });
    vi.advanceTimersByTime(15_000);
    expect(await within(events.next())).toEqual({ comment: "ping" });
    controller.abort();
    expect(await within(events.next())).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("stops watching when the reader cancels the body", async () => {
    const person = await createTestUser(services);
    const unsubscribed = spyOnUnsubscribe();
    const { events } = await subscribe(person.cookie);
    await within(events.nextList());
    await events.cancel();
    expect(unsubscribed).toHaveBeenCalledOnce();
    await services.mailbox.deliver({ uid: person.uid, to: person.email, subject: "Nobody listens", text: "…" });
    await new Promise((resolve) => setTimeout(resolve, 30));
  });

  it("carries the person's conversations as named chat events: the unread count and each one's progress, live", async () => {
    const owner = await createOwner(services);
    const writer = await createTestUser(services);
    const boat = await createBoat(services, owner.uid);
    const { controller, events } = await subscribe(owner.cookie);
    expect(await within(events.nextChat())).toEqual({ unread: 0, chats: [] });
    const { chatId } = await services.chats.start(writer.uid, { listingId: boat.id, text: "Hola" });
    let state = await within(events.nextChat());
    while (state && state.unread === 0) state = await within(events.nextChat());
    expect(state).toEqual({ unread: 1, chats: [{ id: chatId, lastSeq: 1, readSeq: 0, otherReadSeq: 1 }] });
    await services.chats.markRead(owner.uid, chatId);
    state = await within(events.nextChat());
    while (state && state.unread !== 0) state = await within(events.nextChat());
    expect(state?.chats).toEqual([{ id: chatId, lastSeq: 1, readSeq: 1, otherReadSeq: 1 }]);
    // The email list stays the default message (the welcome email), unchanged by conversations.
    expect((await within(events.nextList()))?.map((email) => email.subject)).toEqual(["Te damos la bienvenida a Amarre, Propietaria de Prueba"]);
    controller.abort();
  });
});
