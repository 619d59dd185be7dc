/**
 * The photo pipeline (images.ts): storing a photo's variants and deleting them.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiskBlobStore } from "./disk";
import { cameraJpeg, solid } from "./images-fixtures";
import { deleteAllPhotos, deletePhoto, storePhoto } from "./images";
import { BlobError, type BlobStore, type PutOptions } from "./index";

let camera: Buffer;

beforeAll(async () => {
  camera = await cameraJpeg();
});

const tempDirs: string[] = [];

afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function diskStore(): DiskBlobStore {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-photos-"));
  tempDirs.push(dir);
  return new DiskBlobStore({ dataDir: dir });
}

describe("storePhoto and deletePhoto", () => {
  it("stores each variant as image/webp, cached for a year, at photos/<ownerPrefix>/<id>/<width>.webp", async () => {
    const blobs = diskStore();
    const stored = await storePhoto(blobs, "boats/b1", camera);
    expect(stored.id).toMatch(/^[a-z0-9]{20}$/);
    expect([stored.width, stored.height]).toEqual([1500, 2000]);
    expect(stored.widths).toEqual([320, 640, 960, 1280, 1500]);
    expect(stored.placeholder).toMatch(/^data:image\/webp;base64,/);
    for (const width of stored.widths) {
      const blob = await blobs.get(`photos/boats/b1/${stored.id}/${width}.webp`);
      expect(blob?.contentType).toBe("image/webp");
      expect(blob?.cacheControl).toBe("public, max-age=31536000, immutable");
      expect((await sharp(blob!.bytes).metadata()).width).toBe(width);
    }
  });

  it("gives every photo a new id, even for the same file", async () => {
    const blobs = diskStore();
    const jpeg = await solid(300, 300).jpeg().toBuffer();
    const [a, b] = await Promise.all([storePhoto(blobs, "boats/b1", jpeg), storePhoto(blobs, "boats/b1", jpeg)]);
    expect(a.id).not.toBe(b.id);
  });

  it("writes nothing for a refused file", async () => {
    const blobs = diskStore();
    await expect(storePhoto(blobs, "boats/b1", await solid(100, 100).jpeg().toBuffer())).rejects.toMatchObject({ code: "too-small" });
    expect(fs.existsSync(path.join(blobs.root, "photos"))).toBe(false);
  });

  it("removes the variants already written when a write fails", async () => {
    const disk = diskStore();
    let puts = 0;
    // The real disk store, with the third write failing as a full disk would.
    const failing: BlobStore = Object.assign(Object.create(disk) as DiskBlobStore, {
      put: async (key: string, bytes: Uint8Array, options: PutOptions) => {
        if (++puts === 3) throw new BlobError("resource-exhausted", "disk full");
        await disk.put(key, bytes, options);
      },
    });
    // A 1000×750 photo (cheaper than the camera JPEG) has three variants, 320, 640 and 960 pixels wide: the last write fails.
    await expect(storePhoto(failing, "boats/b1", await solid(1000, 750).jpeg().toBuffer())).rejects.toMatchObject({ code: "resource-exhausted" });
    expect(puts).toBe(3);
    expect(fs.existsSync(path.join(disk.root, "photos"))).toBe(false);
  });

  it("refuses an invalid owner prefix before processing", async () => {
    const blobs = diskStore();
    for (const prefix of ["", "../boats", "Boats/B1", "/boats"]) {
      await expect(storePhoto(blobs, prefix, camera)).rejects.toMatchObject({ code: "invalid-argument" });
    }
  });

  it("deletes one photo's variants and leaves the owner's others", async () => {
    const blobs = diskStore();
    const jpeg = await solid(700, 500).jpeg().toBuffer();
    const kept = await storePhoto(blobs, "boats/b1", jpeg);
    const removed = await storePhoto(blobs, "boats/b1", jpeg);
    await deletePhoto(blobs, "boats/b1", removed.id);
    for (const width of removed.widths) expect(await blobs.exists(`photos/boats/b1/${removed.id}/${width}.webp`)).toBe(false);
    for (const width of kept.widths) expect(await blobs.exists(`photos/boats/b1/${kept.id}/${width}.webp`)).toBe(true);
    await deletePhoto(blobs, "boats/b1", removed.id);
  });

  it("never lets a bad id widen a delete to the owner's other photos", async () => {
    const blobs = diskStore();
    const stored = await storePhoto(blobs, "boats/b1", await solid(300, 300).jpeg().toBuffer());
    for (const id of ["", "..", "a/b", `${stored.id}/..`, "short"]) {
      await expect(deletePhoto(blobs, "boats/b1", id)).rejects.toMatchObject({ code: "invalid-argument" });
    }
    expect(await blobs.exists(`photos/boats/b1/${stored.id}/300.webp`)).toBe(true);
  });

  it("deletes all of an owner's photos", async () => {
    const blobs = diskStore();
    const jpeg = await solid(300, 300).jpeg().toBuffer();
    const a = await storePhoto(blobs, "boats/b1", jpeg);
    const other = await storePhoto(blobs, "boats/b10", jpeg);
    await deleteAllPhotos(blobs, "boats/b1");
    expect(await blobs.exists(`photos/boats/b1/${a.id}/300.webp`)).toBe(false);
    expect(await blobs.exists(`photos/boats/b10/${other.id}/300.webp`)).toBe(true);
  });
});
