import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";

/**
 * Without JavaScript, the demo owner lists a berth for rent through every step, publishes it,
 * and it appears in the docks search and on its page in the four languages.
 */
test.use({ javaScriptEnabled: false });

let photoPath: string;
test.beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-e2e-dock-"));
  photoPath = path.join(dir, "pantalan.jpg");
  await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 170, b: 90 } } }).jpeg().toFile(photoPath);
});
test.afterAll(() => fs.rmSync(path.dirname(photoPath), { recursive: true, force: true }));

async function saveAndContinue(page: Page, nextStep: string) {
  await page.getByRole("button", { name: "Guardar y continuar" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]step=${nextStep}(&|$)`));
}

test("the demo owner lists a berth for rent, and it shows in search and on its page in four languages", async ({ page, context }) => {
  await context.addCookies([{ name: "i18n_redirected", value: "es", url: "http://127.0.0.1" }]);
  await page.goto("/login?redirect=%2Fdock%2Fform%2Fadd-dock-rent");
  await page.getByLabel(/correo/i).fill("owner@amarre.test");
  await page.locator('input[name="password"]').fill("amarre-demo");
  await page.locator("form#login button[type=submit]").click();
  await expect(page).toHaveURL(/\/dock\/form\/add-dock-rent$/);

  const berth = `E2E-${Date.now().toString(36).slice(-6)}`;
  await page.getByLabel("Puerto", { exact: true }).selectOption("marina-ibiza");
  await page.getByLabel("Número de amarre o de boya (opcional)").fill(berth);
  await page.getByLabel("Descripción en español").fill("Amarre en pantalán con agua y luz, a cinco minutos a pie del casco antiguo de Ibiza.");
  await saveAndContinue(page, "features");

  // An empty features step answers with field messages and keeps what was saved.
  await page.getByRole("button", { name: "Guardar y continuar" }).click();
  await expect(page.getByLabel("Eslora máxima (m)")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Amarre en pantalán").check();
  await page.getByLabel("Eslora máxima (m)").fill("12");
  await page.getByLabel("Manga máxima (m)").fill("4,2");
  await page.getByLabel("Calado (m)").fill("3");
  await page.getByLabel("Agua", { exact: true }).check();
  await page.getByLabel("Electricidad", { exact: true }).check();
  await page.getByLabel("Amperaje de la toma (A)").fill("32");
  await saveAndContinue(page, "pricing");

  await page.getByLabel("Precio por mes (€)").fill("1.200");
  await page.getByLabel("Disponible desde").fill("2027-05-01");
  await saveAndContinue(page, "photos");

  await page.getByLabel("Elige una o varias fotos").setInputFiles(photoPath);
  await page.getByRole("button", { name: "Subir fotos" }).click();
  await expect(page.getByText("1 foto añadida.")).toBeVisible();
  await page.getByRole("link", { name: "Continuar a la revisión" }).click();
  await page.getByRole("button", { name: "Publicar anuncio" }).click();
  await expect(page).toHaveURL(/\/ajustes\/mis-barcos#listing-/);
  const id = new URL(page.url()).hash.slice("#listing-".length);
  // Its owner's list names it as its public page does (type, port and number), not "untitled".
  await page.goto(`/dock/${id}`);
  const title = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
  expect(title).toContain(berth);
  await page.goto("/ajustes/mis-barcos");
  await expect(page.locator(`#listing-${id}`)).toContainText(title);

  // In the docks search (berths for rent in Ibiza) and on its page, in every language.
  await page.goto("/docks?kind=rent&place=Ibiza");
  await expect(page.locator(`main a[href="/dock/${id}"]`).first()).toBeVisible();
  for (const [prefix, lang] of [["", "es"], ["/en", "en"], ["/fr", "fr"], ["/de", "de"]] as const) {
    const response = await page.goto(`${prefix}/dock/${id}`);
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page.getByText(berth).first()).toBeVisible();
    await expect(page.getByText(/1[.,\s ]?200/).first()).toBeVisible();
  }
});
