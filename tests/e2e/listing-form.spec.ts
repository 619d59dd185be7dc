import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { demoPage } from "./people";

/**
 * The listing form without JavaScript: the demo owner lists a motor boat through every step
 * (plain POSTs and redirects), leaves it as a draft, finds it in the drafts, resumes it,
 * uploads a photo, publishes it and sees it in /ajustes/mis-barcos.
 */
test.use({ javaScriptEnabled: false });

let photoPath: string;
test.beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-e2e-photo-"));
  photoPath = path.join(dir, "lancha.jpg");
  await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 24, g: 92, b: 170 } } })
    .jpeg()
    .toFile(photoPath);
});
test.afterAll(() => {
  fs.rmSync(path.dirname(photoPath), { recursive: true, force: true });
});

async function saveAndContinue(page: Page, nextStep: string) {
  await page.getByRole("button", { name: "Guardar y continuar" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]step=${nextStep}(&|$)`));
}

test("the demo owner lists a motor boat step by step, saves it as a draft, resumes and publishes it", async ({ page, context }) => {
  // A long flow (eight steps, photos, four languages): on two shared cores it needs more than 30 s.
  test.slow();
  await context.addCookies([{ name: "i18n_redirected", value: "es", url: "http://127.0.0.1" }]);
  const title = `Lancha Rinker 28 de prueba ${Date.now().toString(36)}`;

  // Sign in; the form area sends anonymous people to the login first.
  await page.goto("/boat/form/add-boat-select");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fboat%2Fform%2Fadd-boat-select$/);
  await page.getByLabel(/correo/i).fill("owner@amarre.test");
  await page.locator('input[name="password"]').fill("amarre-demo");
  await page.locator("form#login button[type=submit]").click();
  await expect(page).toHaveURL(/\/boat\/form\/add-boat-select$/);

  // Choose the type, then the basics create the draft.
  await page.getByRole("link", { name: /Barco a motor/ }).click();
  await expect(page).toHaveURL(/\/boat\/form\/add-motor-boat$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nuevo barco a motor");
  await page.getByRole("button", { name: "Guardar y continuar" }).click();
  await expect(page.getByText("Escribe la descripción al menos en un idioma")).toBeVisible();
  await page.getByLabel("Título del anuncio").fill(title);
  await page.getByLabel("Descripción en español").fill("Lancha cómoda para ocho personas, perfecta para las calas del sur de Mallorca.");
  await saveAndContinue(page, "specs");
  await expect(page.getByRole("navigation", { name: "Pasos del anuncio" }).getByRole("link", { name: /Lo básico/ })).toContainText("completado");

  // Specs: a wrong year first (400, the values typed stay), then right.
  await page.getByLabel("Marca o astillero").fill("Rinker");
  await page.getByLabel("Modelo").fill("Captiva 282");
  await page.getByLabel("Año de construcción").fill("1700");
  await page.getByLabel("Eslora (m)").fill("8,5");
  await page.getByLabel("Capacidad (personas)").fill("8");
  await page.getByLabel("Camarotes").fill("1");
  await page.getByLabel("Literas").fill("2");
  await page.getByLabel("Potencia del motor (CV)").fill("300");
  await page.getByLabel("Gasolina").check();
  await page.getByLabel("GPS", { exact: true }).check();
  await page.getByLabel("Escalera de baño").check();
  await page.getByRole("button", { name: "Guardar y continuar" }).click();
  await expect(page.getByText("El número debe ser mayor o igual a 1950")).toBeVisible();
  await expect(page.getByLabel("Marca o astillero")).toHaveValue("Rinker");
  await expect(page.getByLabel("Año de construcción")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Año de construcción").fill("2019");
  await saveAndContinue(page, "location");

  await page.getByLabel("Puerto", { exact: true }).selectOption("club-de-mar-palma");
  await saveAndContinue(page, "pricing");

  await page.getByLabel("Precio por día (€)").fill("450,50");
  await page.getByLabel("Fianza (€)").fill("1.500");
  await page.getByLabel("Sin patrón").check();
  await saveAndContinue(page, "conditions");

  // Conditions, then "save and exit": the draft waits in the drafts page.
  await page.getByLabel("Titulación necesaria").selectOption("per");
  await page.getByLabel("Incluido en el precio").check();
  await page.getByLabel("Moderada").check();
  await page.getByRole("button", { name: "Guardar y salir" }).click();
  await expect(page).toHaveURL(/\/ajustes\/recopilar-borrador-alquiler#listing-/);
  await expect(page.getByRole("status").filter({ hasText: `Borrador guardado: «${title}»` })).toBeVisible();
  const draft = page.getByRole("list", { name: "Tus borradores" }).getByRole("listitem").filter({ hasText: title });
  await expect(draft).toContainText("5 de 7 pasos completados");

  // Resume: it opens at the first open step, the photos.
  await draft.getByRole("link", { name: `Continuar «${title}»` }).click();
  await expect(page).toHaveURL(/\/boat\/form\/add-motor-boat\?id=[^&]+&step=photos$/);
  await page.getByLabel("Elige una o varias fotos").setInputFiles(photoPath);
  await page.getByRole("button", { name: "Subir fotos" }).click();
  await expect(page.getByText("1 foto añadida.")).toBeVisible();
  const thumbnail = page.getByRole("img", { name: "Foto 1 del anuncio" });
  await expect(thumbnail).toBeVisible();
  const photo = await page.request.get((await thumbnail.getAttribute("src"))!);
  expect(photo.status()).toBe(200);
  expect(photo.headers()["content-type"]).toBe("image/webp");

  // Review and publish.
  await page.getByRole("link", { name: "Continuar a la revisión" }).click();
  await expect(page).toHaveURL(/step=review$/);
  await expect(page.getByText("Todo listo: tu anuncio se puede publicar.")).toBeVisible();
  await page.getByRole("button", { name: "Publicar anuncio" }).click();
  await expect(page).toHaveURL(/\/ajustes\/mis-barcos#listing-/);
  await expect(page.getByRole("status").filter({ hasText: `«${title}» está publicado.` })).toBeVisible();
  const row = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
  await expect(row).toContainText("Publicado");
  await expect(row).toContainText("Club de Mar");
  await expect(row).toContainText("450,50 € / día");
  await expect(row.getByRole("button", { name: "Pausar" })).toBeVisible();

  // It is gone from the drafts.
  await page.goto("/ajustes/recopilar-borrador-alquiler");
  await expect(page.getByText(title)).toHaveCount(0);

  // Edit it: the published boat opens in the same form; a new price shows everywhere.
  await page.goto("/ajustes/mis-barcos");
  const listed = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
  await listed.getByRole("link", { name: "Editar" }).click();
  await expect(page).toHaveURL(/\/boat\/form\/add-motor-boat\?id=/);
  const id = new URL(page.url()).searchParams.get("id")!;
  await page.goto(`/boat/form/add-motor-boat?id=${id}&step=pricing`);
  await expect(page.getByLabel("Precio por día (€)")).toHaveValue(/450,5/);
  await page.getByLabel("Precio por día (€)").fill("475");
  await page.getByRole("button", { name: "Guardar y continuar" }).click();
  await expect(page).toHaveURL(/step=conditions/);

  // In the search, and on its page in the four languages.
  await page.goto("/alquiler-barco/barco-a-motor?place=Palma&sort=newest");
  await expect(page.locator(`main a[href="/boat/${id}"]`).first()).toBeVisible();
  for (const [prefix, lang] of [["", "es"], ["/en", "en"], ["/fr", "fr"], ["/de", "de"]] as const) {
    const response = await page.goto(`${prefix}/boat/${id}`);
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByText(/475/).first()).toBeVisible();
  }
});

test("'save and leave' without JavaScript keeps what is valid and leaves without errors", async ({ browser }) => {
  const page = await demoPage(browser, "owner@amarre.test");
  const description = `Velero para navegar tranquilo por la bahía ${Date.now().toString(36)}.`;

  // The basics: a title too short is left out, the description is kept.
  await page.goto("/boat/form/add-vela-boat");
  await page.getByLabel("Título del anuncio").fill("Corto");
  await page.getByLabel("Descripción en español").fill(description);
  await page.getByRole("button", { name: "Guardar y salir" }).click();
  await expect(page).toHaveURL(/\/ajustes\/recopilar-borrador-alquiler#listing-/);
  await expect(page.getByText("Requerido")).toHaveCount(0);
  const id = new URL(page.url()).hash.slice("#listing-".length);
  const draft = page.locator(`li[data-listing-id="${id}"]`);
  await expect(draft).toContainText("0 de 7 pasos completados");

  await page.goto(`/boat/form/add-vela-boat?id=${id}&step=basics`);
  await expect(page.getByLabel("Título del anuncio")).toHaveValue("");
  await expect(page.getByLabel("Descripción en español")).toHaveValue(description);
  await expect(page.getByText("Paso 1 de 7 · Lo básico")).toBeVisible();

  // An empty step: no "Requerido", straight back to the drafts; one field typed is kept.
  await page.goto(`/boat/form/add-vela-boat?id=${id}&step=specs`);
  await page.getByRole("button", { name: "Guardar y salir" }).click();
  await expect(page).toHaveURL(new RegExp(`/ajustes/recopilar-borrador-alquiler#listing-${id}$`));
  await expect(page.getByText("Requerido")).toHaveCount(0);
  await page.goto(`/boat/form/add-vela-boat?id=${id}&step=specs`);
  await page.getByLabel("Marca o astillero").fill("Beneteau");
  await page.getByLabel("Año de construcción").fill("1700");
  await page.getByRole("button", { name: "Guardar y salir" }).click();
  await expect(page).toHaveURL(/\/ajustes\/recopilar-borrador-alquiler#listing-/);
  await page.goto(`/boat/form/add-vela-boat?id=${id}&step=specs`);
  await expect(page.getByLabel("Marca o astillero")).toHaveValue("Beneteau");
  await expect(page.getByLabel("Año de construcción")).toHaveValue("");

  // "Save and continue" still checks everything.
  await page.getByRole("button", { name: "Guardar y continuar" }).click();
  await expect(page.getByText("Requerido").first()).toBeVisible();
  await page.context().close();
});
