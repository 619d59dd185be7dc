import { expect, test, type Page } from "@playwright/test";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { demoPage } from "./people";
import { fillLicence } from "./support/licence";

/**
 * The whole money path without JavaScript, on the demo data and the embedded default (no
 * provider: nothing is charged, no service fee, decision 048): Costa del Sol Yachting requests
 * Javier's sailing boat six days ahead, Javier accepts, the renter cancels — nothing had been paid,
 * so nothing is owed by anyone. The booking page, the invoices page, the corrective invoice's PDF
 * and Javier's payouts all tell the same story, to the cent.
 */
test.use({ javaScriptEnabled: false });

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
/** "1.234,56 €" (any spaces) → cents. */
const cents = (text: string) => Math.round(Number(text.replace(/[^\d,−-]/g, "").replace("−", "-").replace(",", ".")) * 100);

async function boatOf(page: Page, title: RegExp): Promise<string> {
  await page.goto("/user/javier-ortega");
  const href = await page.getByRole("link", { name: title }).first().getAttribute("href");
  return new URL(href!, "http://x").pathname.split("/")[2];
}

test("request → accept → cancel: the page, the invoices and the payouts agree, and nothing says paid", async ({ browser }) => {
  test.slow();
  const renter = await demoPage(browser, "costasol@amarre.test");
  const sailing = await boatOf(renter, /Sun Odyssey/);
  await renter.goto(`/boat/rent/boat/ReservationSummary?listing=${sailing}&start=${day(6)}&people=4`);
  await expect(renter.getByText(/^Amarre aún no cobra en línea ni cobra tarifa de servicio: al confirmar no se te cobra nada\. Pagarás 420(,00)?\s€ al propietario/)).toBeVisible();
  // A 12 m sailing boat without a skipper asks for a PER (issue 49).
  await fillLicence(renter, "per");
  await renter.getByRole("button", { name: "Enviar la solicitud" }).click();
  await expect(renter).toHaveURL(/\/ajustes\/mis-reservas\/[A-Za-z0-9]{20}$/);
  const id = renter.url().split("/").pop()!.split("?")[0]!;
  // A request: what acceptance will owe, shown before the owner answers.
  await expect(renter.locator('[data-money-line="rental"]')).toContainText("A pagar al propietario al empezar el viaje");

  const owner = await demoPage(browser, "owner@amarre.test");
  await owner.goto(`/ajustes/gestion-de-alquileres/${id}`);
  // The renter's record before answering, and what the owner would receive.
  await expect(owner.getByRole("heading", { name: "Sobre Costa del Sol Yachting" })).toBeVisible();
  expect(cents((await owner.locator('[data-money-total="earns"]').textContent())!)).toBe(420_00);
  await owner.getByRole("button", { name: "Aceptar" }).click();
  await expect(owner.getByText("Has aceptado la solicitud: la reserva está confirmada.")).toBeVisible();

  await renter.goto(`/ajustes/mis-reservas/${id}`);
  await expect(renter.locator('[data-money-line="rental"]')).toContainText("A pagar al propietario al empezar el viaje");
  expect(cents((await renter.locator('[data-money-total="owed"]').textContent())!)).toBe(420_00);
  await expect(renter.getByText("Amarre no ha cobrado nada de esta reserva: si cancelas, no debes nada.")).toBeVisible();
  // Cancelling asks first and repeats what it costs: nothing.
  await renter.getByRole("link", { name: "Cancelar la reserva" }).click();
  await expect(renter.getByText("Amarre no ha cobrado nada: cancelar no te cuesta nada y los días vuelven a quedar libres.")).toBeVisible();
  await renter.getByRole("button", { name: "Sí, cancelar la reserva" }).click();
  await expect(renter.getByText("La reserva está cancelada.")).toBeVisible();

  // The booking page: the whole rental no longer owed, nothing left to pay; no fee; nothing "paid".
  const credited = renter.locator('[data-money-line="refund-rental"]');
  await expect(credited).toContainText("Ya no se debe");
  expect(cents((await credited.locator("span.tabular-nums").textContent())!)).toBe(-420_00);
  await expect(renter.locator('[data-money-line="fee"]')).toHaveCount(0);
  expect(cents((await renter.locator('[data-money-total="notDue"]').textContent())!)).toBe(0);
  expect(cents((await renter.locator('[data-price="pays"]').textContent())!)).toBe(0);
  await expect(renter.getByText(/Pagado/)).toHaveCount(0);

  // The invoices: the rental (420 €) and one corrective annulling it (−420 €); no fee's.
  await renter.goto("/ajustes/facturas");
  // Costa del Sol Yachting also owns boats (its invoices to its own renters are listed too): Javier's only.
  const rows = renter.locator("tbody tr", { hasText: "Javier Ortega" });
  const totals = (await rows.locator("td.tabular-nums").allTextContents()).map(cents).sort((a, b) => a - b);
  expect(totals).toEqual([-420_00, 420_00]);
  const corrective = rows.filter({ hasText: /R-\d{4}-\d{6}/ });
  await expect(corrective).toHaveCount(1);
  const pdfLink = corrective.getByRole("link").first();
  const response = await renter.request.get((await pdfLink.getAttribute("href"))!);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  const pdf = await getDocument({ data: new Uint8Array(await response.body()) }).promise;
  const text = (await (await pdf.getPage(1)).getTextContent()).items.map((item) => ("str" in item ? item.str : "")).join(" ");
  expect(text).toMatch(/[-−]420(,00)?\s€/);
  expect(text).toContain("Costa del Sol Yachting");

  // Javier's payouts: nothing to collect from a trip cancelled before anything was paid.
  await owner.goto("/ajustes/cobros");
  await expect(owner.locator(`[data-payout="${id}"]`)).toHaveCount(0);
});
