import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBoat, createDock, createOwner, fakePhoto } from "#tests/listing-fixtures";
import { createTestServices } from "#tests/test-services";
import type { Services } from "#app/.server/services";
import { createListingsService, listingPageTags, type ListingsService } from "#app/features/listings/.server";

describe("listingPageTags", () => {
  const boat = { id: "b1", kind: "boat" as const, ownerUid: "u1" };
  const tags = ["listing:b1", "search:boat", "user:u1"];

  it("names the listing, its kind's searches and its owner when it is published before or after", () => {
    expect(listingPageTags({ ...boat, status: "draft" }, { ...boat, status: "published" })).toEqual(tags);
    expect(listingPageTags({ ...boat, status: "published" }, { ...boat, status: "published" })).toEqual(tags);
    expect(listingPageTags({ ...boat, status: "published" }, { ...boat, status: "paused" })).toEqual(tags);
    expect(listingPageTags({ ...boat, status: "published" }, null)).toEqual(tags);
    expect(listingPageTags(null, { ...boat, kind: "dock", status: "published" })).toEqual(["listing:b1", "search:dock", "user:u1"]);
  });

  it("names nothing for listings no visitor sees", () => {
    expect(listingPageTags(null, { ...boat, status: "draft" })).toEqual([]);
    expect(listingPageTags({ ...boat, status: "draft" }, { ...boat, status: "draft" })).toEqual([]);
    expect(listingPageTags({ ...boat, status: "draft" }, null)).toEqual([]);
    expect(listingPageTags({ ...boat, status: "paused" }, { ...boat, status: "archived" })).toEqual([]);
    expect(listingPageTags(null, null)).toEqual([]);
  });
});

describe("listings service: which writes change visitors' pages", () => {
  let services: Services & { dataDir: string };
  let listings: ListingsService;
  let owner: string;
  const changes: string[][] = [];
  /** The services, with listings written through the recording service (for the fixtures). */
  let recorded: Services;

  beforeAll(async () => {
    services = await createTestServices();
    listings = createListingsService({ store: services.store, users: services.users, ports: services.ports, onChange: (tags) => changes.push(tags) });
    recorded = { ...services, listings };
    owner = (await createOwner(services)).uid;
  });
  afterAll(async () => services.close());

  /** The tags `write` emitted (one list per onChange call). */
  async function emitted(write: () => Promise<unknown>): Promise<string[][]> {
    changes.length = 0;
    await write();
    return [...changes];
  }
  const tagsOf = (id: string, kind = "boat") => [`listing:${id}`, `search:${kind}`, `user:${owner}`];

  it("emits nothing while a listing is a draft: creating, saving steps, photos, discarding", async () => {
    const draft = await listings.createDraft(owner, "boat", "motor");
    expect(await emitted(() => listings.createDraft(owner, "dock", "sale"))).toEqual([]);
    expect(await emitted(() => listings.saveStep(owner, draft.id, "basics", { type: "motor", title: "Lancha de prueba", description: { es: "Una lancha." } }))).toEqual([]);
    expect(await emitted(() => listings.setPhotos(owner, draft.id, [fakePhoto()]))).toEqual([]);
    expect(await emitted(() => listings.discardDraft(owner, draft.id))).toEqual([]);
    // A refused write emits nothing either.
    await expect(listings.saveStep(owner, "missing", "basics", {})).rejects.toThrow();
    expect(changes).toEqual([]);
  });

  it("emits the listing's tags when it is published, edited, paused and resumed", async () => {
    const draft = await createBoat(recorded, owner, { status: "draft" });
    expect(await emitted(() => listings.publish(owner, draft.id))).toEqual([tagsOf(draft.id)]);
    expect(await emitted(() => listings.saveStep(owner, draft.id, "basics", { type: "motor", title: "Otro título", description: { es: "Otra descripción." } }))).toEqual([tagsOf(draft.id)]);
    expect(await emitted(() => listings.setPhotos(owner, draft.id, [fakePhoto(), fakePhoto()]))).toEqual([tagsOf(draft.id)]);
    expect(await emitted(() => listings.pause(owner, draft.id))).toEqual([tagsOf(draft.id)]);
    // Paused, it is on no visitor's page: editing it changes none.
    expect(await emitted(() => listings.setPhotos(owner, draft.id, [fakePhoto()]))).toEqual([]);
    expect(await emitted(() => listings.resume(owner, draft.id))).toEqual([tagsOf(draft.id)]);
    expect(await emitted(() => listings.archive(owner, draft.id))).toEqual([tagsOf(draft.id)]);
  });

  it("names docks' searches for docks, and archiving a paused or draft listing changes nothing", async () => {
    const dock = await createDock(recorded, owner, { status: "draft" });
    expect(await emitted(() => listings.publish(owner, dock.id))).toEqual([tagsOf(dock.id, "dock")]);
    const paused = await createBoat(recorded, owner, { status: "paused" });
    expect(await emitted(() => listings.archive(owner, paused.id))).toEqual([]);
    const draft = await createBoat(recorded, owner, { status: "draft" });
    expect(await emitted(() => listings.archive(owner, draft.id))).toEqual([]);
  });

  it("emits every imported listing once, and its kind and owner once", async () => {
    const model = await createBoat(recorded, owner);
    const item = { kind: "boat" as const, data: model.data, photos: [fakePhoto()] };
    let ids: string[] = [];
    const calls = await emitted(async () => {
      ids = await listings.importPublished(owner, [item, item]);
    });
    expect(calls).toEqual([[`listing:${ids[0]}`, "search:boat", `user:${owner}`, `listing:${ids[1]}`]]);
  });
});
