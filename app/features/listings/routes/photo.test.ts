import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AppLoadContext } from "@remix-run/node";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiskBlobStore } from "#app/.server/blobs/disk";
import { storePhoto, type StoredPhoto } from "#app/.server/blobs/images";
import { keySegment, type BlobStore } from "#app/.server/blobs";
import { createListingPhotosService } from "#app/features/listings/.server";
import {
  DEFAULT_PHOTO_SIZES,
  MAX_PHOTO_BYTES,
  MAX_PHOTOS,
  MIN_PHOTOS,
  PHOTO_ACCEPT,
  photoSrcSet,
  photoUrl,
  pickPhotoWidth,
} from "#app/utils/photos";
import { loader } from "./photo";

let dataDir: string;
let blobs: DiskBlobStore;
let photo: StoredPhoto;
/** A published boat's photo folder (listing "B1"); "D1" is a draft of uid "ana". */
const OWNER = `boats/${keySegment("B1")}`;
const DRAFT = `boats/${keySegment("D1")}`;
let draftPhoto: StoredPhoto;
let gonePhoto: StoredPhoto;

/** A minimal load context: the loader reads photo variants through `services.listingPhotos`, and the viewer for a draft's. */
const listingsById: Record<string, { id: string; status: string; ownerUid: string }> = {
  B1: { id: "B1", status: "published", ownerUid: "ana" },
  D1: { id: "D1", status: "draft", ownerUid: "ana" },
};
const fakeListings = { get: async (id: string) => listingsById[id] ?? null } as unknown as Parameters<typeof createListingPhotosService>[0]["listings"];
let viewerUid: string | null = null;
const contextWith = (store: BlobStore) =>
  ({
    services: {
      config: {},
      listingPhotos: createListingPhotosService({ blobs: store, listings: fakeListings }),
      // What the session guard reads: a cookie session whose token names `viewerUid`.
      sessions: { getSession: async () => ({ get: (key: string) => (key === "token" && viewerUid ? viewerUid : undefined) }) },
      identity: { verifySessionToken: async (token: string) => ({ uid: token, email: `${token}@amarre.test`, role: "user" }) },
      sessionRevocations: { isRevoked: () => false },
    },
  }) as unknown as AppLoadContext;

/** Calls the loader as Remix does for `/photos/*`: the splat is everything after `/photos/`. */
async function get(splat: string, headers: Record<string, string> = {}, store: BlobStore = blobs): Promise<Response> {
  const request = new Request(`http://localhost:3000/photos/${splat}`, { headers: { Cookie: "__session=x", ...headers } });
  return loader({ request, params: { "*": splat }, context: contextWith(store) });
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-photo-route-"));
  blobs = new DiskBlobStore({ dataDir });
  const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 10, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();
  photo = await storePhoto(blobs, OWNER, jpeg);
  draftPhoto = await storePhoto(blobs, DRAFT, jpeg);
  // Left-overs of a listing that no longer exists.
  gonePhoto = await storePhoto(blobs, `boats/${keySegment("GONE")}`, jpeg);
  // Blobs that must never come out of /photos: a private document beside the photos, an HTML
  // file under photos/ named like a variant, and a JPEG under photos/.
  await blobs.put("cases/c1/passport.webp", new Uint8Array([1, 2, 3]), { contentType: "image/webp" });
  await blobs.put(`photos/${OWNER}/evil/640.webp`, new TextEncoder().encode("<script>alert(1)</script>"), { contentType: "text/html" });
  await blobs.put(`photos/${OWNER}/raw/640.jpg`, new Uint8Array([0xff, 0xd8, 0xff]), { contentType: "image/jpeg" });
});

