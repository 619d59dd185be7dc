import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiskBlobStore } from "./disk";
import {
  deleteAllPhotos,
  deletePhoto,
  detectPhotoFormat,
  isPhotoError,
  MAX_PHOTO_BYTES,
  MAX_PHOTOS,
  MIN_PHOTOS,
  PHOTO_WIDTHS,
  PhotoError,
  processPhoto,
  storePhoto,
  variantWidths,
  type PhotoErrorCode,
} from "./images";
import { BlobError, type BlobStore, type PutOptions } from "./index";

// ---------------------------------------------------------------------------------------------
// Real test images, made with sharp

const RED = { r: 220, g: 20, b: 20 };
const BLUE = { r: 20, g: 60, b: 200 };

/**
 * A 2000×1500 camera JPEG stored sideways: EXIF orientation 6 (display rotated 90° clockwise),
 * a camera make and a GPS position. Its stored top-left 400×300 corner is red, the rest blue
 * with noise, so the rotation can be seen in the output's pixels.
 */
async function cameraJpeg(): Promise<Buffer> {
  const background = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: BLUE, noise: { type: "gaussian", mean: 110, sigma: 30 } } })
    .blur(1)
    .tint(BLUE)
    .png()
    .toBuffer();
  const corner = await sharp({ create: { width: 400, height: 300, channels: 3, background: RED } }).png().toBuffer();
  return sharp(background)
    .composite([{ input: corner, top: 0, left: 0 }])
    .jpeg({ quality: 88 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: "AmarreTestCam", Model: "Sideways 1" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "42/1 14/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "8/1 43/1 0/1" },
    })
    .toBuffer();
}

/** An 800×600 PNG whose right half is fully transparent. */
async function transparentPng(): Promise<Buffer> {
  const opaque = await sharp({ create: { width: 400, height: 600, channels: 4, background: { ...RED, alpha: 1 } } }).png().toBuffer();
  return sharp({ create: { width: 800, height: 600, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: opaque, top: 0, left: 0 }])
    .png()
    .toBuffer();
}

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: BLUE } });

/** Every tag number in the first IFD of an EXIF block as sharp returns it ("Exif\0\0" + TIFF). */
function exifIfd0Tags(exif: Buffer): number[] {
  const tiff = exif.subarray(6);
  const little = tiff.toString("latin1", 0, 2) === "II";
  const u16 = (offset: number) => (little ? tiff.readUInt16LE(offset) : tiff.readUInt16BE(offset));
  const u32 = (offset: number) => (little ? tiff.readUInt32LE(offset) : tiff.readUInt32BE(offset));
  const ifd = u32(4);
  return Array.from({ length: u16(ifd) }, (_, i) => u16(ifd + 2 + i * 12));
}
const GPS_IFD_POINTER = 0x8825;
const ORIENTATION_TAG = 0x0112;

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A real PNG whose header is rewritten to claim `width`×`height` (a decompression bomb's shape). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await solid(1, 1).png().toBuffer());
  // Signature (8), IHDR length (4), "IHDR" (4), width (4), height (4), … , CRC over type + data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

async function expectRefused(bytes: Uint8Array, code: PhotoErrorCode): Promise<PhotoError> {
  const error = await processPhoto(bytes).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, `expected a PhotoError "${code}"`).toBeInstanceOf(PhotoError);
  expect((error as PhotoError).code).toBe(code);
  return error as PhotoError;
}

async function pixelAt(webp: Uint8Array, x: number, y: number) {
  const { data, info } = await sharp(webp).raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return { r: data[offset], g: data[offset + 1], b: data[offset + 2], a: info.channels === 4 ? data[offset + 3] : 255 };
}

let camera: Buffer;
const tempDirs: string[] = [];

beforeAll(async () => {
  camera = await cameraJpeg();
});

afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function diskStore(): DiskBlobStore {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-photos-"));
  tempDirs.push(dir);
  return new DiskBlobStore({ dataDir: dir });
}

// ---------------------------------------------------------------------------------------------

describe("the photo limits", () => {
  it("follow the product rules", () => {
    expect(MAX_PHOTO_BYTES).toBe(10 * 1024 * 1024);
    expect([MIN_PHOTOS, MAX_PHOTOS]).toEqual([1, 20]);
    expect(PHOTO_WIDTHS).toEqual([320, 640, 960, 1280, 1920]);
  });

  it("give variants at the standard widths below the photo's width, plus its own when notably wider, never upscaled", () => {
    expect(variantWidths(4000)).toEqual([320, 640, 960, 1280, 1920]);
    expect(variantWidths(1920)).toEqual([320, 640, 960, 1280, 1920]);
    expect(variantWidths(1500)).toEqual([320, 640, 960, 1280, 1500]);
    expect(variantWidths(1300)).toEqual([320, 640, 960, 1280]);
    expect(variantWidths(1000)).toEqual([320, 640, 960]);
    expect(variantWidths(800)).toEqual([320, 640, 800]);
    expect(variantWidths(330)).toEqual([320]);
    expect(variantWidths(250)).toEqual([250]);
  });
});

