import type { LoaderFunctionArgs } from "@remix-run/node";
import { requestContext } from "#app/.server/http/request-context";
import { plainNotFound, privateDownload } from "#app/.server/http/responses";

/**
 * GET /resources/handover-photo/{bookingId}/{photoId} — one photo of a trip's check-in or
 * check-out (decision 032), for the booking's renter, its owner and the team only: anyone else
 * (signed out, another person) gets the same plain 404 as a photo that does not exist. Shown
 * inline (re-encoded WebP without metadata), never cached, never sniffed, sandboxed.
 */
export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args);
  const user = await ctx.getUser();
  if (!user) return plainNotFound();
  const found = await ctx.services.handover.photo(args.params.bookingId ?? "", args.params.photoId ?? "", { uid: user.uid, role: user.role === "admin" ? "admin" : "user" });
  if (!found) return plainNotFound();
  return privateDownload(found.bytes, "image/webp", `inline; filename="${found.photo.id}.webp"`);
}
