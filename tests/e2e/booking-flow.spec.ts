import { expect, test, type Page } from "@playwright/test";
import { demoPage } from "./people";

/**
 * From a search to a price as a person meets it (issue 24): an instant boat's button says
 * "Reservar", a request-only one "Solicitar reserva", in every language and every place the
 * button is; days and people known lead straight to the summary, with or without JavaScript;
 * the calendars page month by month (`?mes=`) and show later months' held days; the header's
 * "Iniciar sesión" brings the person back; search cards tell the trip's total; too many people
 * offers other ways. Days far ahead, so no other test or seeded booking holds them.
 */

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const monthAhead = (n: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + n, 1)).toISOString().slice(0, 7);
};

test.beforeEach(async ({ context, page }) => {
  await context.addCookies([{ name: "i18n_redirected", value: "es", url: "http://127.0.0.1" }]);
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
});

/** The first Palma boat that is (or is not) booked instantly, as its path. */
async function palmaBoat(page: Page, instant: boolean): Promise<string> {
  await page.goto(`/alquiler-barco?place=Palma${instant ? "&instantBooking=true" : ""}`);
  const cards = page.getByTestId("results").getByRole("article");
  const count = await cards.count();
  for (let i = 0; i < count; i++) {
    const card = cards.nth(i);
    if ((await card.getByText("Reserva inmediata").count()) > 0 === instant) {
      const href = await card.getByRole("heading").getByRole("link").getAttribute("href");
      return href!.split("?")[0];
    }
  }
  throw new Error(`no ${instant ? "instant" : "request-only"} boat in Palma`);
}

const words = {
  "": { book: "Reservar", request: "Solicitar reserva" },
  "/en": { book: "Book", request: "Request to book" },
  "/fr": { book: "Réserver", request: "Demander une réservation" },
  "/de": { book: "Buchen", request: "Buchung anfragen" },
} as const;

test("an instant boat's buttons say Book and a request-only boat's Request to book, in four languages, on wide screens and phones", async ({ page }) => {
  test.setTimeout(90_000);
  const instant = await palmaBoat(page, true);
  const request = await palmaBoat(page, false);
  for (const [lang, label] of Object.entries(words)) {
    for (const [boat, expected, other] of [
      [instant, label.book, label.request],
      [request, label.request, label.book],
    ] as const) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`${lang}${boat}`);
      const box = page.getByTestId("booking-estimate");
      await expect(box.getByRole("button", { name: expected, exact: true }), `${lang}${boat}`).toBeVisible();
      await expect(box.getByRole("button", { name: other, exact: true })).toHaveCount(0);
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(page.getByTestId("booking-bar").getByRole("link", { name: expected, exact: true }), `${lang}${boat} bar`).toBeVisible();
    }
  }
});

