import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { ListingPhoto } from "#app/features/listings/.server";
import { storePhoto } from "../blobs/images";
import type { Services } from "../services";
import type { PhotoProvider } from "./types";

/**
 * Demo photos, generated from the illustrations shipped in public/images: each boat type (and
 * the marina for docks) rendered large in a few colourings, then put through the real photo
 * pipeline (content check, resizing into WebP variants). Listings of a type share the set,
 * so a first start processes a couple of dozen images, not hundreds.
 */
const VARIANTS = 3;
const PHOTOS_PER_LISTING = 2;
const SOURCE_WIDTH = 1600;
const SOURCE_HEIGHT = 960;

function sourceFor(kind: string, type: string): string {
  const file = kind === "dock" ? "docks.svg" : `boats/${type}.svg`;
  return path.resolve("public/images", file);
}

async function render(svgFile: string, variant: number): Promise<Uint8Array> {
  const svg = fs.readFileSync(svgFile);
  const jpeg = await sharp(svg, { density: 384 })
    .resize(SOURCE_WIDTH, SOURCE_HEIGHT, { fit: "cover", position: ["centre", "top", "bottom"][variant % 3] as "centre" })
    .modulate({ hue: [0, 10, -10][variant % 3], saturation: 1 + variant * 0.05, brightness: 1 - variant * 0.05 })
    .jpeg({ quality: 88 })
    .toBuffer();
  return new Uint8Array(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength);
}

export function createDemoPhotoProvider(services: Pick<Services, "blobs">): PhotoProvider {
  const sets = new Map<string, Promise<ListingPhoto[]>>();
  const setFor = (kind: string, type: string) => {
    const key = `${kind}-${type}`;
    let set = sets.get(key);
    if (!set) {
      set = (async () => {
        const photos: ListingPhoto[] = [];
        for (let variant = 0; variant < VARIANTS; variant++) {
          const stored = await storePhoto(services.blobs, `demo/${key}`, await render(sourceFor(kind, type), variant));
          photos.push(stored);
        }
        return photos;
      })();
      sets.set(key, set);
    }
    return set;
  };
  return async (kind, type, index) => {
    const set = await setFor(kind, type);
    return Array.from({ length: PHOTOS_PER_LISTING }, (_, i) => set[(index + i) % set.length]!);
  };
}