describe("detectPhotoFormat", () => {
  it("reads the type from the first bytes", async () => {
    expect(detectPhotoFormat(await solid(10, 10).jpeg().toBuffer())).toBe("jpeg");
    expect(detectPhotoFormat(await solid(10, 10).png().toBuffer())).toBe("png");
    expect(detectPhotoFormat(await solid(10, 10).webp().toBuffer())).toBe("webp");
    expect(detectPhotoFormat(await solid(10, 10).gif().toBuffer())).toBeNull();
    expect(detectPhotoFormat(Buffer.from("RIFF\0\0\0\0WAVEfmt "))).toBeNull();
    expect(detectPhotoFormat(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(detectPhotoFormat(new Uint8Array(0))).toBeNull();
  });
});

describe("processPhoto: accepted photos", () => {
  it("the sideways camera JPEG fixture really carries orientation 6, a camera make and GPS", async () => {
    const metadata = await sharp(camera).metadata();
    expect([metadata.format, metadata.width, metadata.height, metadata.orientation]).toEqual(["jpeg", 2000, 1500, 6]);
    const tags = exifIfd0Tags(metadata.exif!);
    expect(tags).toContain(GPS_IFD_POINTER);
    expect(tags).toContain(ORIENTATION_TAG);
    expect(camera.includes("AmarreTestCam")).toBe(true);
  });

  it("turns a sideways 2000×1500 camera JPEG upright into WebP variants of 320, 640, 960, 1280 and 1500 pixels", async () => {
    const photo = await processPhoto(camera);
    expect(photo.format).toBe("jpeg");
    expect([photo.width, photo.height]).toEqual([1500, 2000]);
    expect(photo.variants.map((v) => [v.width, v.height])).toEqual([
      [320, 427],
      [640, 853],
      [960, 1280],
      [1280, 1707],
      [1500, 2000],
    ]);
    for (const variant of photo.variants) {
      const metadata = await sharp(variant.bytes).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(["webp", variant.width, variant.height]);
    }
  });

  it("rotates the pixels, not just the numbers: the stored top-left corner ends up top-right", async () => {
    const { variants } = await processPhoto(camera);
    const variant = variants[1];
    const topRight = await pixelAt(variant.bytes, variant.width - 10, 10);
    const topLeft = await pixelAt(variant.bytes, 10, 10);
    expect(topRight.r).toBeGreaterThan(180);
    expect(topRight.b).toBeLessThan(80);
    expect(topLeft.r).toBeLessThan(100);
  });

  it("strips every bit of metadata: no EXIF, GPS, orientation, XMP or ICC in any variant", async () => {
    const { variants } = await processPhoto(camera);
    for (const variant of variants) {
      const metadata = await sharp(variant.bytes).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      const raw = Buffer.from(variant.bytes);
      for (const marker of ["EXIF", "Exif", "XMP ", "ICCP", "AmarreTestCam"]) expect(raw.includes(marker), marker).toBe(false);
    }
  });

  it("makes a tiny blurred placeholder as a data URL of at most 1 KB", async () => {
    const { placeholder } = await processPhoto(camera);
    expect(placeholder).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/]+=*$/);
    expect(placeholder.length).toBeLessThanOrEqual(1024);
    const metadata = await sharp(Buffer.from(placeholder.split(",")[1], "base64")).metadata();
    expect(metadata.format).toBe("webp");
    expect([metadata.width, metadata.height]).toEqual([12, 16]);
    expect(metadata.exif).toBeUndefined();
  });

  it("converts a Display P3 photo (as phones take) to sRGB and drops the profile", async () => {
    const brick = { r: 200, g: 60, b: 40 };
    const p3 = await sharp({ create: { width: 400, height: 300, channels: 3, background: brick } })
      .withIccProfile("p3")
      .jpeg({ quality: 95 })
      .toBuffer();
    // The file holds P3 values, which differ visibly from the sRGB colour they stand for.
    const stored = await sharp(p3, { ignoreIcc: true }).raw().toBuffer();
    expect(Math.abs(stored[0] - brick.r)).toBeGreaterThan(10);
    const variant = (await processPhoto(p3)).variants[0];
    expect((await sharp(variant.bytes).metadata()).icc).toBeUndefined();
    const pixel = await pixelAt(variant.bytes, 50, 50);
    for (const channel of ["r", "g", "b"] as const) expect(Math.abs(pixel[channel] - brick[channel]), channel).toBeLessThanOrEqual(4);
  });

  it("keeps a PNG's transparency", async () => {
    const photo = await processPhoto(await transparentPng());
    expect(photo.format).toBe("png");
    expect([photo.width, photo.height]).toEqual([800, 600]);
    expect(photo.variants.map((v) => [v.width, v.height])).toEqual([
      [320, 240],
      [640, 480],
      [800, 600],
    ]);
    const variant = photo.variants[2];
    const metadata = await sharp(variant.bytes).metadata();
    expect(metadata.format).toBe("webp");
    expect(metadata.hasAlpha).toBe(true);
    expect((await pixelAt(variant.bytes, 100, 300)).a).toBe(255);
    expect((await pixelAt(variant.bytes, 700, 300)).a).toBe(0);
  });

  it("accepts a WebP", async () => {
    const photo = await processPhoto(await solid(1024, 768).webp({ quality: 90 }).toBuffer());
    expect(photo.format).toBe("webp");
    expect(photo.variants.map((v) => v.width)).toEqual([320, 640, 960]);
  });

  it("judges by content: a PNG in a file called photo.jpg is a PNG", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-upload-"));
    tempDirs.push(dir);
    fs.writeFileSync(path.join(dir, "photo.jpg"), await solid(400, 300).png().toBuffer());
    const photo = await processPhoto(fs.readFileSync(path.join(dir, "photo.jpg")));
    expect(photo.format).toBe("png");
  });

  it("keeps a small photo at its own size, never upscaled", async () => {
    const photo = await processPhoto(await solid(250, 400).jpeg().toBuffer());
    expect(photo.variants.map((v) => [v.width, v.height])).toEqual([[250, 400]]);
  });

  it("reads only the view it is given", async () => {
    const jpeg = await solid(300, 300).jpeg().toBuffer();
    const padded = new Uint8Array(jpeg.length + 20);
    padded.set(jpeg, 10);
    const photo = await processPhoto(padded.subarray(10, 10 + jpeg.length));
    expect(photo.width).toBe(300);
  });

  it("processes many photos at once", async () => {
    const uploads = await Promise.all([300, 400, 500, 600, 700].map((side) => solid(side, side).jpeg().toBuffer()));
    const photos = await Promise.all(uploads.map((bytes) => processPhoto(bytes)));
    expect(photos.map((photo) => photo.width)).toEqual([300, 400, 500, 600, 700]);
  });
});

