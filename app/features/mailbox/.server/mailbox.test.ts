import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MailboxEmail } from "#app/features/mailbox/mailbox-types";
import type { MailMessage, MailTransport } from "#app/.server/mail";
import { storeIndexes } from "#app/.server/store/indexes";
import { SqliteStore } from "#app/.server/store/sqlite";
import { renderEmail } from "#app/features/mailbox/.server";
import { createMailboxService, type MailboxService } from "#app/features/mailbox/.server";

let store: SqliteStore;
let mailbox: MailboxService;

beforeEach(() => {
  store = new SqliteStore({ dataDir: ":memory:", indexes: storeIndexes });
  mailbox = createMailboxService({ store, transport: null });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await store.close();
});

const deliver = (uid: string, subject: string, link?: string) =>
  mailbox.deliver({ uid, to: `${uid}@amarre.test`, subject, text: `Text of ${subject}`, link });

/** Resolves with the first list the watch reports that satisfies `accept`. */
function nextList(received: MailboxEmail[][], accept: (emails: MailboxEmail[]) => boolean) {
  return vi.waitFor(
    () => {
      const match = received.find(accept);
      if (!match) throw new Error("no matching list yet");
      return match;
    },
    { timeout: 2_000, interval: 5 },
  );
}

describe("mailbox", () => {
  it("stores a delivered email as unread, with its link, and returns it", async () => {
    const email = await deliver("ana", "Hola", "https://amarre.test/ajustes");
    expect(email).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9]{20}$/),
      subject: "Hola",
      text: "Text of Hola",
      link: "https://amarre.test/ajustes",
      read: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    const stored = await store.get("emails", email.id);
    expect(stored).toMatchObject({ uid: "ana", subject: "Hola", read: false, link: "https://amarre.test/ajustes" });
    const withoutLink = await deliver("ana", "Sin enlace");
    expect(withoutLink.link).toBeNull();
  });

  it("lists a person's own emails, newest first, with a limit", async () => {
    await deliver("ana", "first");
    await deliver("bea", "someone else's");
    await deliver("ana", "second");
    await deliver("ana", "third");
    const list = await mailbox.list("ana");
    expect(list.map((e) => e.subject)).toEqual(["third", "second", "first"]);
    expect(list[0]).not.toHaveProperty("uid");
    expect((await mailbox.list("ana", { limit: 2 })).map((e) => e.subject)).toEqual(["third", "second"]);
    expect((await mailbox.list("bea")).map((e) => e.subject)).toEqual(["someone else's"]);
    expect(await mailbox.list("nobody")).toEqual([]);
  });

  it("counts unread emails and marks them read and unread, only for their owner", async () => {
    const a = await deliver("ana", "a");
    const b = await deliver("ana", "b");
    const other = await deliver("bea", "c");
    expect(await mailbox.unreadCount("ana")).toBe(2);

    expect(await mailbox.markRead("ana", a.id)).toBe(true);
    expect(await mailbox.unreadCount("ana")).toBe(1);
    expect((await mailbox.list("ana")).find((e) => e.id === a.id)?.read).toBe(true);
    // Marking twice is harmless.
    expect(await mailbox.markRead("ana", a.id)).toBe(true);

    expect(await mailbox.markUnread("ana", a.id)).toBe(true);
    expect(await mailbox.unreadCount("ana")).toBe(2);

    // Someone else's email, or one that does not exist: refused, nothing changes.
    expect(await mailbox.markRead("ana", other.id)).toBe(false);
    expect(await mailbox.markUnread("bea", b.id)).toBe(false);
    expect(await mailbox.markRead("ana", "doesNotExist1234567")).toBe(false);
    expect(await mailbox.unreadCount("bea")).toBe(1);
    expect((await store.get("emails", b.id))?.read).toBe(false);
  });

  it("marks all of a person's emails read, and nobody else's", async () => {
    await deliver("ana", "a");
    await deliver("ana", "b");
    const read = await deliver("ana", "c");
    await mailbox.markRead("ana", read.id);
    await deliver("bea", "d");
    expect(await mailbox.markAllRead("ana")).toBe(2);
    expect(await mailbox.unreadCount("ana")).toBe(0);
    expect((await mailbox.list("ana")).every((e) => e.read)).toBe(true);
    expect(await mailbox.unreadCount("bea")).toBe(1);
    expect(await mailbox.markAllRead("ana")).toBe(0);
  });

  it("watch reports the current list, then every change, until stopped", async () => {
    const first = await deliver("ana", "first");
    const received: MailboxEmail[][] = [];
    const onError = vi.fn();
    const stop = mailbox.watch("ana", (emails) => received.push(emails), onError);

    expect((await nextList(received, () => true)).map((e) => e.subject)).toEqual(["first"]);

    await deliver("ana", "second");
    const afterDelivery = await nextList(received, (list) => list.length === 2);
    expect(afterDelivery.map((e) => e.subject)).toEqual(["second", "first"]);

    await mailbox.markRead("ana", first.id);
    const afterRead = await nextList(received, (list) => list.some((e) => e.id === first.id && e.read));
    expect(afterRead.map((e) => [e.subject, e.read])).toEqual([
      ["second", false],
      ["first", true],
    ]);

    // Another person's mail is not a change of this list.
    const count = received.length;
    await deliver("bea", "not yours");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received.length).toBe(count);

    stop();
    await deliver("ana", "after stop");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received.length).toBe(count);
    expect(onError).not.toHaveBeenCalled();
  });

  it("sends through SMTP when a transport exists", async () => {
    const sent: MailMessage[] = [];
    const transport: MailTransport = {
      async send(message) {
        sent.push(message);
      },
    };
    const withSmtp = createMailboxService({ store, transport });
    await withSmtp.deliver({ uid: "ana", to: "ana@amarre.test", subject: "Hola", text: "Texto", link: "/ajustes" });
    expect(sent).toEqual([{ to: "ana@amarre.test", subject: "Hola", text: "Texto" }]);
  });

  it("an email sent `once` under a key is stored and sent once, however often it is sent again (a stopped closing finished later)", async () => {
    const sent: MailMessage[] = [];
    const withSmtp = createMailboxService({ store, transport: { send: async (message) => void sent.push(message) } });
    const first = await withSmtp.deliver({ uid: "eva", to: "eva@amarre.test", subject: "Fianza resuelta", text: "Texto", once: "deposit-settled-b1-renter" });
    const again = await withSmtp.deliver({ uid: "eva", to: "eva@amarre.test", subject: "Fianza resuelta", text: "Texto", once: "deposit-settled-b1-renter" });
    expect(again).toEqual(first);
    expect(first.id).toBe("deposit-settled-b1-renter");
    expect(sent).toHaveLength(1);
    expect((await withSmtp.list("eva")).map((e) => e.subject)).toEqual(["Fianza resuelta"]);
    // Another key is another email.
    await withSmtp.deliver({ uid: "eva", to: "eva@amarre.test", subject: "Fianza resuelta", text: "Texto", once: "deposit-settled-b2-renter" });
    expect(sent).toHaveLength(2);
  });

  it("keeps the email and does not fail the caller when SMTP fails", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const transport: MailTransport = {
      send: vi.fn(async () => {
        throw new Error("connect ECONNREFUSED 127.0.0.1:25");
      }),
    };
    const failing = createMailboxService({ store, transport });
    const email = await failing.deliver({ uid: "ana", to: "ana@amarre.test", subject: "Importante", text: "Texto" });
    expect(transport.send).toHaveBeenCalledOnce();
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0][0])).toContain(email.id);
    expect((await failing.list("ana")).map((e) => e.subject)).toEqual(["Importante"]);
    expect(await failing.unreadCount("ana")).toBe(1);
  });
});

describe("email templates", () => {
  it("render the welcome and reset emails in the four languages", () => {
    const link = "https://amarre.test/ajustes";
    const subjects = new Set<string>();
    for (const lang of ["es", "en", "fr", "de"] as const) {
      const welcome = renderEmail(lang, "welcome", { name: "Marta", link });
      expect(welcome.subject).toContain("Marta");
      expect(welcome.text).toContain("Marta");
      expect(welcome.text).toContain(link);
      const reset = renderEmail(lang, "passwordReset", { link: `${link}?code=a&b`, minutes: 60 });
      expect(reset.text).toContain(`${link}?code=a&b`);
      expect(reset.text).toContain("60");
      expect(reset.text).not.toMatch(/{{|}}/);
      subjects.add(welcome.subject).add(reset.subject);
    }
    expect(subjects.size).toBe(8);
    expect(renderEmail("es", "passwordReset", { link, minutes: 60 }).subject).toBe("Restablece tu contraseña de Amarre");
  });
});
