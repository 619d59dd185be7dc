import sharp from "sharp";
import type { Page } from "@playwright/test";

/**
 * Fills the booking summary's licence (issue 49) as a person does: a boat that needs one, taken
 * without a skipper, asks for it. The number and date typed, the title chosen, and a photo unless
 * one is kept on the person's profile already.
 */
export async function fillLicence(page: Page, type: "pnb" | "per" | "patron-yate" = "per") {
  const fields = page.locator("[data-licence-fields]");
  await fields.locator("select[name=licenceType]").selectOption(type);
  await fields.locator("input[name=licenceNumber]").fill(`${type.toUpperCase()}-E2E-0001`);
  await fields.locator("input[name=licenceExpiresOn]").fill("2035-12-31");
  if ((await fields.locator("[data-licence-photo]").count()) === 0) {
    const buffer = await sharp({ create: { width: 640, height: 400, channels: 3, background: "#1d4f7a" } }).jpeg().toBuffer();
    await fields.locator("input[name=licencePhoto]").setInputFiles({ name: "titulacion.jpg", mimeType: "image/jpeg", buffer });
  }
}