test("days and people from the search lead the phone's button straight to the summary, also without JavaScript", async ({ page, browser }) => {
  const boat = await palmaBoat(page, true);
  const trip = `from=${day(230)}&to=${day(232)}&people=3`;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${boat}?${trip}`);
  const book = page.getByTestId("booking-bar").getByRole("link", { name: "Reservar", exact: true });
  await expect(book).toHaveAttribute("href", `/boat/rent/boat/ReservationSummary?listing=${boat.split("/").pop()}&start=${day(230)}&end=${day(232)}&people=3`);
  await book.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Resumen de la reserva");
  await expect(page.getByText("3 personas")).toBeVisible();

  // Without days the button still asks for them on the rental form.
  await page.goto(boat);
  await expect(page.getByTestId("booking-bar").getByRole("link", { name: "Reservar", exact: true })).toHaveAttribute("href", /^\/boat\/rent\/boat\/[A-Za-z0-9]+$/);

  const noScript = await demoPage(browser, undefined, { viewport: { width: 390, height: 844 } });
  await noScript.goto(`${boat}?${trip}`);
  await noScript.getByTestId("booking-bar").getByRole("link", { name: "Reservar", exact: true }).click();
  await expect(noScript).toHaveURL(/\/boat\/rent\/boat\/ReservationSummary\?/);
  await expect(noScript.getByRole("heading", { level: 1 })).toHaveText("Resumen de la reserva");
  await noScript.context().close();
});

test("the calendars page month by month to the booking horizon without JavaScript, showing a blocked day months ahead", async ({ browser }) => {
  test.setTimeout(90_000);
  const owner = await demoPage(browser, "owner@amarre.test");
  await owner.goto("/ajustes/mi-calendario");
  const listing = await owner.locator("select#listing").inputValue();
  const blocked = `${monthAhead(5)}-12`;
  const block = owner.getByRole("region", { name: "Bloquear días" });
  await block.getByLabel("Primer día").fill(blocked);
  await block.getByLabel("Último día").fill(blocked);
  await block.getByRole("button").click();
  await expect(owner.getByRole("status").filter({ hasText: "Los días están bloqueados." })).toBeVisible();

  // The owner's calendar: forward five times, one month each, to the blocked day.
  const months = owner.locator("section[aria-labelledby=months-title] table caption");
  await expect(months).toHaveCount(3);
  await expect(owner.getByTestId("calendar-prev")).toHaveCount(0);
  for (let i = 1; i <= 5; i++) {
    await owner.getByTestId("calendar-next").click();
    await expect(owner).toHaveURL(new RegExp(`[?&]mes=${monthAhead(i)}(&|#|$)`));
    await expect(owner).toHaveURL(new RegExp(`listing=${listing}`));
  }
  const cell = owner.locator("section[aria-labelledby=months-title] td", { hasText: /^12\s*ocupado$/ });
  await expect(cell.first()).toBeVisible();
  await owner.getByTestId("calendar-prev").click();
  await expect(owner).toHaveURL(new RegExp(`mes=${monthAhead(4)}`));
  // Far past the horizon: the last months, no next link; nonsense: this month.
  await owner.goto(`/ajustes/mi-calendario?listing=${listing}&mes=2999-01`);
  await expect(owner.getByTestId("calendar-next")).toHaveCount(0);
  await expect(owner.getByTestId("calendar-prev")).toHaveCount(1);
  const response = await owner.goto(`/ajustes/mi-calendario?listing=${listing}&mes=nada`);
  expect(response?.status()).toBe(200);
  await expect(owner.getByTestId("calendar-prev")).toHaveCount(0);

  // The boat page and the rental form show the same day, from their own pages.
  const visitor = await demoPage(browser);
  for (const path of [`/boat/${listing}?mes=${monthAhead(4)}`, `/boat/rent/boat/${listing}?mes=${monthAhead(5)}`]) {
    await visitor.goto(path);
    await expect(visitor.locator("td", { hasText: /^12\s*ocupado$/ }).first(), path).toBeVisible();
    await visitor.getByTestId("calendar-prev").click();
    await expect(visitor).toHaveURL(/mes=/);
  }
  // Freed again, for the other tests.
  await owner.goto(`/ajustes/mi-calendario?listing=${listing}`);
  await owner.locator("li", { hasText: "bloqueado por ti" }).filter({ hasText: new RegExp(`\\b12\\b[^·]*${blocked.slice(0, 4)}`) }).first().getByRole("button", { name: "Liberar estos días" }).click();
  await expect(owner.getByRole("status").filter({ hasText: "Los días vuelven a estar libres." })).toBeVisible();
  await owner.context().close();
  await visitor.context().close();
});

