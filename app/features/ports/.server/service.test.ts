import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DocumentStore } from "#app/.server/store";
import { countingStore, measureStoreUse } from "#app/.server/store/counting";
import { createStore } from "#app/.server/store/create-store";
import { createPortsService, PORTS_LIST_TTL_MS } from "./service";

/**
 * Nearly every page lists the ports: a server reads them once per PORTS_LIST_TTL_MS, not once per
 * page, and a port saved through it shows at once.
 */
let store: DocumentStore;
beforeAll(async () => {
  store = countingStore(await createStore({ backend: "embedded", dataDir: ":memory:" }));
});
afterAll(() => store.close());

const port = (slug: string, name: string) => ({ slug, name, city: "Palma", region: "Islas Baleares", lat: 39.5, lng: 2.6 });

describe("the ports' list", () => {
  it("is read once per TTL, forgotten when a port is saved, and handed out as a copy", async () => {
    let clock = 1_000_000;
    const ports = createPortsService(store, { now: () => clock });
    await ports.save(port("puerto-b", "Puerto B"));
    await ports.save(port("puerto-a", "Puerto A"));

    const first = await measureStoreUse(() => ports.list());
    expect(first.result.map((p) => p.name)).toEqual(["Puerto A", "Puerto B"]);
    expect(first.counts).toEqual({ reads: 2, writes: 0, queries: 1, transactions: 0 });
    const again = await measureStoreUse(() => Promise.all([ports.list(), ports.list()]));
    expect(again.counts.reads).toBe(0);
    // Each caller gets its own array: sorting or filtering it changes nobody else's.
    again.result[0].reverse();
    expect((await ports.list()).map((p) => p.slug)).toEqual(["puerto-a", "puerto-b"]);

    await ports.save(port("puerto-c", "Puerto C"));
    expect((await ports.list()).map((p) => p.slug)).toEqual(["puerto-a", "puerto-b", "puerto-c"]);

    clock += PORTS_LIST_TTL_MS - 1;
    expect((await measureStoreUse(() => ports.list())).counts.reads).toBe(0);
    clock += 1;
    expect((await measureStoreUse(() => ports.list())).counts).toMatchObject({ reads: 3, queries: 1 });
  });
});
