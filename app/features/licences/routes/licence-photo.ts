import type { LoaderFunctionArgs } from "@remix-run/node";
import { requestContext } from "#app/.server/http/request-context";
import { plainNotFound, privateDownload } from "#app/.server/http/responses";

/**
 * GET /resources/licence-photo/{bookingId}/{photoId} — the photo of the licence given with a
 * booking, for its renter, its owner and the team; GET /resources/my-licence-photo/{uid}/{photoId}
 * — the one kept on a person's profile, for that person and the team (issue 49). Anyone else
 * (signed out, another person) gets the same plain 404 as a photo that does not exist. Shown
 * inline (re-encoded WebP without metadata), never cached, never sniffed, sandboxed.
 */
export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args);
  const user = await ctx.getUser();
  if (!user) return plainNotFound();
  const viewer = { uid: user.uid, role: user.role === "admin" ? ("admin" as const) : ("user" as const) };
  const photoId = args.params.photoId ?? "";
  const bytes =
    args.params.uid !== undefined
      ? await ctx.services.licences.profilePhoto(args.params.uid, photoId, viewer)
      : await ctx.services.licences.bookingPhoto(args.params.bookingId ?? "", photoId, viewer);
  if (!bytes) return plainNotFound();
  return privateDownload(bytes, "image/webp", `inline; filename="licence-${photoId.replace(/[^A-Za-z0-9]/g, "")}.webp"`);
}
