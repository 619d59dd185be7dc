import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBoat, createOwner, fakePhoto } from "#tests/listing-fixtures";
import { createTestServices, createTestUser } from "#tests/test-services";
import type { Services } from "#app/.server/services";
import { MAX_PHOTOS, photoVariantKey } from "#app/utils/photos";
import type { ListingPhoto } from "#app/features/listings/schemas";
import { createListingPhotosService, isListingError, listingPhotoPrefix, type ListingPhotosService } from "#app/features/listings/.server";

let services: Services & { dataDir: string };
let photos: ListingPhotosService;
let owner: string;
let jpeg: Uint8Array;

const upload = (name = "barco.jpg", bytes: Uint8Array = jpeg) => new File([bytes as Uint8Array<ArrayBuffer>], name);
/** Whether every variant of a stored photo is in the blob store. */
const stored = async (photo: ListingPhoto) => (await Promise.all(photo.widths.map((width) => services.blobs.exists(photoVariantKey(photo.folder, width))))).every(Boolean);
const ids = (listing: { photos: ListingPhoto[] }) => listing.photos.map((photo) => photo.id);

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isListingError(error)) return error.code;
    throw error;
  }
  throw new Error("expected a ListingError");
}

beforeAll(async () => {
  services = await createTestServices();
  photos = services.listingPhotos;
  owner = (await createOwner(services)).uid;
  jpeg = new Uint8Array(await sharp({ create: { width: 400, height: 300, channels: 3, background: "#205080" } }).jpeg().toBuffer());
});
afterAll(async () => services.close());

describe("listing photos", () => {
  it("stores uploads through the photo pipeline under the listing's prefix and adds them after the others", async () => {
    const draft = await services.listings.createDraft(owner, "boat", "motor");
    await services.listings.setPhotos(owner, draft.id, [fakePhoto("first0001")]);
    const result = await photos.add(owner, draft.id, [upload("a.jpg"), upload("notes.txt", new TextEncoder().encode("not a photo")), upload("b.jpg")]);
    expect(result.added).toHaveLength(2);
    expect(result.refused).toEqual([{ name: "notes.txt", code: "unsupported-type" }]);
    const listing = (await services.listings.get(draft.id))!;
    expect(ids(listing)).toEqual(["first0001", ...result.added.map((photo) => photo.id)]);
    for (const photo of result.added) {
      expect(photo.folder.startsWith(`${listingPhotoPrefix(draft)}/`)).toBe(true);
      expect(await stored(photo)).toBe(true);
    }
  });

  it("removes what it stored when the listing cannot take the photos", async () => {
    const draft = await services.listings.createDraft(owner, "boat", "motor");
    await services.listings.setPhotos(owner, draft.id, Array.from({ length: MAX_PHOTOS }, (_, i) => fakePhoto(`full${String(i).padStart(4, "0")}`)));
    const keys: string[] = [];
    const watching = new Proxy(services.blobs, {
      get(target, property) {
        const value = Reflect.get(target, property, target) as unknown;
        if (property === "put") return (key: string, ...rest: unknown[]) => (keys.push(key), (value as (...args: unknown[]) => unknown).call(target, key, ...rest));
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const watched = createListingPhotosService({ blobs: watching, listings: services.listings });
    expect(await failure(watched.add(owner, draft.id, [upload()]))).toBe("invalid-input");
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(await services.blobs.exists(key)).toBe(false);
    expect((await services.listings.get(draft.id))!.photos).toHaveLength(MAX_PHOTOS);
  });

  it("never stores photos for another person's listing, or an archived one", async () => {
    const draft = await services.listings.createDraft(owner, "boat", "motor");
    const stranger = (await createTestUser(services, { displayName: "Otra Persona" })).uid;
    expect(await failure(photos.add(stranger, draft.id, [upload()]))).toBe("not-found");
    expect(await failure(photos.add(owner, "no-such-listing", [upload()]))).toBe("not-found");
    await services.listings.archive(owner, draft.id);
    expect(await failure(photos.add(owner, draft.id, [upload()]))).toBe("archived");
  });

  it("moves photos, makes one the cover and deletes one with its files", async () => {
    const draft = await services.listings.createDraft(owner, "boat", "motor");
    const { added } = await photos.add(owner, draft.id, [upload(), upload(), upload()]);
    const [a, b, c] = added.map((photo) => photo.id);
    expect(ids(await photos.move(owner, draft.id, c, "up"))).toEqual([a, c, b]);
    expect(ids(await photos.move(owner, draft.id, a, "up"))).toEqual([a, c, b]); // already first
    expect(ids(await photos.move(owner, draft.id, "gone0000", "down"))).toEqual([a, c, b]);
    expect(ids(await photos.makeCover(owner, draft.id, b))).toEqual([b, a, c]);
    expect(ids(await photos.remove(owner, draft.id, a))).toEqual([b, c]);
    expect(await stored(added[0])).toBe(false);
    expect(await stored(added[1])).toBe(true);
  });

  it("keeps the last photo of a published listing, files included", async () => {
    const boat = await createBoat(services, owner, { status: "draft", photos: [] });
    const { added } = await photos.add(owner, boat.id, [upload()]);
    await services.listings.publish(owner, boat.id);
    expect(await failure(photos.remove(owner, boat.id, added[0].id))).toBe("incomplete");
    expect(await stored(added[0])).toBe(true);
  });

  it("deletes a discarded draft's photos, and keeps a published listing's", async () => {
    const draft = await services.listings.createDraft(owner, "boat", "motor");
    const { added } = await photos.add(owner, draft.id, [upload(), upload()]);
    await photos.discardDraft(owner, draft.id);
    expect(await services.listings.get(draft.id)).toBeNull();
    for (const photo of added) expect(await stored(photo)).toBe(false);

    const boat = await createBoat(services, owner, { status: "draft", photos: [] });
    const kept = await photos.add(owner, boat.id, [upload()]);
    await services.listings.publish(owner, boat.id);
    expect(await failure(photos.discardDraft(owner, boat.id))).toBe("invalid-transition");
    expect(await stored(kept.added[0])).toBe(true);
  });

  it("reads stored WebP variants only", async () => {
    const draft = await services.listings.createDraft(owner, "boat", "motor");
    const [photo] = (await photos.add(owner, draft.id, [upload()])).added;
    const found = await photos.variant(`${photo.folder}/${photo.widths[0]}.webp`);
    expect(found.status).toBe("found");
    expect(await photos.variant(`${photo.folder}/9999.webp`)).toEqual({ status: "missing" });
    expect(await photos.variant(`${photo.folder}/../x/320.webp`)).toEqual({ status: "missing" });
    expect(await photos.variant("boats/x/320.jpg")).toEqual({ status: "missing" });
  });
});
