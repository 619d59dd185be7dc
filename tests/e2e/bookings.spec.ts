import { expect, test, type Page } from "@playwright/test";
import { demoPage } from "./people";
import { fillLicence } from "./support/licence";

/**
 * Booking without JavaScript, over plain HTTP, on the demo data: the renter books Javier's
 * instant motorboat and requests his sailing boat; Javier accepts the request and declines
 * Marta's; the renter cancels the instant booking after reading the refund. Days far ahead so
 * no other test or seeded booking holds them.
 */
test.use({ javaScriptEnabled: false });

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** The id of one of Javier's boats, from his public page. */
async function javiersBoat(page: Page, title: RegExp): Promise<string> {
  await page.goto("/user/javier-ortega");
  const href = await page.getByRole("link", { name: title }).first().getAttribute("href");
  return new URL(href!, "http://x").pathname.split("/")[2];
}

async function choose(page: Page, boatId: string, fields: { start: string; end?: string; people: string }) {
  await page.goto(`/boat/rent/boat/${boatId}`);
  await page.getByLabel("Primer día").fill(fields.start);
  if (fields.end) await page.getByLabel("Último día").fill(fields.end);
  await page.getByLabel("Personas").fill(fields.people);
  await page.getByRole("button", { name: "Ver el precio" }).click();
  await expect(page).toHaveURL(/\/boat\/rent\/boat\/ReservationSummary\?/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Resumen de la reserva");
}

test("the renter books and requests, the owner answers, the renter cancels after reading that it costs nothing", async ({ browser }) => {
  // Two people, sixteen pages: on two shared cores it needs more than 30 s.
  test.slow();
  const renter = await demoPage(browser, "renter@amarre.test");
  const motorboat = await javiersBoat(renter, /Cap Camarat/);
  const sailing = await javiersBoat(renter, /Sun Odyssey/);

  // An instant booking: confirmed at once.
  await choose(renter, motorboat, { start: day(120), end: day(121), people: "4" });
  // No service fee without online payments (decision 048): the rental is paid to the owner at the start.
  await expect(renter.getByText(/Pagarás .* al propietario al empezar el viaje\./)).toBeVisible();
  await expect(renter.getByText("Tarifa de servicio (10 %)")).toHaveCount(0);
  await renter.getByRole("button", { name: "Confirmar la reserva" }).click();
  await expect(renter).toHaveURL(/\/ajustes\/mis-reservas\/[A-Za-z0-9]{20}$/);
  const instantUrl = renter.url();
  await expect(renter.getByText("Confirmada", { exact: true })).toBeVisible();

  // The same days again: taken (409), with the message on the page.
  const again = await renter.goto(`/boat/rent/boat/ReservationSummary?listing=${motorboat}&start=${day(121)}&people=2`);
  expect(again?.status()).toBe(409);
  await expect(renter.getByText("Esos días ya no están libres. Elige otros días.")).toBeVisible();

  // Lucía already waits for an answer on the sailing boat: a second request for it is refused (no squatting).
  await choose(renter, sailing, { start: day(130), end: day(131), people: "5" });
  // A 12 m sailing boat without a skipper asks for a PER (issue 49): she gives hers.
  await fillLicence(renter, "per");
  await renter.getByRole("button", { name: "Enviar la solicitud" }).click();
  await expect(renter.getByText(/^Ya tienes una solicitud pendiente para este anuncio\./)).toBeVisible();

  // A request from Nàutica Balear Charter: pending until the owner answers.
  const requester = await demoPage(browser, "balear@amarre.test");
  await choose(requester, sailing, { start: day(130), end: day(131), people: "5" });
  await fillLicence(requester, "per");
  await requester.getByRole("button", { name: "Enviar la solicitud" }).click();
  await expect(requester).toHaveURL(/\/ajustes\/mis-reservas\/[A-Za-z0-9]{20}$/);
  const requestId = requester.url().split("/").pop()!.split("?")[0]!;
  await expect(requester.getByText("Esperando al propietario", { exact: true })).toBeVisible();

  // Javier accepts it, and declines Marta's request.
  const owner = await demoPage(browser, "owner@amarre.test");
  await owner.goto("/ajustes/gestion-de-alquileres");
  await expect(owner.getByRole("heading", { name: /Solicitudes por responder/ })).toBeVisible();
  await owner.goto(`/ajustes/gestion-de-alquileres/${requestId}`);
  await owner.getByRole("button", { name: "Aceptar" }).click();
  await expect(owner.getByText("Has aceptado la solicitud: la reserva está confirmada.")).toBeVisible();
  await owner.goto("/ajustes/gestion-de-alquileres");
  const martas = owner.locator("li", { hasText: "Arrendatario: Marta Ferrer" }).getByRole("link");
  await martas.first().click();
  // Declining asks first (a step of its own, without JavaScript too), with room for a reason.
  await owner.getByRole("link", { name: "Rechazar" }).click();
  await expect(owner.getByText("¿Rechazar esta solicitud?")).toBeVisible();
  await owner.getByLabel("Motivo (opcional; lo verá el arrendatario)").fill("Esos días el velero está en el varadero.");
  await owner.getByRole("button", { name: "Sí, rechazar" }).click();
  await expect(owner.getByText("Has rechazado la solicitud: los días vuelven a estar libres.")).toBeVisible();
  await expect(owner.getByText("Rechazada", { exact: true })).toBeVisible();

  // The renter sees the acceptance, then cancels the instant booking after reading the refund.
  await requester.goto(`/ajustes/mis-reservas/${requestId}`);
  await expect(requester.getByText("Confirmada", { exact: true })).toBeVisible();
  await renter.goto(instantUrl);
  await expect(renter.getByText("Amarre no ha cobrado nada de esta reserva: si cancelas, no debes nada.")).toBeVisible();
  await renter.getByRole("link", { name: "Cancelar la reserva" }).click();
  await expect(renter.getByText("Amarre no ha cobrado nada: cancelar no te cuesta nada y los días vuelven a quedar libres.")).toBeVisible();
  await renter.getByRole("button", { name: "Sí, cancelar la reserva" }).click();
  await expect(renter.getByText("La reserva está cancelada.")).toBeVisible();
  // Nothing was charged online: the rental is no longer owed, nothing is left to pay, and nothing says "paid".
  await expect(renter.locator('[data-money-line="refund-rental"]')).toContainText("Ya no se debe");
  await expect(renter.locator('[data-money-total="notDue"]')).toHaveText(/^0\s€$/);
  await expect(renter.getByText(/Pagado/)).toHaveCount(0);
});

test("the owner blocks days nobody can then book, and an iCal client reads the listing's feed", async ({ browser, request }) => {
  test.slow();
  const owner = await demoPage(browser, "owner@amarre.test");
  const sailing = await javiersBoat(owner, /Sun Odyssey/);
  await owner.goto(`/ajustes/mi-calendario?listing=${sailing}`);
  const block = owner.locator("form", { has: owner.getByRole("button", { name: "Bloquear", exact: true }) });
  await block.getByLabel("Primer día").fill(day(140));
  await block.getByLabel("Último día").fill(day(141));
  await block.getByRole("button", { name: "Bloquear", exact: true }).click();
  await expect(owner.getByText("Los días están bloqueados.")).toBeVisible();

  const renter = await demoPage(browser, "renter@amarre.test");
  const summary = await renter.goto(`/boat/rent/boat/ReservationSummary?listing=${sailing}&start=${day(141)}&end=${day(142)}&people=2`);
  expect(summary?.status()).toBe(409);
  await expect(renter.getByText("Esos días ya no están libres. Elige otros días.")).toBeVisible();

  // The feed, read as a calendar client reads it: plain GET, no cookie.
  const feedUrl = await owner.locator("#feed-url").inputValue();
  const feed = await request.get(new URL(feedUrl).pathname);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const { default: ICAL } = await import("ical.js");
  const events = new ICAL.Component(ICAL.parse(await feed.text())).getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
  const blocked = events.find((event) => event.startDate.toString() === day(140));
  expect(blocked?.summary).toBe("Bloqueado");
  expect(blocked?.endDate.toString()).toBe(day(142));
  // A wrong token is a 404.
  expect((await request.get(new URL(feedUrl).pathname.replace(/[A-Za-z0-9_-]{32}\.ics$/, `${"x".repeat(32)}.ics`))).status()).toBe(404);
});