afterAll(async () => {
  await blobs.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("GET /photos/*", () => {
  it("answers a stored variant as image/webp, cached for a year as immutable, with an ETag", async () => {
    expect(photo.widths).toEqual([320, 640, 900]);
    const response = await get(`${OWNER}/${photo.id}/640.webp`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("ETag")).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    const body = new Uint8Array(await response.arrayBuffer());
    expect(response.headers.get("Content-Length")).toBe(String(body.byteLength));
    const stored = await blobs.get(`photos/${OWNER}/${photo.id}/640.webp`);
    expect(Buffer.from(body).equals(Buffer.from(stored!.bytes))).toBe(true);
    const metadata = await sharp(body).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["webp", 640, 427]);
  });

  it("serves the URLs the client helpers build", async () => {
    const srcSet = photoSrcSet(`${OWNER}/${photo.id}`, photo.widths);
    const urls = srcSet.split(", ").map((entry) => entry.split(" ")[0]);
    expect(urls).toEqual(photo.widths.map((width) => photoUrl(`${OWNER}/${photo.id}`, width)));
    for (const url of urls) {
      const response = await get(url.replace(/^\/photos\//, ""));
      expect(response.status, url).toBe(200);
    }
  });

  it("gives each variant its own ETag, the same one every time", async () => {
    const tags = await Promise.all(photo.widths.map(async (w) => (await get(`${OWNER}/${photo.id}/${w}.webp`)).headers.get("ETag")));
    expect(new Set(tags).size).toBe(photo.widths.length);
    expect((await get(`${OWNER}/${photo.id}/320.webp`)).headers.get("ETag")).toBe(tags[0]);
  });

  it("answers 304 without a body when If-None-Match holds the ETag", async () => {
    const first = await get(`${OWNER}/${photo.id}/320.webp`);
    const etag = first.headers.get("ETag")!;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const response = await get(`${OWNER}/${photo.id}/320.webp`, { "If-None-Match": ifNoneMatch });
      expect(response.status, ifNoneMatch).toBe(304);
      expect(response.headers.get("ETag")).toBe(etag);
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect(await response.text()).toBe("");
    }
  });

  it("answers 200 when If-None-Match holds another tag", async () => {
    const response = await get(`${OWNER}/${photo.id}/320.webp`, { "If-None-Match": '"not-this-one"' });
    expect(response.status).toBe(200);
  });

  it("answers 404 for a photo, width or owner that is not stored", async () => {
    for (const splat of [`${OWNER}/${photo.id}/1280.webp`, `${OWNER}/aaaaaaaaaaaaaaaaaaaa/640.webp`, `boats/b2/${photo.id}/640.webp`]) {
      const response = await get(splat);
      expect(response.status, splat).toBe(404);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
    }
  });

  it("answers 404, never 500, for ../ paths and other invalid keys", async () => {
    const attempts = [
      "../cases/c1/passport.webp",
      `${OWNER}/../../../cases/c1/passport.webp`,
      `${OWNER}/${photo.id}/../${photo.id}/640.webp`,
      "..%2f..%2fcases/c1/passport.webp",
      "%2e%2e/cases/c1/passport.webp",
      `/${OWNER}/${photo.id}/640.webp`,
      `${OWNER}//${photo.id}/640.webp`,
      `BOATS/B1/${photo.id}/640.webp`,
      `${OWNER}/${photo.id}/640.webp\u0000`,
      `${OWNER}/${photo.id}/0640.webp`,
      `${OWNER}/${photo.id}/640.WEBP`,
      `${OWNER}/${photo.id}/.640.webp.meta.json`,
      `${OWNER}/${photo.id}`,
      `${OWNER}/${photo.id}/`,
      `${photo.id}/640.webp`,
      "",
      "x".repeat(5000),
    ];
    for (const splat of attempts) {
      const response = await get(splat);
      expect(response.status, JSON.stringify(splat)).toBe(404);
    }
  });

  it("treats a missing splat as a miss", async () => {
    const response = await loader({ request: new Request("http://localhost:3000/photos/"), params: {}, context: contextWith(blobs) });
    expect(response.status).toBe(404);
  });

  it("serves only WebP variants: other blobs under photos/ are 404", async () => {
    expect((await get("boats/b1/evil/640.webp")).status).toBe(404);
    expect((await get("boats/b1/raw/640.jpg")).status).toBe(404);
  });

  it("answers 503 when the blob store is unavailable", async () => {
    const closed = new DiskBlobStore({ dataDir });
    await closed.close();
    const response = await get(`${OWNER}/${photo.id}/640.webp`, {}, closed);
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("5");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });
});

describe("GET /photos/* for a draft's photos", () => {
  it("serves them to the draft's owner only, privately; anyone else gets the plain 404", async () => {
    const splat = `${DRAFT}/${draftPhoto.id}/640.webp`;
    viewerUid = "ana";
    const own = await get(splat);
    expect(own.status).toBe(200);
    expect(own.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(own.headers.get("Vary")).toBe("Cookie");
    for (const viewer of ["luis", null]) {
      viewerUid = viewer;
      const response = await get(splat);
      expect(response.status, String(viewer)).toBe(404);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      // A revalidation with the right ETag does not confirm the photo exists either.
      expect((await get(splat, { "If-None-Match": own.headers.get("ETag")! })).status).toBe(404);
    }
    viewerUid = null;
  });

  it("serves them to everyone once the listing is published", async () => {
    listingsById.D1.status = "published";
    try {
      const response = await get(`${DRAFT}/${draftPhoto.id}/640.webp`);
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    } finally {
      listingsById.D1.status = "draft";
    }
  });

  it("never serves the files of a listing that is gone, nor a folder that names no listing", async () => {
    expect(await blobs.exists(`photos/${gonePhoto.folder}/320.webp`)).toBe(true);
    expect((await get(`${gonePhoto.folder}/320.webp`)).status).toBe(404);
    expect((await get(`boats/b1/${photo.id}/640.webp`)).status).toBe(404);
  });
});

describe("the client photo helpers (app/utils/photos.ts)", () => {
  it("build variant URLs and a srcSet, narrowest first", () => {
    expect(photoUrl("boats/b1/k3j9", 640)).toBe("/photos/boats/b1/k3j9/640.webp");
    expect(photoSrcSet("boats/b1/k3j9", [1280, 320, 640])).toBe(
      "/photos/boats/b1/k3j9/320.webp 320w, /photos/boats/b1/k3j9/640.webp 640w, /photos/boats/b1/k3j9/1280.webp 1280w",
    );
    expect(DEFAULT_PHOTO_SIZES).toBe("(min-width: 1280px) 1280px, 100vw");
  });

  it("pick the narrowest stored width that is wide enough, else the widest", () => {
    expect(pickPhotoWidth([320, 640, 1280], 500)).toBe(640);
    expect(pickPhotoWidth([320, 640, 1280], 640)).toBe(640);
    expect(pickPhotoWidth([320, 640, 1280], 4000)).toBe(1280);
    expect(pickPhotoWidth([250], 100)).toBe(250);
  });

  it("refuse paths and widths that could not name a variant", () => {
    for (const bad of ["", "b1", "../b1/x", "boats/../x", "Boats/x", "boats/x y", "boats//x"]) {
      expect(() => photoUrl(bad, 640), bad).toThrow(TypeError);
    }
    for (const width of [0, -1, 1.5, Number.NaN]) expect(() => photoUrl("boats/b1/x", width)).toThrow(TypeError);
    expect(() => photoSrcSet("boats/b1/x", [])).toThrow(TypeError);
    expect(() => pickPhotoWidth([], 100)).toThrow(TypeError);
  });

  it("keep the limits an upload form checks", () => {
    expect(MAX_PHOTO_BYTES).toBe(10 * 1024 * 1024);
    expect([MIN_PHOTOS, MAX_PHOTOS]).toEqual([1, 20]);
    expect(PHOTO_ACCEPT).toBe("image/jpeg,image/png,image/webp");
  });
});