describe("processPhoto: refused files", () => {
  it("refuses a GIF", async () => {
    await expectRefused(await solid(300, 300).gif().toBuffer(), "unsupported-type");
  });

  it("refuses an SVG saved as photo.jpg", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-upload-"));
    tempDirs.push(dir);
    const svg = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="red"/></svg>';
    fs.writeFileSync(path.join(dir, "photo.jpg"), svg);
    await expectRefused(fs.readFileSync(path.join(dir, "photo.jpg")), "unsupported-type");
  });

  it("refuses HEIC, PDF, text and empty files", async () => {
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypheic\0\0\0\0mif1heic"), Buffer.alloc(64)]);
    await expectRefused(heic, "unsupported-type");
    await expectRefused(Buffer.from("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n"), "unsupported-type");
    await expectRefused(Buffer.from("just some text, renamed to .jpg"), "unsupported-type");
    await expectRefused(new Uint8Array(0), "unsupported-type");
  });

  it("refuses a truncated JPEG as corrupt", async () => {
    const truncated = camera.subarray(0, Math.floor(camera.length * 0.6));
    const error = await expectRefused(truncated, "corrupt");
    expect(error.message).toMatch(/cannot be decoded/);
  });

  it("refuses a JPEG header followed by garbage as corrupt", async () => {
    const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 0x41)]);
    await expectRefused(garbage, "corrupt");
  });

  it("refuses more than 10 MB before decoding anything", async () => {
    const big = Buffer.alloc(11 * 1024 * 1024);
    camera.copy(big, 0, 0, 1024);
    await expectRefused(big, "too-large");
    const justOver = Buffer.alloc(MAX_PHOTO_BYTES + 1);
    camera.copy(justOver, 0, 0, 1024);
    await expectRefused(justOver, "too-large");
  });

  it("refuses a 100×100 JPEG as too small", async () => {
    await expectRefused(await solid(100, 100).jpeg().toBuffer(), "too-small");
    await expectRefused(await solid(1200, 199).jpeg().toBuffer(), "too-small");
  });

  it("refuses more than 50 megapixels from the header, without decoding (a decompression bomb)", async () => {
    const bomb = await pngClaiming(10_000, 10_000);
    expect(bomb.length).toBeLessThan(200);
    await expectRefused(bomb, "too-many-pixels");
  });

  it("refuses what is not bytes at all with a TypeError", async () => {
    await expect(processPhoto("photo.jpg" as unknown as Uint8Array)).rejects.toBeInstanceOf(TypeError);
  });

  it("names its errors so callers can tell them apart", async () => {
    const error = await expectRefused(await solid(100, 100).jpeg().toBuffer(), "too-small");
    expect(isPhotoError(error)).toBe(true);
    expect(isPhotoError(error, "too-small")).toBe(true);
    expect(isPhotoError(error, "corrupt")).toBe(false);
    expect(isPhotoError(new Error("other"))).toBe(false);
  });
});

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
    await expect(storePhoto(failing, "boats/b1", camera)).rejects.toMatchObject({ code: "resource-exhausted" });
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
