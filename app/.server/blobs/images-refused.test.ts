/**
 * The photo pipeline (images.ts): the files it refuses, and how.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cameraJpeg, pngClaiming, solid } from "./images-fixtures";
import { isPhotoError, MAX_PHOTO_BYTES, PhotoError, type PhotoErrorCode, processPhoto } from "./images";

async function expectRefused(bytes: Uint8Array, code: PhotoErrorCode): Promise<PhotoError> {
  const error = await processPhoto(bytes).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, `expected a PhotoError "${code}"`).toBeInstanceOf(PhotoError);
  expect((error as PhotoError).code).toBe(code);
  return error as PhotoError;
}

let camera: Buffer;

beforeAll(async () => {
  camera = await cameraJpeg();
});

const tempDirs: string[] = [];

afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
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
