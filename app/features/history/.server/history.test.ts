import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Services } from "#app/.server/services";
import { createTestServices, createTestUser, pageRequest } from "#tests/test-services";
import { demoOwnerUid, publishBoat, publishDock } from "#tests/saved-listings-fixtures";
import type { Listing } from "#app/features/listings/.server";
import { createRecentlyViewedCookie } from "#app/.server/http/recently-viewed-cookie";
import {
  createHistoryService,
  HISTORY,
  HISTORY_MAX_ENTRIES,
  RECENTLY_VIEWED_COOKIE,
  RECENTLY_VIEWED_MAX_AGE_SECONDS,
  RECENTLY_VIEWED_MAX_IDS,
  type HistoryService,
} from "#app/features/history/.server";

let services: Services;
let history: HistoryService;
let ownerUid: string;
/** Published listings shared by the tests (reading them never changes them). */
let boats: Listing[];

beforeAll(async () => {
  services = await createTestServices();
  history = services.history;
  ownerUid = await demoOwnerUid(services);
  boats = [];
  for (let i = 0; i < 3; i++) boats.push(await publishBoat(services, ownerUid));
});
afterAll(() => services.close());

/** The `name=value` part of a Set-Cookie value, as the browser sends it back. */
const cookiePair = (setCookie: string) => setCookie.split(";")[0];
const visitor = (cookie?: string) => pageRequest("/historial", cookie ? { Cookie: cookie } : {});

/** Views the listings in order as a visitor, carrying the cookie along; returns the last cookie. */
async function browse(ids: readonly string[], start?: string): Promise<string> {
  let cookie = start;
  for (const id of ids) {
    const setCookie = await history.record(null, id, visitor(cookie));
    expect(setCookie).not.toBeNull();
    cookie = cookiePair(setCookie!);
  }
  return cookie!;
}

