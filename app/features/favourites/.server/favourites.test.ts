import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Services } from "#app/.server/services";
import { createTestServices, createTestUser } from "#tests/test-services";
import { demoOwnerUid, publishBoat, publishDock } from "#tests/saved-listings-fixtures";
import { createFavouritesService, FAVOURITES, type FavouritesService } from "#app/features/favourites/.server";

let services: Services;
let favourites: FavouritesService;
let ownerUid: string;

beforeAll(async () => {
  services = await createTestServices();
  favourites = createFavouritesService({ store: services.store, listings: services.listings });
  ownerUid = await demoOwnerUid(services);
});
afterAll(() => services.close());

const person = async () => (await createTestUser(services)).uid;

describe("favourites", () => {
  it("adds, finds and removes a favourite, one document per person and listing", async () => {
    const uid = await person();
    const boat = await publishBoat(services, ownerUid);

    expect(await favourites.isFavourite(uid, boat.id)).toBe(false);
    await favourites.add(uid, boat.id);
    await favourites.add(uid, boat.id); // twice is still one
    expect(await favourites.isFavourite(uid, boat.id)).toBe(true);

    const doc = await services.store.get(FAVOURITES, `${uid}_${boat.id}`);
    expect(doc).toEqual({ id: `${uid}_${boat.id}`, uid, listingId: boat.id, createdAt: expect.any(String) });
    expect(await services.store.count({ collection: FAVOURITES, where: [["uid", "==", uid]] })).toBe(1);

    await favourites.remove(uid, boat.id);
    await favourites.remove(uid, boat.id); // removing what is not there succeeds
    expect(await favourites.isFavourite(uid, boat.id)).toBe(false);
  });

  it("keeps the first date when a listing is saved again", async () => {
    const uid = await person();
    const boat = await publishBoat(services, ownerUid);
    await favourites.add(uid, boat.id);
    const first = await services.store.get<{ createdAt: string }>(FAVOURITES, `${uid}_${boat.id}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await favourites.add(uid, boat.id);
    const second = await services.store.get<{ createdAt: string }>(FAVOURITES, `${uid}_${boat.id}`);
    expect(second?.createdAt).toBe(first?.createdAt);
  });

  it("toggles", async () => {
    const uid = await person();
    const boat = await publishBoat(services, ownerUid);
    expect(await favourites.toggle(uid, boat.id)).toBe(true);
    expect(await favourites.isFavourite(uid, boat.id)).toBe(true);
    expect(await favourites.toggle(uid, boat.id)).toBe(false);
    expect(await favourites.isFavourite(uid, boat.id)).toBe(false);
  });

  it("saves only published listings, or the person's own whatever their status", async () => {
    const uid = await person();
    const someoneElsesDraft = await services.listings.createDraft(ownerUid, "boat", "sail");
    const paused = await publishBoat(services, ownerUid);
    await services.listings.pause(ownerUid, paused.id);

    for (const id of [someoneElsesDraft.id, paused.id, "A1b2C3d4E5f6G7h8I9j0", "../listings/x", ""]) {
      await expect(favourites.add(uid, id), id).rejects.toMatchObject({ name: "FavouriteError", code: "not-found" });
      await expect(favourites.toggle(uid, id), id).rejects.toMatchObject({ code: "not-found" });
      expect(await favourites.isFavourite(uid, id)).toBe(false);
    }
    expect(await services.store.count({ collection: FAVOURITES, where: [["uid", "==", uid]] })).toBe(0);

    // The owner may keep their own draft.
    await favourites.add(ownerUid, someoneElsesDraft.id);
    expect(await favourites.isFavourite(ownerUid, someoneElsesDraft.id)).toBe(true);
    await favourites.remove(ownerUid, someoneElsesDraft.id);
  });

  it("tells which of a page of listings are saved, in one batch read", async () => {
    const uid = await person();
    const [a, b, c] = [await publishBoat(services, ownerUid), await publishBoat(services, ownerUid), await publishDock(services, ownerUid)];
    await favourites.add(uid, a.id);
    await favourites.add(uid, c.id);

    const getMany = vi.spyOn(services.store, "getMany");
    const get = vi.spyOn(services.store, "get");
    const query = vi.spyOn(services.store, "query");
    try {
      const saved = await favourites.idsFor(uid, [a.id, b.id, c.id, a.id, "not/an/id"]);
      expect([...saved].sort()).toEqual([a.id, c.id].sort());
      expect(getMany).toHaveBeenCalledTimes(1);
      expect(get).not.toHaveBeenCalled();
      expect(query).not.toHaveBeenCalled();
    } finally {
      getMany.mockRestore();
      get.mockRestore();
      query.mockRestore();
    }
    expect(await favourites.idsFor(uid, [])).toEqual(new Set());
  });

  it("lists favourites newest first, listings read in one batch, unavailable ones kept and marked", async () => {
    const uid = await person();
    const boat = await publishBoat(services, ownerUid, "Velero clásico en Palma");
    const dock = await publishDock(services, ownerUid);
    const later = await publishBoat(services, ownerUid, "Llaüt tradicional en Palma");
    const archived = await publishBoat(services, ownerUid, "Lancha que se archivará");
    for (const listing of [boat, dock, later, archived]) {
      await favourites.add(uid, listing.id);
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    await services.listings.pause(ownerUid, later.id);
    await services.listings.archive(ownerUid, archived.id);

    const getMany = vi.spyOn(services.store, "getMany");
    const get = vi.spyOn(services.store, "get");
    let list;
    try {
      list = await favourites.list(uid);
      expect(getMany).toHaveBeenCalledTimes(1);
      expect(get).not.toHaveBeenCalled();
    } finally {
      getMany.mockRestore();
      get.mockRestore();
    }

    expect(list.map((entry) => entry.listingId)).toEqual([archived.id, later.id, dock.id, boat.id]);
    expect(list.map((entry) => entry.available)).toEqual([false, false, true, true]);
    expect(list[0]).toEqual({ listingId: archived.id, savedAt: expect.any(String), available: false, kind: "boat", title: "Lancha que se archivará" });
    expect(list[2]).toMatchObject({ available: true, listing: { id: dock.id, kind: "dock", status: "published" } });
    expect(list[3]).toMatchObject({ available: true, listing: { id: boat.id, data: { title: "Velero clásico en Palma" } } });

    // Unavailable favourites can be removed.
    await favourites.remove(uid, archived.id);
    expect((await favourites.list(uid)).map((entry) => entry.listingId)).toEqual([later.id, dock.id, boat.id]);
  });

  it("lists only the person's own favourites", async () => {
    const [uid, other] = [await person(), await person()];
    const boat = await publishBoat(services, ownerUid);
    await favourites.add(other, boat.id);
    expect(await favourites.list(uid)).toEqual([]);
    expect(await favourites.idsFor(uid, [boat.id])).toEqual(new Set());
  });
});
