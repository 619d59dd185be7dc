import { createHash } from "node:crypto";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { isBlobError, isValidBlobKey, type BlobStore } from "#app/.server/blobs";
import { PHOTO_CACHE_CONTROL, PHOTO_VARIANT_CONTENT_TYPE } from "#app/utils/photos";

/**
 * GET /photos/<ownerPrefix>/<id>/<width>.webp — one stored photo variant (see
 * `app/.server/blobs/images.ts`). Variants never change (ids are random and never reused), so
 * they are cached for a year as immutable; the ETag (a hash of the bytes) answers revalidations
 * with 304. Anything that is not a stored WebP variant under `photos/` — a missing photo, a
 * malformed or `../` path, another kind of blob — is a plain 404, never an error.
 */

/** What this route needs from the load context (`services.blobs`). */
interface PhotoLoadContext {
  services: { blobs: BlobStore };
}

/** `photos/<ownerPrefix>/<id>/<width>.webp`, the width a positive integer without leading zeros. */
const VARIANT_KEY = /^photos\/(?:[^/]+\/){2,}[1-9][0-9]{0,4}\.webp$/;

function notFound(): Response {
  return new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

function entityTag(bytes: Uint8Array): string {
  return `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 32)}"`;
}

/** If-None-Match with weak comparison (RFC 9110 §13.1.2): `*`, or any listed tag equal to `etag`. */
function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const key = `photos/${params["*"] ?? ""}`;
  if (!VARIANT_KEY.test(key) || !isValidBlobKey(key)) return notFound();

  const { blobs } = (context as unknown as PhotoLoadContext).services;
  let blob;
  try {
    blob = await blobs.get(key);
  } catch (error) {
    if (isBlobError(error, "unavailable") || isBlobError(error, "deadline-exceeded")) {
      return new Response("Photo storage is unavailable; try again shortly", {
        status: 503,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "5" },
      });
    }
    throw error;
  }
  // Only WebP variants are served from here, whatever else a key under photos/ might hold.
  if (blob === null || blob.contentType !== PHOTO_VARIANT_CONTENT_TYPE) return notFound();

  const etag = entityTag(blob.bytes);
  const cacheHeaders = { "Cache-Control": PHOTO_CACHE_CONTROL, ETag: etag };
  if (matchesIfNoneMatch(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers: cacheHeaders });
  }
  // Both adapters return views of plain ArrayBuffers.
  return new Response(blob.bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      ...cacheHeaders,
      "Content-Type": PHOTO_VARIANT_CONTENT_TYPE,
      "Content-Length": String(blob.bytes.byteLength),
    },
  });
}
