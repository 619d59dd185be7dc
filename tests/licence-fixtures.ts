import sharp from "sharp";
import type { Services } from "#app/.server/services";
import type { HeldLicence } from "#app/features/licences";

/** A photo of a licence card as a phone sends it (a JPEG). */
export const licenceJpeg = async (background = "#1d4f7a") => new Uint8Array(await sharp({ create: { width: 640, height: 400, channels: 3, background } }).jpeg().toBuffer());

/**
 * A licence kept on a test person's profile (issue 49), so the booking summary finds it: by
 * default a Capitán de Yate valid for years, which covers every boat a fixture makes.
 */
export async function giveTestLicence(services: Services, uid: string, licence: { type?: HeldLicence; expiresOn?: string; number?: string } = {}) {
  return services.licences.save(uid, { type: licence.type ?? "capitan-yate", number: licence.number ?? "CY-TEST-0001", expiresOn: licence.expiresOn ?? "2099-12-31", photo: await licenceJpeg() });
}
