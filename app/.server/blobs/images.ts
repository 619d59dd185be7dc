/**
 * The photo pipeline: an uploaded file in, WebP variants out, stored in the blob port.
 *
 * `processPhoto` trusts nothing about the upload but its bytes: the type is read from the
 * content (magic bytes, confirmed by the decoder), never from a name or a browser's claim; sizes
 * and dimensions are checked before anything is decoded; the whole image is decoded, so a
 * truncated or corrupt file is refused instead of stored half-grey. Output is rotated by the
 * EXIF orientation and carries no metadata at all (no EXIF, GPS, XMP, ICC: a phone photo's
 * location never leaves the server), converted to sRGB.
 *
 * Variants are WebP (quality 78) at each of `PHOTO_WIDTHS` narrower than the photo, plus the
 * photo's own width when it is at most 1920 and at least 10% wider than the widest of those;
 * nothing is ever upscaled. A 1500-pixel-wide photo gets 320, 640, 960, 1280 and 1500; a
 * 2000-pixel one 320, 640, 960, 1280 and 1920; a 250-pixel one just 250.
 */
import { randomBytes } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import {
  MAX_PHOTO_BYTES,
  MAX_PHOTO_PIXELS,
  MIN_PHOTO_SIDE,
  PHOTO_CACHE_CONTROL,
  PHOTO_VARIANT_CONTENT_TYPE,
  PHOTO_WIDTHS,
  photoVariantKey,
} from "#app/utils/photos";
import { BlobError, validateBlobPrefix, type BlobStore } from "./index";

export {
  MAX_PHOTO_BYTES,
  MAX_PHOTO_PIXELS,
  MAX_PHOTOS,
  MIN_PHOTO_SIDE,
  MIN_PHOTOS,
  PHOTO_ACCEPT,
  PHOTO_CACHE_CONTROL,
  PHOTO_CONTENT_TYPES,
  PHOTO_WIDTHS,
} from "#app/utils/photos";

/** WebP quality of the variants. */
export const PHOTO_QUALITY = 78;
/** The placeholder's longest side, in pixels, and its largest size as a data URL. */
export const PLACEHOLDER_SIZE = 16;
export const MAX_PLACEHOLDER_LENGTH = 1024;
/** How many photos are decoded at once in this process (each may take ~200 MB at 50 MP). */
export const PHOTO_PROCESSING_CONCURRENCY = 2;

// One-shot decodes of uploads gain nothing from libvips' operation cache; it only holds memory.
sharp.cache(false);

export type PhotoFormat = "jpeg" | "png" | "webp";

export type PhotoErrorCode =
  /** Not a JPEG, PNG or WebP (GIF, SVG, HEIC, PDF, text…), whatever its name. */
  | "unsupported-type"
  /** Looks like a JPEG/PNG/WebP but cannot be decoded whole (truncated, damaged). */
  | "corrupt"
  /** More than MAX_PHOTO_BYTES. */
  | "too-large"
  /** More than MAX_PHOTO_PIXELS pixels. */
  | "too-many-pixels"
  /** A side shorter than MIN_PHOTO_SIDE pixels. */
  | "too-small";

