import { createHash } from "node:crypto";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requestContext } from "#app/.server/http/request-context";
import { plainNotFound } from "#app/.server/http/responses";
import { PHOTO_CACHE_CONTROL, PHOTO_VARIANT_CONTENT_TYPE } from "#app/utils/photos";

/**
 * GET /photos/<ownerPrefix>/<id>/<width>.webp — one stored photo variant (see
 * `app/.server/blobs/images.ts`, owned by the listing-photos service). Variants never change (ids are random and never reused), so
 * they are cached for a year as immutable; the ETag (a hash of the bytes) answers revalidations
 * with 304. Anything that is not a stored WebP variant under `photos/` — a missing photo, a
 * malformed or `../` path, another kind of blob — is a plain 404, never an error. A draft's photos
 * (a listing never published) are its owner's alone: anyone else gets the same 404, and the
 * owner's copy is marked `private` so no shared cache keeps it.
 */

/** A draft's photo, for its owner's browser only (it becomes public, and shared, once published). */
const PRIVATE_PHOTO_CACHE_CONTROL = "private, no-cache";

function entityTag(bytes: Uint8Array): string {
  return `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 32)}"`;
}

/** If-None-Match with weak comparison (RFC 9110 §13.1.2): `*`, or any listed tag equal to `etag`. */
function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args);
  const { request } = ctx;
  // The listing-photos service checks the path: only a stored variant under `photos/` comes back.
  const blob = await ctx.services.listingPhotos.variant(args.params["*"] ?? "");
  if (blob.status === "unavailable") {
    return new Response("Photo storage is unavailable; try again shortly", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "5" },
    });
  }
  if (blob.status === "missing") return plainNotFound();
  if (blob.privateTo !== null) {
    const viewer = await ctx.getUser();
    if (viewer?.uid !== blob.privateTo) return plainNotFound();
  }

  const etag = entityTag(blob.bytes);
  const cacheHeaders = {
    "Cache-Control": blob.privateTo === null ? PHOTO_CACHE_CONTROL : PRIVATE_PHOTO_CACHE_CONTROL,
    ETag: etag,
    ...(blob.privateTo === null ? {} : { Vary: "Cookie" }),
  };
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
