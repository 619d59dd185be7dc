import { expect, test, type Browser, type Page } from "@playwright/test";

/**
 * The main journeys on the firebase backend, against `npm run demo:firebase`'s launcher
 * (playwright.firebase.config.ts): the data is the demo seed on the Firestore, Auth and Storage
 * emulators, sign-in goes through the Auth emulator, photos come from the Storage emulator.
 * Short on purpose (the embedded backend's suite covers each journey in depth): a visitor searches
 * and opens a boat; the demo renter books an instant boat and finds the trip and its invoice; she
 * writes to the owner, whose open conversation shows it without a reload; the admin opens a case.
 */

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: "i18n_redirected", value: "es", url: "http://127.0.0.1" }]);
  // Nothing leaves this machine: Google's sign-in script, map tiles, fonts.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
});

/** A page of its own context, signed in with the demo password (checked by the Auth emulator). */
async function signedIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ locale: "es-ES" });
  await context.addCookies([{ name: "i18n_redirected", value: "es", url: "http://127.0.0.1" }]);
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  const page = await context.newPage();
  await page.goto("/login");
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill("amarre-demo");
  await page.locator("form#login button[type=submit]").click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  return page;
}

test("a visitor searches boats in Palma and opens one, with its photos from the Storage emulator", async ({ page }) => {
  const response = await page.goto("/alquiler-barco?place=Palma");
  expect(response?.status()).toBe(200);
  const cards = page.getByTestId("results").getByRole("article");
  expect(await cards.count(), "seeded demo boats in Palma").toBeGreaterThan(0);
  const link = cards.first().getByRole("heading").getByRole("link");
  const name = ((await link.textContent()) ?? "").trim();
  await link.click();
  await expect(page).toHaveURL(/\/boat\/[A-Za-z0-9]+/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  await expect(page.getByTestId("booking-estimate")).toBeVisible();
  // The first photo is served (from Cloud Storage on the emulator) and decodes.
  const photo = page.locator("main img").first();
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});

test("the demo renter signs in, books the instant motorboat and finds the trip and its invoice", async ({ browser }, testInfo) => {
  const renter = await signedIn(browser, "renter@amarre.test");
  await renter.goto("/user/javier-ortega");
  const href = await renter.getByRole("link", { name: /Cap Camarat/ }).first().getAttribute("href");
  const boat = new URL(href!, renter.url()).pathname.split("/")[2]!;
  // Days no seeded booking holds (and others on a retry, which meets the same emulators).
  const start = day(240 + testInfo.retry * 3);
  await renter.goto(`/boat/rent/boat/ReservationSummary?listing=${boat}&start=${start}&people=3`);
  await renter.getByRole("button", { name: "Confirmar la reserva" }).click();
  // The trip page, its "booked" banner flashed in the session (decision 033), no query word.
  await expect(renter).toHaveURL(/\/ajustes\/mis-reservas\/[A-Za-z0-9]{20}$/);
  await expect(renter.getByText("¡Reservado!", { exact: true })).toBeVisible();
  const reference = (await renter.getByTestId("trip-reference").textContent())!.trim();
  expect(reference).toMatch(/^AMR-[2-9A-HJ-NP-Z]{5}$/);
  const tripPath = new URL(renter.url()).pathname;

  // The trip in her list, its page from there, and its invoice as a PDF.
  await renter.goto("/ajustes/mis-reservas");
  await renter.locator(`main a[href="${tripPath}"]`).first().click();
  await expect(renter).toHaveURL(new RegExp(`${tripPath}$`));
  await expect(renter.getByTestId("trip-reference")).toHaveText(reference);
  const pdf = renter.getByRole("link", { name: /PDF/ }).first();
  await expect(pdf).toBeVisible();
  const invoice = await renter.request.get(new URL((await pdf.getAttribute("href"))!, renter.url()).toString());
  expect(invoice.status()).toBe(200);
  expect(invoice.headers()["content-type"]).toBe("application/pdf");
  expect((await invoice.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await renter.context().close();
});

test("the renter writes to the owner, whose open conversation shows the message without a reload", async ({ browser }) => {
  const renter = await signedIn(browser, "renter@amarre.test");
  const owner = await signedIn(browser, "owner@amarre.test");
  await renter.goto("/mensajes");
  await renter.getByRole("link", { name: /Javier Ortega/ }).first().click();
  await expect(renter).toHaveURL(/\/chat\//);
  const chatPath = new URL(renter.url()).pathname;
  // The owner's page opens the app's event stream (a Firestore listener on the emulator).
  const subscribed = owner.waitForRequest((request) => request.url().endsWith("/api/emails/subscribe"));
  await owner.goto(chatPath);
  await expect(owner.getByRole("heading", { level: 1, name: "Lucía Martín" })).toBeVisible();
  await subscribed;

  const text = `¿Quedamos en el pantalán a las ${10 + (Date.now() % 8)}:30?`;
  await renter.getByLabel("Responder a Javier Ortega").fill(text);
  await renter.getByRole("button", { name: "Enviar", exact: true }).click();
  await expect(renter.getByText(text)).toBeVisible();
  await expect(owner.getByText(text)).toBeVisible({ timeout: 20_000 });
  await renter.context().close();
  await owner.context().close();
});

test("the admin opens a case from the team's list", async ({ browser }) => {
  const admin = await signedIn(browser, "admin@amarre.test");
  await admin.goto("/admin/gestiones");
  const first = admin.locator('main a[href^="/admin/gestiones/"]').first();
  const href = (await first.getAttribute("href"))!;
  await first.click();
  await expect(admin).toHaveURL(new RegExp(`${href.split("?")[0]}$`));
  await expect(admin.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(admin.getByRole("button", { name: "Cambiar estado" })).toBeVisible();
  await admin.context().close();
});
