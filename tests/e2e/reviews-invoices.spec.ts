import { expect, test } from "@playwright/test";
import { demoPage } from "./people";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/**
 * Reviews and invoices without JavaScript, on the demo data: Lucía reviews her completed trip on
 * Javier's sailing boat, Javier answers, and both show on the boat's page; Lucía downloads one of
 * her invoices and the PDF says what it must; nobody else can download it. The corrective invoice
 * of her demo refund names its rule and the invoice it corrects, and the fee is not corrected.
 */
test.use({ javaScriptEnabled: false });

test("the renter reviews her completed trip, the owner answers, and the boat's page shows both", async ({ browser }) => {
  test.slow();
  const renter = await demoPage(browser, "renter@amarre.test");
  await renter.goto("/ajustes/opiniones");
  const trip = renter.locator("article", { has: renter.getByText(/Sun Odyssey/) }).first();
  await expect(trip).toBeVisible();
  const boatHref = await trip.getByRole("link").first().getAttribute("href");
  await trip.getByRole("radio").nth(0).check();
  await trip.getByLabel("Tu opinión").fill("Un velero precioso y Javier lo explicó todo con paciencia.");
  await trip.getByRole("button", { name: "Publicar opinión" }).click();
  await expect(renter.getByText("Gracias: tu opinión ya está publicada.")).toBeVisible();
  await expect(renter.locator("#escritas").getByText("Un velero precioso")).toBeVisible();

  const owner = await demoPage(browser, "owner@amarre.test");
  await owner.goto("/ajustes/opiniones");
  const review = owner.locator("#recibidas article", { has: owner.getByText("Un velero precioso") });
  await review.getByLabel("Tu respuesta (solo una)").fill("¡Gracias, Lucía! Vuelve cuando quieras.");
  await review.getByRole("button", { name: "Publicar respuesta" }).click();
  await expect(owner.getByText("Tu respuesta ya está publicada.")).toBeVisible();

  const visitor = await browser.newPage({ javaScriptEnabled: false, locale: "es-ES" });
  await visitor.context().addCookies([{ name: "i18n_redirected", value: "es", url: "http://127.0.0.1" }]);
  await visitor.goto(boatHref!);
  const section = visitor.locator("section", { has: visitor.getByRole("heading", { name: "Opiniones" }) });
  await expect(section.getByText("Un velero precioso")).toBeVisible();
  await expect(section.getByText("¡Gracias, Lucía! Vuelve cuando quieras.")).toBeVisible();
  await expect(section.getByText(/1 opinión/)).toBeVisible();
});

test("the renter downloads an invoice as a PDF that names the parties and the total; a stranger cannot", async ({ browser }) => {
  const renter = await demoPage(browser, "renter@amarre.test");
  await renter.goto("/ajustes/facturas");
  await expect(renter.getByRole("heading", { name: "Mis facturas" })).toBeVisible();
  const link = renter.getByRole("link", { name: /^Descargar PDF de la factura A-/ }).first();
  const number = (await link.getAttribute("aria-label"))!.replace(/^Descargar PDF de la factura /, "");
  const url = new URL((await link.getAttribute("href"))!, renter.url()).toString();
  const response = await renter.request.get(url);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  const doc = await getDocument({ data: new Uint8Array(await response.body()), verbosity: 0 }).promise;
  const text = (await (await doc.getPage(1)).getTextContent()).items.map((item) => ("str" in item ? item.str : "")).join(" ");
  for (const expected of ["Factura de alquiler", number, "EMISOR", "DESTINATARIO", "Lucía Martín", "Total", "€"]) expect(text).toContain(expected);

  // Someone who is neither its buyer nor its seller.
  const stranger = await demoPage(browser, text.includes("Javier Ortega") ? "pro@amarre.test" : "owner@amarre.test");
  expect((await stranger.request.get(url)).status()).toBe(404);
  expect((await browser.newPage()).request.get(url).then((r) => r.status())).resolves.toBe(404);
});

test("the demo cancellation's corrective invoice says why and what it corrects, on the page and in its PDF; no fee is invoiced", async ({ browser }) => {
  const renter = await demoPage(browser, "renter@amarre.test");
  await renter.goto("/ajustes/facturas");
  // Lucía's cancellation 30 days ahead: nothing had been paid (no online payments, decision 048), the whole rental annulled.
  // (Other browser tests may cancel bookings of hers too: this one is the Activ 755's.)
  const corrective = renter.locator("tbody tr").filter({ hasText: "Factura rectificativa" }).filter({ hasText: "Activ 755" });
  await expect(corrective).toHaveCount(1);
  await expect(corrective).toContainText(/Rectifica la factura A-\d{4}-\d{6} del \d+ de \w+ de \d{4}/);
  await expect(corrective).toContainText(/Cancelación el .+, antes del viaje: Amarre no cobraba en línea y no se había pagado nada, así que se anula el importe entero del alquiler\./);
  await expect(renter.locator("tbody tr").filter({ hasText: /F-\d{4}-\d{6}/ }).filter({ hasText: "Activ 755" })).toHaveCount(0);
  const corrected = (await corrective.textContent())!.match(/Rectifica la factura (A-\d{4}-\d{6})/)![1]!;
  const cents = (text: string) => Math.round(Number(text.replace(/[^\d,-]/g, "").replace(",", ".")) * 100);
  const original = renter.locator("tbody tr", { has: renter.locator("th", { hasText: corrected }) });
  expect(cents((await corrective.locator("td.tabular-nums").textContent())!)).toBe(-cents((await original.locator("td.tabular-nums").textContent())!));

  const response = await renter.request.get(new URL((await corrective.getByRole("link").getAttribute("href"))!, renter.url()).toString());
  const doc = await getDocument({ data: new Uint8Array(await response.body()), verbosity: 0 }).promise;
  const text = (await (await doc.getPage(1)).getTextContent()).items.map((item) => ("str" in item ? item.str : "")).join(" ").replace(/\s+/g, " ");
  for (const expected of ["Factura rectificativa", `Rectifica la factura ${corrected}`, "no se había pagado nada", "Lucía Martín", "Alquiler (1 día)"]) expect(text).toContain(expected);
});