test("with JavaScript the boat page's calendar pages in place, keeping the chosen days", async ({ page }) => {
  const boat = await palmaBoat(page, true);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${boat}?from=${day(240)}&to=${day(241)}&people=2`);
  await page.getByTestId("calendar-next").click();
  await expect(page).toHaveURL(new RegExp(`from=${day(240)}&to=${day(241)}&people=2&mes=${monthAhead(1)}`));
  await expect(page.getByTestId("booking-estimate").getByLabel("Primer día")).toHaveValue(day(240));
  await expect(page.getByTestId("calendar-prev")).toBeVisible();
});

test("the header's Iniciar sesión brings the person back to the page they were on", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/alquiler-barco?place=Palma&people=3`);
  const signIn = page.getByRole("banner").getByRole("link", { name: "Iniciar sesión" });
  await expect(signIn).toHaveAttribute("href", `/login?redirect=${encodeURIComponent("/alquiler-barco?place=Palma&people=3")}`);
  await signIn.click();
  await page.locator('input[name="email"]').fill("renter@amarre.test");
  await page.locator('input[name="password"]').fill("amarre-demo");
  await page.locator("form#login button[type=submit]").click();
  await expect(page).toHaveURL(/\/alquiler-barco\?place=Palma&people=3$/);
});

test("the English header keeps an English page, and the home page signs in to plain /login", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/en/alquiler-barco");
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toHaveAttribute("href", `/en/login?redirect=${encodeURIComponent("/en/alquiler-barco")}`);
  await page.goto("/");
  await expect(page.getByRole("banner").getByRole("link", { name: "Iniciar sesión" })).toHaveAttribute("href", "/login");
});

test("search results with days show each boat's total for them; the boat page's price box starts above the fold at 1280 × 800", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/alquiler-barco?place=Palma&from=${day(250)}&to=${day(252)}&people=2`);
  const first = page.getByTestId("results").getByRole("article").first();
  await expect(first.getByTestId("trip-total")).toHaveText(/^[\d.]+\s€ en total · 3 días$/);
  await expect(first).toContainText("/ día");
  await page.goto(`/en/alquiler-barco?place=Palma&from=${day(250)}`);
  await expect(page.getByTestId("results").getByRole("article").first().getByTestId("trip-total")).toHaveText(/^€[\d,]+ in total · 1 day$/);
  await page.goto("/alquiler-barco?place=Palma");
  await expect(page.getByTestId("trip-total")).toHaveCount(0);

  await page.goto(await palmaBoat(page, true));
  const box = (await page.getByRole("heading", { name: "Precios" }).boundingBox())!;
  expect(box.y).toBeLessThan(800);
  const button = (await page.getByTestId("booking-estimate").getByRole("button").boundingBox())!;
  expect(button.y + button.height).toBeLessThanOrEqual(800);
});

test("too many people offers fewer people and boats that take them, not only other days", async ({ page }) => {
  const boat = await palmaBoat(page, false);
  const id = boat.split("/").pop()!;
  for (const [lang, texts] of [
    ["", ["Cambiar el número de personas", "Ver barcos para 40 personas", "Cambiar los días"]],
    ["/en", ["Change the number of people", "See boats for 40 people", "Change the days"]],
    ["/fr", ["Modifier le nombre de personnes", "Voir les bateaux pour 40 personnes"]],
    ["/de", ["Personenzahl ändern", "Boote für 40 Personen ansehen"]],
  ] as const) {
    const response = await page.goto(`${lang}/boat/rent/boat/ReservationSummary?listing=${id}&start=${day(260)}&end=${day(261)}&people=40`);
    expect(response?.status()).toBe(400);
    for (const text of texts) await expect(page.getByRole("link", { name: text, exact: true }), `${lang} ${text}`).toBeVisible();
  }
  await page.goto(`/boat/rent/boat/ReservationSummary?listing=${id}&start=${day(260)}&end=${day(261)}&people=40`);
  await page.getByRole("link", { name: "Ver barcos para 40 personas" }).click();
  await expect(page).toHaveURL(new RegExp(`/alquiler-barco\\?place=Palma&from=${day(260)}&to=${day(261)}&people=40$`));
  await page.goto(`/boat/rent/boat/ReservationSummary?listing=${id}&start=${day(260)}&end=${day(261)}&people=40`);
  await page.getByRole("link", { name: "Cambiar el número de personas" }).click();
  await expect(page).toHaveURL(new RegExp(`/boat/rent/boat/${id}\\?start=${day(260)}&end=${day(261)}#people$`));
  await expect(page.getByLabel("Primer día")).toHaveValue(day(260));
});