export class PhotoError extends Error {
  override readonly name = "PhotoError";
  constructor(
    readonly code: PhotoErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isPhotoError(error: unknown, code?: PhotoErrorCode): error is PhotoError {
  return error instanceof PhotoError && (code === undefined || error.code === code);
}

export interface PhotoVariant {
  width: number;
  height: number;
  /** WebP, no metadata. */
  bytes: Uint8Array;
}

export interface ProcessedPhoto {
  /** The photo's size after EXIF rotation (the source's, not a variant's). */
  width: number;
  height: number;
  /** What the upload was, read from its content. */
  format: PhotoFormat;
  /** Narrowest first. */
  variants: PhotoVariant[];
  /** A tiny blurred WebP as a `data:` URL (at most MAX_PLACEHOLDER_LENGTH characters), to show while loading. */
  placeholder: string;
}

export interface StoredPhoto {
  /** Random, never reused: `photos/<ownerPrefix>/<id>/<width>.webp`. */
  id: string;
  width: number;
  height: number;
  placeholder: string;
  /** The variants' widths, narrowest first. */
  widths: number[];
  /** `<ownerPrefix>/<id>`: where the variants live under `photos/`; pass to `photoSrcSet(folder, widths)`. */
  folder: string;
}

/** The type of an image by its first bytes: JPEG, PNG or WebP, or null for anything else. */
export function detectPhotoFormat(bytes: Uint8Array): PhotoFormat | null {
  const starts = (offset: number, ...expected: number[]) => expected.every((byte, i) => bytes[offset + i] === byte);
  if (bytes.length >= 3 && starts(0, 0xff, 0xd8, 0xff)) return "jpeg";
  if (bytes.length >= 8 && starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  // "RIFF" <size> "WEBP"
  if (bytes.length >= 12 && starts(0, 0x52, 0x49, 0x46, 0x46) && starts(8, 0x57, 0x45, 0x42, 0x50)) return "webp";
  return null;
}

/** The widths a photo `width` pixels wide gets variants at (see the module comment). */
export function variantWidths(width: number): number[] {
  const widths: number[] = PHOTO_WIDTHS.filter((w) => w < width);
  const widest = widths[widths.length - 1];
  if (width <= PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1] && (widest === undefined || width >= widest * 1.1)) widths.push(width);
  return widths;
}

// A small semaphore: uploads queue here rather than decode 20 photos at once.
let running = 0;
const waiting: Array<() => void> = [];

async function withProcessingSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= PHOTO_PROCESSING_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function decoderFailure(error: unknown): PhotoError {
  const reason = error instanceof Error ? error.message : String(error);
  return new PhotoError("corrupt", `The image cannot be decoded: ${reason}`, { cause: error });
}

async function makePlaceholder(smallest: Uint8Array): Promise<string> {
  for (const size of [PLACEHOLDER_SIZE, 12, 8]) {
    const bytes = await sharp(smallest)
      .resize({ width: size, height: size, fit: "inside" })
      .blur(0.5)
      .webp({ quality: 40, effort: 6 })
      .toBuffer();
    const url = `data:image/webp;base64,${bytes.toString("base64")}`;
    if (url.length <= MAX_PLACEHOLDER_LENGTH) return url;
  }
  throw new PhotoError("corrupt", "The image's placeholder cannot be made small enough");
}

/**
 * Checks an uploaded photo and makes its variants and placeholder. Throws a PhotoError
 * (`unsupported-type`, `corrupt`, `too-large`, `too-many-pixels`, `too-small`) for anything that
 * is not an acceptable JPEG, PNG or WebP.
 */
export async function processPhoto(bytes: Uint8Array): Promise<ProcessedPhoto> {
  if (!(bytes instanceof Uint8Array)) throw new TypeError("processPhoto() needs the file's bytes as a Uint8Array");
  if (bytes.byteLength > MAX_PHOTO_BYTES) {
    throw new PhotoError("too-large", `The photo is ${bytes.byteLength} bytes; at most ${MAX_PHOTO_BYTES} are accepted`);
  }
  const format = detectPhotoFormat(bytes);
  if (format === null) throw new PhotoError("unsupported-type", "Only JPEG, PNG and WebP photos are accepted");

  return withProcessingSlot(async () => {
    const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    // "error", not sharp's default "warning": phones write JPEGs with harmless warnings
    // (extraneous bytes before a marker); truncation and real decode errors are still refused.
    const source = sharp(input, { failOn: "error", limitInputPixels: MAX_PHOTO_PIXELS, autoOrient: true });
    let metadata: Metadata;
    try {
      metadata = await sharp(input, { limitInputPixels: false }).metadata();
    } catch (error) {
      throw decoderFailure(error);
    }
    if (metadata.format !== format) {
      throw new PhotoError("corrupt", `The file starts like a ${format} but decodes as ${metadata.format}`);
    }
    const { width, height } = metadata.autoOrient;
    if (width * height > MAX_PHOTO_PIXELS) {
      throw new PhotoError("too-many-pixels", `The photo is ${width}×${height}; at most ${MAX_PHOTO_PIXELS / 1_000_000} megapixels are accepted`);
    }
    if (Math.min(width, height) < MIN_PHOTO_SIDE) {
      throw new PhotoError("too-small", `The photo is ${width}×${height}; each side must be at least ${MIN_PHOTO_SIDE} pixels`);
    }

    let variants: PhotoVariant[];
    try {
      variants = await Promise.all(
        variantWidths(width).map(async (variantWidth) => {
          const { data, info } = await source
            .clone()
            .resize({ width: variantWidth, withoutEnlargement: true })
            .webp({ quality: PHOTO_QUALITY })
            .toBuffer({ resolveWithObject: true });
          return { width: info.width, height: info.height, bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
        }),
      );
    } catch (error) {
      throw decoderFailure(error);
    }
    const placeholder = await makePlaceholder(variants[0].bytes);
    return { width, height, format, variants, placeholder };
  });
}

const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
const PHOTO_ID = /^[a-z0-9]{8,64}$/;

/** A random photo id: 20 characters of a-z 0-9 (about 103 bits). */
export function newPhotoId(): string {
  let id = "";
  while (id.length < 20) {
    for (const byte of randomBytes(32)) {
      // 252 = 7 * 36: reject the tail so every character is equally likely.
      if (byte < 252 && id.length < 20) id += ID_ALPHABET[byte % 36];
    }
  }
  return id;
}

function photoFolder(ownerPrefix: string, id: string): string {
  if (typeof id !== "string" || !PHOTO_ID.test(id)) throw new BlobError("invalid-argument", `"${String(id)}" is not a photo id`);
  return `${validateBlobPrefix(ownerPrefix)}/${id}`;
}

/**
 * Processes a photo and stores its variants at `photos/<ownerPrefix>/<id>/<width>.webp`.
 * `ownerPrefix` is one or more key segments (`boats/<keySegment(boatId)>`). If a write fails,
 * the variants already written are removed and the error is rethrown.
 */
export async function storePhoto(blobs: BlobStore, ownerPrefix: string, bytes: Uint8Array): Promise<StoredPhoto> {
  validateBlobPrefix(ownerPrefix);
  const photo = await processPhoto(bytes);
  const id = newPhotoId();
  const folder = photoFolder(ownerPrefix, id);
  try {
    await Promise.all(
      photo.variants.map((variant) =>
        blobs.put(photoVariantKey(folder, variant.width), variant.bytes, {
          contentType: PHOTO_VARIANT_CONTENT_TYPE,
          cacheControl: PHOTO_CACHE_CONTROL,
        }),
      ),
    );
  } catch (error) {
    await blobs.deletePrefix(`photos/${folder}`).catch(() => undefined);
    throw error;
  }
  return {
    id,
    width: photo.width,
    height: photo.height,
    placeholder: photo.placeholder,
    widths: photo.variants.map((variant) => variant.width),
    folder,
  };
}

/** Deletes every variant of one photo. Succeeds when it is already gone. */
export async function deletePhoto(blobs: BlobStore, ownerPrefix: string, id: string): Promise<void> {
  await blobs.deletePrefix(`photos/${photoFolder(ownerPrefix, id)}`);
}

/** Deletes every photo under `ownerPrefix` (a listing being removed). */
export async function deleteAllPhotos(blobs: BlobStore, ownerPrefix: string): Promise<void> {
  await blobs.deletePrefix(`photos/${validateBlobPrefix(ownerPrefix)}`);
}

const PRIVATE_PHOTO_WIDEST = 1280;

/** A private photo (a deposit claim's, a handover record's): one WebP of at most 1280 px wide, with a fresh id. */
export type PrivatePhoto = { id: string; bytes: Uint8Array; width: number; height: number };

/** Runs the pipeline on one upload and keeps the widest variant up to 1280 px; throws the pipeline's `PhotoError`. */
export async function processPrivatePhoto(bytes: Uint8Array): Promise<PrivatePhoto> {
  const processed = await processPhoto(bytes);
  const variant = [...processed.variants].reverse().find((v) => v.width <= PRIVATE_PHOTO_WIDEST) ?? processed.variants[0]!;
  return { id: randomBytes(12).toString("hex"), bytes: variant.bytes, width: variant.width, height: variant.height };
}
