/**
 * The photo pipeline (images.ts): its limits, format detection and the photos it accepts;
 * refused files in images-refused.test.ts, storing and deleting in images-store.test.ts.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cameraJpeg, exifIfd0Tags, GPS_IFD_POINTER, ORIENTATION_TAG, pixelAt, solid, transparentPng } from "./images-fixtures";
import { detectPhotoFormat, MAX_PHOTO_BYTES, MAX_PHOTOS, MIN_PHOTOS, PHOTO_WIDTHS, processPhoto, variantWidths } from "./images";

let camera: Buffer;
const tempDirs: string[] = [];
/**
 * The camera JPEG processed once: four tests read the same result (its sizes, its pixels, its
 * metadata, its placeholder), and processing a 2000×1500 photo into five WebP variants is this
 * file's largest cost. processPhoto keeps no state between calls, so one result proves each.
 */
let cameraPhoto: ReturnType<typeof processPhoto> | undefined;
const processedCamera = () => (cameraPhoto ??= processPhoto(camera));

beforeAll(async () => {
  camera = await cameraJpeg();
});

afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

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
    const photo = await processedCamera();
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
    const { variants } = await processedCamera();
    const variant = variants[1];
    const topRight = await pixelAt(variant.bytes, variant.width - 10, 10);
    const topLeft = await pixelAt(variant.bytes, 10, 10);
    expect(topRight.r).toBeGreaterThan(180);
    expect(topRight.b).toBeLessThan(80);
    // The rest is the fixture's noisy blue (its red channel is random: 72–100 seen): blue, not the red corner.
    expect(topLeft.b).toBeGreaterThan(180);
    expect(topLeft.r).toBeLessThan(150);
  });

  it("strips every bit of metadata: no EXIF, GPS, orientation, XMP or ICC in any variant", async () => {
    const { variants } = await processedCamera();
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
    const { placeholder } = await processedCamera();
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