describe("history of visitors (the signed cookie)", () => {
  it("records views newest first in an httpOnly, SameSite=Lax cookie kept 30 days", async () => {
    const setCookie = await history.record(null, boats[0].id, visitor());
    expect(setCookie).toMatch(new RegExp(`^${RECENTLY_VIEWED_COOKIE}=`));
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).toContain("Path=/");
    expect(setCookie).toContain(`Max-Age=${RECENTLY_VIEWED_MAX_AGE_SECONDS}`);
    expect(RECENTLY_VIEWED_MAX_AGE_SECONDS).toBe(30 * 24 * 60 * 60);

    const cookie = await browse([boats[1].id, boats[2].id, boats[0].id], cookiePair(setCookie!));
    expect((await history.list(null, visitor(cookie))).map((listing) => listing.id)).toEqual([boats[0].id, boats[2].id, boats[1].id]);
    // Nothing is written to the store for visitors.
    expect(await services.store.count({ collection: HISTORY })).toBe(0);
  });

  it("keeps at most the latest 20 ids", async () => {
    const ids = Array.from({ length: RECENTLY_VIEWED_MAX_IDS + 5 }, (_, i) => `Listing${String(i).padStart(3, "0")}abcdefghijk`);
    const cookie = await browse([...ids, boats[1].id]);
    const getMany = vi.spyOn(services.store, "getMany");
    try {
      const listed = await history.list(null, visitor(cookie));
      expect(listed.map((listing) => listing.id)).toEqual([boats[1].id]);
      // The cookie held the 20 newest ids, read in one batch: the new boat and 19 unknown ids.
      expect(getMany).toHaveBeenCalledTimes(1);
      const requested = getMany.mock.calls[0][1];
      expect(requested).toHaveLength(RECENTLY_VIEWED_MAX_IDS);
      expect(requested).toEqual([boats[1].id, ...ids.slice(-19).reverse()]);
    } finally {
      getMany.mockRestore();
    }
    expect(cookie.length).toBeLessThan(2048);
  });

  it("ignores a tampered, unsigned or malformed cookie", async () => {
    const cookie = await browse([boats[0].id]);
    const [name, value] = cookie.split("=");
    const forged = `${name}=${Buffer.from(JSON.stringify([boats[1].id])).toString("base64")}`;
    // one character of the signature changed (to one it is not)
    const at = value.length - 3;
    const flipped = `${name}=${value.slice(0, at)}${value[at] === "A" ? "B" : "A"}${value.slice(at + 1)}`;
    const otherSecret = createHistoryService({
      store: services.store,
      listings: services.listings,
      cookie: createRecentlyViewedCookie({ ...services.config, sessionSecrets: ["another-secret-that-is-long-enough-0123456789"] }),
    });
    const foreign = cookiePair((await otherSecret.record(null, boats[2].id, visitor()))!);
    for (const bad of [forged, flipped, foreign, `${name}=`, `${name}=not-even-base64!`]) {
      expect(await history.list(null, visitor(bad)), bad).toEqual([]);
      // A new view starts a fresh list instead of keeping the forged ids.
      const next = await history.record(null, boats[1].id, visitor(bad));
      expect((await history.list(null, visitor(cookiePair(next!)))).map((listing) => listing.id)).toEqual([boats[1].id]);
    }
  });

  it("still reads cookies signed before the secrets rotated", async () => {
    const cookie = await browse([boats[0].id]);
    const rotated = createHistoryService({
      store: services.store,
      listings: services.listings,
      cookie: createRecentlyViewedCookie({ ...services.config, sessionSecrets: ["the-newest-secret-that-is-long-enough-0123456789", ...services.config.sessionSecrets] }),
    });
    expect((await rotated.list(null, visitor(cookie))).map((listing) => listing.id)).toEqual([boats[0].id]);
  });

  it("ignores ids that cannot be listing ids and hides listings that are no longer published", async () => {
    expect(await history.record(null, "../etc/passwd", visitor())).toBeNull();
    const paused = await publishBoat(services, ownerUid);
    const cookie = await browse([boats[0].id, paused.id]);
    await services.listings.pause(ownerUid, paused.id);
    expect((await history.list(null, visitor(cookie))).map((listing) => listing.id)).toEqual([boats[0].id]);
  });

  it("clears the cookie", async () => {
    const cookie = await browse([boats[0].id]);
    const cleared = await history.clear(null, visitor(cookie));
    expect(cleared).toMatch(new RegExp(`^${RECENTLY_VIEWED_COOKIE}=;`));
    expect(cleared).toContain("Max-Age=0");
    expect(await history.clear(null, visitor())).toBeNull();
  });
});

