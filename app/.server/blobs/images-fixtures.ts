/**
 * Real test images for the photo pipeline's tests, made with sharp: a sideways camera JPEG with
 * EXIF and GPS, a half-transparent PNG, solid colours, a PNG whose header claims another size; and
 * readers of what a processed photo holds (EXIF tags, a pixel).
 */
import sharp from "sharp";

export const RED = { r: 220, g: 20, b: 20 };
export const BLUE = { r: 20, g: 60, b: 200 };

/**
 * A 2000×1500 camera JPEG stored sideways: EXIF orientation 6 (display rotated 90° clockwise),
 * a camera make and a GPS position. Its stored top-left 400×300 corner is red, the rest blue
 * with noise, so the rotation can be seen in the output's pixels.
 */
export async function cameraJpeg(): Promise<Buffer> {
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
export async function transparentPng(): Promise<Buffer> {
  const opaque = await sharp({ create: { width: 400, height: 600, channels: 4, background: { ...RED, alpha: 1 } } }).png().toBuffer();
  return sharp({ create: { width: 800, height: 600, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: opaque, top: 0, left: 0 }])
    .png()
    .toBuffer();
}

export const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: BLUE } });

/** Every tag number in the first IFD of an EXIF block as sharp returns it ("Exif\0\0" + TIFF). */
export function exifIfd0Tags(exif: Buffer): number[] {
  const tiff = exif.subarray(6);
  const little = tiff.toString("latin1", 0, 2) === "II";
  const u16 = (offset: number) => (little ? tiff.readUInt16LE(offset) : tiff.readUInt16BE(offset));
  const u32 = (offset: number) => (little ? tiff.readUInt32LE(offset) : tiff.readUInt32BE(offset));
  const ifd = u32(4);
  return Array.from({ length: u16(ifd) }, (_, i) => u16(ifd + 2 + i * 12));
}
export const GPS_IFD_POINTER = 0x8825;
export const ORIENTATION_TAG = 0x0112;

export function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A real PNG whose header is rewritten to claim `width`×`height` (a decompression bomb's shape). */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await solid(1, 1).png().toBuffer());
  // Signature (8), IHDR length (4), "IHDR" (4), width (4), height (4), … , CRC over type + data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

export async function pixelAt(webp: Uint8Array, x: number, y: number) {
  const { data, info } = await sharp(webp).raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return { r: data[offset], g: data[offset + 1], b: data[offset + 2], a: info.channels === 4 ? data[offset + 3] : 255 };
}
