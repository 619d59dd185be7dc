import { expect, test } from "@playwright/test";
import { demoPage } from "./people";
import { demoOfToday, type DemoServer } from "./support/demo-day";

/**
 * Weather-safe trips in the browser, on the demo data and the demo forecast (decision 031): Lucía's
 * trip in four days on Javier's 7.5 m motorboat falls on a day with a yellow coastal warning and
 * force 5 over the Bay of Palma. Without JavaScript she reads the forecast on her trip's page,
 * cancels for the weather after a step that says she owes nothing (the demo takes no online
 * payment, decision 048), and Javier's page shows the decision with the forecast that justified it. The trip
 * and the blow are seeded relative to the day: past midnight, on a server seeded today (demo-day.ts).
 * The boat's page then rings the unsafe days in its calendar.
 */
let demo: DemoServer;
test.beforeAll(async () => {
  test.setTimeout(200_000);
  demo = await demoOfToday();
});
test.afterAll(async () => demo?.close());

test("the renter cancels an unsafe trip for the weather; both pages keep the forecast that justified it", async ({ browser }) => {
  test.slow();
  const renter = await demoPage(browser, "renter@amarre.test", demo.context);
  await renter.goto("/ajustes/mis-reservas");
  const upcoming = renter.locator("section", { has: renter.getByRole("heading", { name: /^Próximas/ }) });
  // Soonest first: today's trip (ready for check-in, decision 032), tomorrow's (to try offline, decision 060), then the trip in four days.
  await upcoming.getByRole("link", { name: /Cap Camarat/ }).nth(2).click();
  const weather = renter.locator("section", { has: renter.getByRole("heading", { name: "El tiempo para el viaje" }) });
  await expect(weather.getByText("La previsión hace inseguro este viaje para este barco (moto de agua o barco a motor de hasta 8 m).")).toBeVisible();
  // AEMET's words quoted as given, named, after our own summary (issue 44).
  await expect(weather.getByText(/^Aviso amarillo por fenómenos costeros \(estado de la mar\) en la zona Costa de Mallorca/).first()).toBeVisible();
  await expect(weather.getByText("Aviso oficial de AEMET, en español:").first()).toBeVisible();
  await expect(weather.getByText(/Fuerza 5 \(21 nudos\)/)).toBeVisible();

  await weather.getByRole("link", { name: "Cancelar por el tiempo" }).click();
  await expect(weather.getByText("¿Cancelar el viaje por el tiempo?")).toBeVisible();
  await expect(weather.getByText(/^Amarre no había cobrado nada: quien alquila ya no debe nada de esta reserva\./)).toBeVisible();
  await weather.getByRole("button", { name: "Sí, cancelar por el tiempo" }).click();
  await expect(renter.getByRole("status").getByText("Viaje cancelado por el tiempo: quien alquila no paga nada de esta reserva.")).toBeVisible();
  await expect(renter.getByText("Cancelada", { exact: true })).toBeVisible();
  await expect(renter.getByText(/^Cancelado por el tiempo por quien alquila el /)).toBeVisible();
  const tripUrl = new URL(renter.url());
  // The boat's page rings the days the demo forecast makes unsafe for it (issue 44).
  await renter.locator('aside a[href^="/boat/"]').first().click();
  await expect(renter.locator("td[data-unsafe]").first()).toBeVisible();

  const owner = await demoPage(browser, "owner@amarre.test", demo.context);
  await owner.goto(tripUrl.pathname.replace("/ajustes/mis-reservas/", "/ajustes/gestion-de-alquileres/"));
  await expect(owner.getByText(/^Cancelado por el tiempo por quien alquila el /)).toBeVisible();
  await expect(owner.getByText(/viento de fuerza 5 \(el límite es 5\)/)).toBeVisible();
  await owner.goto("/ajustes/mi-bandeja-de-entrada");
  await expect(owner.getByText(/queda cancelado por el tiempo/).first()).toBeVisible();
});
