import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFirestoreEmulator, type FirestoreEmulator } from "#tests/firestore-emulator";
import { StoreError, type DocumentStore } from "#app/.server/store";
import { FirestoreStore } from "#app/.server/store/firestore";
import type { Listing } from "#app/features/listings/.server";
import { ChatError, isChatError } from "./model";
import { createChatsService } from "./service";
import { WRITE_ATTEMPTS } from "./writing";


/**
 * A message whose transaction Firestore gives up on (`aborted`, its own retries spent) is tried
 * again, and after the last try is refused as `busy` (the page answers 409 and keeps the text) —
 * never a raw store error, never a gap in the numbering. The in-process emulator runs the real
 * transactions; a thin wrapper makes some of them end as Firestore ends one it gave up on:
 * `aborted`, nothing written.
 */
describe("conversations on Firestore when transactions are aborted", () => {
  let emulator: FirestoreEmulator;
  let store: FirestoreStore;

  beforeAll(async () => {
    emulator = await startFirestoreEmulator();
    process.env.FIRESTORE_EMULATOR_HOST = emulator.hostPort;
    store = new FirestoreStore({ projectId: `demo-amarre-chats-aborted-${Date.now()}` });
  }, 120_000);

  afterAll(async () => {
    await store?.close();
    await emulator?.stop();
  });

  /** The store, with the transactions `abort(n)` picks (n counts every transaction) failing as aborted before they write. */
  function aborting(abort: (n: number) => boolean): DocumentStore {
    let n = 0;
    return new Proxy(store, {
      get(target, property, receiver) {
        if (property === "runTransaction") {
          return async (fn: Parameters<DocumentStore["runTransaction"]>[0]) => {
            n += 1;
            if (abort(n)) throw new StoreError("aborted", "10 ABORTED: Transaction lock timeout.");
            return target.runTransaction(fn);
          };
        }
        const value = Reflect.get(target, property, receiver) as unknown;
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  }

  function service(storeFor: DocumentStore, id: string) {
    const listing = { id, kind: "boat", status: "published", ownerUid: `owner-${id}` } as Listing;
    const chats = createChatsService({ store: storeFor, listings: { get: async (listingId) => (listingId === listing.id ? listing : null) }, contactRevealAt: async () => null });
    return { chats, listing, owner: listing.ownerUid, renter: `renter-${id}` };
  }

  it("40 sends at once with aborted transactions among them: each succeeds or is busy, and the ones that succeeded are numbered without gaps", { timeout: 120_000 }, async () => {
    // Every third transaction is aborted: most sends get through on a retry, some run out of tries.
    const { chats, listing, owner, renter } = service(aborting((n) => n > 1 && n % 3 === 0), "boatAborted1");
    const { chatId } = await chats.start(renter, { listingId: listing.id, text: "Hola" });
    const texts = Array.from({ length: 40 }, (_, i) => `mensaje ${i}`);
    const results = await Promise.allSettled(texts.map((text, i) => chats.send(i % 2 ? owner : renter, chatId, text)));

    const refused = results.flatMap((result) => (result.status === "rejected" ? [result.reason as unknown] : []));
    for (const reason of refused) expect(isChatError(reason, "busy"), String(reason)).toBe(true);
    const sent = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.map((m) => m.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: sent.length }, (_, i) => i + 2));

    const page = await service(store, "boatAborted1").chats.page(renter, chatId);
    expect(page?.messages.map((m) => m.seq)).toEqual(Array.from({ length: sent.length + 1 }, (_, i) => i + 1));
    // What was refused was not saved; what was saved is what was sent.
    const saved = new Set(page?.messages.map((m) => m.text));
    expect(saved.size).toBe(sent.length + 1);
    texts.forEach((text, i) => expect(saved.has(text), text).toBe(results[i]!.status === "fulfilled"));
    expect(page?.chat.lastSeq).toBe(sent.length + 1);
  });

  it("a send whose every try is aborted is busy after WRITE_ATTEMPTS tries, and writes nothing", async () => {
    let tries = 0;
    const { chats, listing, renter } = service(
      aborting((n) => {
        if (n === 1) return false; // the conversation's first message
        tries += 1;
        return true;
      }),
      "boatAborted2",
    );
    const { chatId } = await chats.start(renter, { listingId: listing.id, text: "Hola" });
    const error = await chats.send(renter, chatId, "¿Sigue libre el sábado?").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatError);
    expect((error as ChatError).code).toBe("busy");
    expect(tries).toBe(WRITE_ATTEMPTS);
    const page = await service(store, "boatAborted2").chats.page(renter, chatId);
    expect(page?.messages.map((m) => m.text)).toEqual(["Hola"]);
  });
});
