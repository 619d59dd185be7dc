import sharp from "sharp";
import { expect } from "vitest";
import type { Services } from "#app/.server/services";
import type { HeldLicence } from "#app/features/licences";
import { loader as photoLoader } from "#app/features/licences/routes/licence-photo";
import { authedRequest, loadContext, pageRequest } from "./test-services";

/** A photo of a licence card as a phone sends it (a JPEG). */
export const licenceJpeg = async (background = "#1d4f7a") => new Uint8Array(await sharp({ create: { width: 640, height: 400, channels: 3, background } }).jpeg().toBuffer());

/**
 * A licence kept on a test person's profile (issue 49), so the booking summary finds it: by
 * default a Capitán de Yate valid for years, which covers every boat a fixture makes.
 */
export async function giveTestLicence(services: Services, uid: string, licence: { type?: HeldLicence; expiresOn?: string; number?: string } = {}) {
  return services.licences.save(uid, { type: licence.type ?? "capitan-yate", number: licence.number ?? "CY-TEST-0001", expiresOn: licence.expiresOn ?? "2099-12-31", photo: await licenceJpeg() });
}

/**
 * Checks that a booking's licence photo (`url`, as a page links it) is served by its resource route
 * to each of `allowed` (session cookies) as a private WebP, and is a 404 to `stranger` and to a
 * signed-out visitor. Answers the route's params, for the caller's own variations.
 */
export async function expectLicencePhotoPrivate(services: Services, url: string, allowed: string[], stranger: string) {
  const [, , , bookingId, photoId] = url.split("/");
  const params = { bookingId: bookingId!, photoId: photoId! };
  const get = (cookie?: string) => photoLoader({ request: cookie ? authedRequest(url, cookie) : pageRequest(url), params, context: loadContext(services) }) as Promise<Response>;
  for (const cookie of allowed) {
    const served = await get(cookie);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/webp");
    expect(served.headers.get("Cache-Control")).toBe("private, no-store");
  }
  expect((await get(stranger)).status).toBe(404);
  expect((await get()).status).toBe(404);
  return params;
}