describe("history of signed-in people (the store)", () => {
  it("records views newest first; a new view of the same listing moves it to the top", async () => {
    const { uid } = await createTestUser(services);
    const request = pageRequest("/boat/x");
    expect(await history.record({ uid }, boats[0].id, request)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 3));
    await history.record({ uid }, boats[1].id, request);
    await new Promise((resolve) => setTimeout(resolve, 3));
    await history.record({ uid }, boats[0].id, request);

    expect((await history.list({ uid }, request)).map((listing) => listing.id)).toEqual([boats[0].id, boats[1].id]);
    expect(await services.store.count({ collection: HISTORY, where: [["uid", "==", uid]] })).toBe(2);

    // Reloading the page of the listing already on top writes nothing.
    const top = await services.store.get<{ viewedAt: string }>(HISTORY, `${uid}_${boats[0].id}`);
    await new Promise((resolve) => setTimeout(resolve, 3));
    await history.record({ uid }, boats[0].id, request);
    expect((await services.store.get<{ viewedAt: string }>(HISTORY, `${uid}_${boats[0].id}`))!.viewedAt).toBe(top!.viewedAt);
    expect(await services.store.get(HISTORY, `${uid}_${boats[1].id}`)).toEqual({
      id: `${uid}_${boats[1].id}`,
      uid,
      listingId: boats[1].id,
      viewedAt: expect.any(String),
    });
  });

  it("keeps the latest 50 views per person, pruning older ones", async () => {
    const { uid } = await createTestUser(services);
    const other = await createTestUser(services);
    await history.record({ uid: other.uid }, boats[0].id, pageRequest("/"));
    // 53 views: the three boats first (oldest), then 50 ids of listings seen since.
    const start = Date.parse("2026-01-01T00:00:00.000Z");
    const ids = [...boats.map((boat) => boat.id), ...Array.from({ length: HISTORY_MAX_ENTRIES }, (_, i) => `Seen${String(i).padStart(3, "0")}abcdefghijklm`)];
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      for (const [i, id] of ids.entries()) {
        vi.setSystemTime(start + i * 1000);
        await history.record({ uid }, id, pageRequest("/"));
      }
    } finally {
      vi.useRealTimers();
    }
    expect(await services.store.count({ collection: HISTORY, where: [["uid", "==", uid]] })).toBe(HISTORY_MAX_ENTRIES);
    for (const boat of boats) expect(await services.store.get(HISTORY, `${uid}_${boat.id}`)).toBeNull();
    // Someone else's history is untouched.
    expect(await services.store.count({ collection: HISTORY, where: [["uid", "==", other.uid]] })).toBe(1);

    // Viewing an old boat again brings it back (and prunes the oldest remaining one).
    await history.record({ uid }, boats[2].id, pageRequest("/"));
    expect(await services.store.count({ collection: HISTORY, where: [["uid", "==", uid]] })).toBe(HISTORY_MAX_ENTRIES);
    expect(await services.store.get(HISTORY, `${uid}_Seen000abcdefghijklm`)).toBeNull();
    expect((await history.list({ uid }, pageRequest("/"))).map((listing) => listing.id)).toEqual([boats[2].id]);
  });

  it("lists with one batch read of the listings", async () => {
    const { uid } = await createTestUser(services);
    const dock = await publishDock(services, ownerUid);
    for (const id of [boats[0].id, dock.id, boats[1].id]) {
      await history.record({ uid }, id, pageRequest("/"));
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    const getMany = vi.spyOn(services.store, "getMany");
    const get = vi.spyOn(services.store, "get");
    try {
      const listed = await history.list({ uid }, pageRequest("/"));
      expect(listed.map((listing) => listing.id)).toEqual([boats[1].id, dock.id, boats[0].id]);
      expect(getMany).toHaveBeenCalledTimes(1);
      expect(get).not.toHaveBeenCalled();
    } finally {
      getMany.mockRestore();
      get.mockRestore();
    }
  });

  it("keeps a person's history apart from the browser's visitor cookie", async () => {
    const { uid } = await createTestUser(services);
    const cookie = await browse([boats[2].id]);
    const request = visitor(cookie);
    await history.record({ uid }, boats[0].id, request);
    expect((await history.list({ uid }, request)).map((listing) => listing.id)).toEqual([boats[0].id]);
    expect((await history.list(null, request)).map((listing) => listing.id)).toEqual([boats[2].id]);
  });

  it("clears the person's history, and this browser's visitor cookie with it", async () => {
    const { uid } = await createTestUser(services);
    const other = await createTestUser(services);
    await history.record({ uid }, boats[0].id, pageRequest("/"));
    await history.record({ uid }, boats[1].id, pageRequest("/"));
    await history.record({ uid: other.uid }, boats[0].id, pageRequest("/"));

    expect(await history.clear({ uid }, pageRequest("/historial"))).toBeNull();
    expect(await history.list({ uid }, pageRequest("/"))).toEqual([]);
    expect(await services.store.count({ collection: HISTORY, where: [["uid", "==", uid]] })).toBe(0);
    expect(await services.store.count({ collection: HISTORY, where: [["uid", "==", other.uid]] })).toBe(1);

    const cookie = await browse([boats[2].id]);
    expect(await history.clear({ uid }, visitor(cookie))).toContain("Max-Age=0");
  });
});
