import { expect, test, type Page } from "@playwright/test";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { demoPage } from "./people";

/**
 * The whole money path without JavaScript, on the demo data and the embedded default (no
 * provider: nothing is charged): Costa del Sol Yachting requests Javier's sailing boat six days
 * ahead, Javier accepts, the renter cancels under the moderate policy (50 % of the rental back,
 * never the fee). The booking page, the invoices page, the corrective invoice's PDF and Javier's
 * payouts all tell the same story, to the cent.
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
  await expect(renter.getByText(/^Amarre aún no cobra en línea: al confirmar no se te cobra nada\. Pagarás 420(,00)?\s€ al propietario/)).toBeVisible();
  await renter.getByRole("button", { name: "Enviar la solicitud" }).click();
  await expect(renter).toHaveURL(/\/ajustes\/mis-reservas\/[A-Za-z0-9]{20}$/);
  const id = renter.url().split("/").pop()!.split("?")[0]!;

  const owner = await demoPage(browser, "owner@amarre.test");
  await owner.goto(`/ajustes/gestion-de-alquileres/${id}`);
  // The renter's record before answering.
  await expect(owner.getByRole("heading", { name: "Sobre Costa del Sol Yachting" })).toBeVisible();
  await owner.getByRole("button", { name: "Aceptar" }).click();
  await expect(owner.getByText("Has aceptado la solicitud: la reserva está confirmada.")).toBeVisible();

  await renter.goto(`/ajustes/mis-reservas/${id}`);
  await expect(renter.locator('[data-money-line="rental"]')).toContainText("A pagar al propietario al empezar el viaje");
  await expect(renter.getByText(/Si cancelas ahora, la política moderada devuelve 210(,00)?\s€ \(el 50 % del alquiler\)/)).toBeVisible();
  // Cancelling asks first and repeats what will come back.
  await renter.getByRole("link", { name: "Cancelar la reserva" }).click();
  await expect(renter.getByText(/^La política moderada te devuelve 210(,00)?\s€ \(el 50 % del alquiler\); 252(,00)?\s€ no se devuelve/)).toBeVisible();
  await renter.getByRole("button", { name: "Sí, cancelar la reserva" }).click();
  await expect(renter.getByText("La reserva está cancelada.")).toBeVisible();

  // The booking page: the rental's half no longer owed, the fee still owed; nothing "paid".
  const credited = renter.locator('[data-money-line="refund-rental"]');
  await expect(credited).toContainText("Ya no se debe");
  await expect(credited).toContainText("cancelación del arrendatario, política moderada: 50 % del alquiler");
  const creditedCents = cents((await credited.locator("span.tabular-nums").textContent())!);
  expect(creditedCents).toBe(-210_00);
  await expect(renter.locator('[data-money-line="refund-fee"]')).toHaveCount(0);
  expect(cents((await renter.locator('[data-money-total="owed"]').textContent())!)).toBe(210_00 + 42_00);
  await expect(renter.getByText(/Pagado/)).toHaveCount(0);

  // The invoices: the rental (420 €), the fee (42 €) and one corrective of the rental (−210 €); no fee correction.
  await renter.goto("/ajustes/facturas");
  const rows = renter.locator("tbody tr");
  const totals = (await rows.locator("td.tabular-nums").allTextContents()).map(cents).sort((a, b) => a - b);
  expect(totals).toEqual([-210_00, 42_00, 420_00]);
  const corrective = rows.filter({ hasText: /R-\d{4}-\d{6}/ });
  await expect(corrective).toHaveCount(1);
  const pdfLink = corrective.getByRole("link").first();
  const response = await renter.request.get((await pdfLink.getAttribute("href"))!);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  const pdf = await getDocument({ data: new Uint8Array(await response.body()) }).promise;
  const text = (await (await pdf.getPage(1)).getTextContent()).items.map((item) => ("str" in item ? item.str : "")).join(" ");
  expect(text).toMatch(/[-−]210(,00)?\s€/);
  expect(text).toContain("Costa del Sol Yachting");

  // Javier's payouts: he keeps half of the rental, collected from the renter directly.
  await owner.goto("/ajustes/cobros");
  await expect(owner.locator(`[data-payout="${id}"]`)).toContainText(/210(,00)?\s€/);
});
