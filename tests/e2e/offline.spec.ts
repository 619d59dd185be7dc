import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import sharp from "sharp";
import { today } from "#app/utils/dates";
import { demoPage } from "./people";
import { DEMO_PASSWORD } from "./support/auth-state";

/**
 * A trip day without coverage (decision 060). Lucía (renter@), on her phone with JavaScript, books
 * Marta's Marion 500 in Dénia for today and opens its page: the service worker keeps it. Offline,
 * the app's links lead to the pages kept on the phone, and her check-in (a photo, fuel, engine
 * hours) is kept on the phone and says so; back online it is sent ("Enviado") and Marta (pro@),
 * without JavaScript, finds it on her side. Signing out leaves no kept page and no kept form behind.
 */

/** A context of its own that signs in through the form: a session of this test only (signing out ends it alone). */
async function phoneOf(browser: Browser, email: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ serviceWorkers: "allow", javaScriptEnabled: true, locale: "es-ES", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await context.addCookies([{ name: "i18n_redirected", value: "es", url: "http://127.0.0.1" }]);
  const page = await context.newPage();
  await page.goto("/login");
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('form:has(input[name="password"]) button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  return { context, page };
}

/** What the worker keeps: the trip pages of the person's cache, the public files, the queue. */
const kept = (page: Page) =>
  page.evaluate(async () => {
    const names = await caches.keys();
    const trips: string[] = [];
    for (const name of names.filter((n) => n.startsWith("amarre-trips-"))) {
      for (const request of await (await caches.open(name)).keys()) trips.push(new URL(request.url).pathname);
    }
    const shell = names.includes("amarre-shell-1") ? (await (await caches.open("amarre-shell-1")).keys()).map((r) => new URL(r.url).pathname) : [];
    const scripts = performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname).filter((p) => p.startsWith("/assets/"));
    return { names, trips, shell, scripts };
  });

test("offline: the trip page opens from the phone, a check-in kept offline is sent once back online, the owner finds it; sign-out keeps nothing", async ({ browser }) => {
  test.setTimeout(60_000);
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#2d6a8f" } }).jpeg().toBuffer();
  const { context, page } = await phoneOf(browser, "renter@amarre.test");

  // Today's trip on Marta's boat (instant, no licence needed): confirmed at once, check-in open.
  await page.goto("/user/marta-ferrer");
  const boat = new URL((await page.getByRole("link", { name: /Barco sin licencia en Dénia/ }).first().getAttribute("href"))!, "http://x").pathname.split("/")[2]!;
  await page.goto(`/boat/rent/boat/ReservationSummary?listing=${boat}&start=${today(new Date())}&people=2`);
  await page.getByRole("button", { name: "Confirmar la reserva" }).click();
  await page.waitForURL(/\/ajustes\/mis-reservas\/[A-Za-z0-9]{20}$/);
  const trip = new URL(page.url()).pathname;

  // The worker takes over and keeps the page, with what it needs to run.
  await expect.poll(async () => {
    const now = await kept(page);
    return now.trips.includes(trip) && now.shell.includes("/sin-conexion") && now.scripts.every((s) => now.shell.includes(s));
  }, { timeout: 15_000 }).toBe(true);
  const { trips } = await kept(page);
  expect(trips.every((path) => /^\/ajustes\/(mis-reservas|gestion-de-alquileres)(\/[A-Za-z0-9]{20})?$/.test(path)), trips.join(" ")).toBe(true);

  // No coverage on the quay, on the page read online, and the phone still says it is online (a
  // signal, no data): "Mis reservas" and then the trip, followed inside the app, ask for their
  // data; the worker answers "load it as a document" and then the kept copies, never the error page.
  await context.setOffline(true);
  await page.evaluate(() => Object.defineProperty(navigator, "onLine", { configurable: true, get: () => true }));
  await page.locator('main a[href="/ajustes/mis-reservas"]').first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mis reservas");
  await page.locator(`main a[href="${trip}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${trip}$`));
  await expect(page.locator("[data-offline-banner]")).toContainText("Sin conexión: estás viendo la copia guardada en el teléfono.");
  const section = page.locator("section[data-handover]");
  await expect(section.locator('form[data-handover-form="check-in"] input[name="submission"]')).toBeAttached();
  await section.getByLabel("Fotos (hasta 10)").setInputFiles({ name: "proa.jpg", mimeType: "image/jpeg", buffer: photo });
  await section.getByLabel("Combustible en el depósito").selectOption("7");
  await section.getByLabel("Horas de motor (contador)").fill("88,5");
  await section.getByLabel("Notas").fill("Sin cobertura en el pantalán: anotado desde el teléfono.");
  await section.getByRole("button", { name: "Guardar la entrega" }).click();
  await expect(section.locator("[data-offline-send]")).toHaveText("Guardado en el teléfono: se enviará al recuperar la conexión.");

  // Still offline: the trips' list comes from the phone and its links open the kept trip pages;
  // a page never kept is the offline page.
  await page.goto("/ajustes/mis-reservas");
  await page.locator(`a[href="${trip}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${trip}$`));
  await expect(page.locator("[data-offline-banner]")).toBeVisible();
  await expect(section.locator("[data-offline-send]")).toHaveText("Guardado en el teléfono: se enviará al recuperar la conexión.");
  await page.goto("/favoritos");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sin conexión");
  await page.goto(trip);

  // Back online: sent once, and the page shows the record.
  await context.setOffline(false);
  await expect(section.locator("[data-offline-send]")).toHaveText("Enviado.", { timeout: 15_000 });
  await expect(page.locator('[data-handover-record="check-in"] [data-handover-fuel]')).toHaveText("7/8 del depósito");
  const id = trip.split("/").at(-1)!;

  // Marta, without JavaScript, on her side.
  const owner = await demoPage(browser, "pro@amarre.test");
  await owner.goto(`/ajustes/gestion-de-alquileres/${id}`);
  const record = owner.locator('[data-handover-record="check-in"]');
  await expect(record.locator("[data-handover-hours]")).toHaveText("88,5 h");
  await expect(record.locator("[data-handover-notes]")).toHaveText("Sin cobertura en el pantalán: anotado desde el teléfono.");
  await expect(record.locator("img")).toHaveCount(1);
  await owner.context().close();

  // Signing out keeps nothing private on the phone.
  await page.locator('form[action="/api/logout"]').first().evaluate((form: HTMLFormElement) => form.requestSubmit());
  await page.waitForURL(/\/login/);
  await expect.poll(async () => {
    const now = await kept(page);
    const queued = await page.evaluate(() => new Promise<number>((resolve) => {
      const open = indexedDB.open("amarre-offline", 1);
      open.onupgradeneeded = () => open.result.createObjectStore("queue", { keyPath: "id" });
      open.onsuccess = () => {
        const count = open.result.transaction("queue").objectStore("queue").count();
        count.onsuccess = () => resolve(count.result);
      };
    }));
    return { trips: now.names.filter((n) => n.startsWith("amarre-trips-") || n === "amarre-meta"), queued };
  }, { timeout: 10_000 }).toEqual({ trips: [], queued: 0 });
  await context.close();
});
