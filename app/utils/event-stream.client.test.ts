import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EVENT_STREAM_URL, eventStreamState, startEventStream, stopEventStream } from "./event-stream.client";
import type { MailboxEmail } from "#app/features/mailbox/mailbox-types";
import { getEmails, subscribeToEmails, useEmails } from "#app/features/mailbox/use-emails";
import { getChatStream, useChatStream } from "#app/features/chats/use-chat-stream";

/** A stand-in for the browser's EventSource that records every connection opened. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readyState = 0;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  listeners = new Map<string, Array<(event: MessageEvent<string>) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(name: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  /** A named event (`event: <name>`), which `onmessage` never sees. */
  emitNamed(name: string, data: string) {
    for (const listener of this.listeners.get(name) ?? []) listener({ data } as MessageEvent<string>);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  emit(data: string) {
    this.onmessage?.({ data } as MessageEvent<string>);
  }
}

const email = (id: string, read = false): MailboxEmail => ({
  id,
  subject: `Subject ${id}`,
  text: "Text",
  link: null,
  read,
  createdAt: "2025-03-01T10:00:00.000Z",
});

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal("EventSource", FakeEventSource);
});
afterEach(() => {
  stopEventStream();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the event stream", () => {
  it("opens exactly one EventSource, however often it is started", () => {
    startEventStream();
    startEventStream();
    startEventStream();
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(FakeEventSource.instances[0].url).toBe(EVENT_STREAM_URL);
    expect(eventStreamState()).toBe("connecting");
  });

  it("replaces the list with each message and tells subscribers", () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToEmails(listener);
    startEventStream();
    const [source] = FakeEventSource.instances;
    source.emit(JSON.stringify([email("a")]));
    expect(getEmails()).toEqual([email("a")]);
    source.emit(JSON.stringify([email("b"), email("a", true)]));
    expect(getEmails()).toEqual([email("b"), email("a", true)]);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it("only logs bad messages and errors, with console.warn", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    startEventStream();
    const [source] = FakeEventSource.instances;
    source.emit(JSON.stringify([email("a")]));
    source.emit("not json");
    source.emit(JSON.stringify({ not: "a list" }));
    source.onerror?.(new Event("error"));
    expect(warn).toHaveBeenCalledTimes(3);
    expect(getEmails()).toEqual([email("a")]);
  });

  it("logs the connection state every 10 seconds", () => {
    vi.useFakeTimers();
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    startEventStream();
    vi.advanceTimersByTime(9_999);
    expect(info).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(info).toHaveBeenLastCalledWith("[events] event stream connecting");
    FakeEventSource.instances[0].readyState = 1;
    vi.advanceTimersByTime(10_000);
    expect(info).toHaveBeenLastCalledWith("[events] event stream open");
    stopEventStream();
    vi.advanceTimersByTime(30_000);
    expect(info).toHaveBeenCalledTimes(2);
  });

  it("closes on stop, forgets the list, and can start again after a sign-out", () => {
    startEventStream();
    const [first] = FakeEventSource.instances;
    first.emit(JSON.stringify([email("a")]));
    stopEventStream();
    expect(first.closed).toBe(true);
    expect(getEmails()).toBeNull();
    expect(eventStreamState()).toBeNull();
    startEventStream();
    expect(FakeEventSource.instances).toHaveLength(2);
  });
});

describe("conversations on the same stream", () => {
  function Unread() {
    return createElement("p", null, String(useChatStream()?.unread ?? "none"));
  }

  it("takes named chat events without touching the email list, ignores bad ones, and forgets them on stop", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    startEventStream();
    const [source] = FakeEventSource.instances;
    source.emit(JSON.stringify([email("a")]));
    source.emitNamed("chat", JSON.stringify({ unread: 2, chats: [{ id: "c1", lastSeq: 3, readSeq: 1, otherReadSeq: 3 }] }));
    expect(getEmails()?.map((e) => e.id)).toEqual(["a"]);
    expect(getChatStream()).toEqual({ unread: 2, chats: [{ id: "c1", lastSeq: 3, readSeq: 1, otherReadSeq: 3 }] });
    source.emitNamed("chat", "{not json");
    source.emitNamed("chat", JSON.stringify({ unread: "2" }));
    expect(getChatStream()?.unread).toBe(2);
    expect(warn).toHaveBeenCalledTimes(2);
    // The server renders the loader's count, whatever the browser holds.
    expect(renderToString(createElement(Unread))).toBe("<p>none</p>");
    stopEventStream();
    expect(getChatStream()).toBeNull();
  });
});

describe("useEmails", () => {
  function Subjects({ initial }: { initial: MailboxEmail[] }) {
    return createElement("p", null, useEmails(initial).map((e) => e.subject).join(","));
  }

  it("renders the loader's list on the server, even when the browser store has one", () => {
    startEventStream();
    FakeEventSource.instances[0].emit(JSON.stringify([email("live")]));
    expect(renderToString(createElement(Subjects, { initial: [email("loader")] }))).toBe("<p>Subject loader</p>");
  });
});
