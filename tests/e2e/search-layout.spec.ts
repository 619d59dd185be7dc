import { expect, test, type Browser, type Page } from "@playwright/test";
import { countIntlBuilt, intlBuilt } from "./support/intl-built";

/**
 * Issue 13: the search pages arrive in their final layout (filters folded on phones without
 * any JavaScript, the map's box in place), so nothing moves when the page hydrates; the first
 * result's photo is fetched first; Leaflet loads only when the map is about to be seen.
 */
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

async function openPage(browser: Browser, viewport: { width: number; height: number }, javaScriptEnabled = true) {
  const context = await browser.newContext({ viewport, javaScriptEnabled, locale: "es-ES" });
  await context.addCookies([{ name: "i18n_redirected", value: "es", url: "http://127.0.0.1" }]);
  const page = await context.newPage();
  // Map tiles (an outside service in production) never leave this machine.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  const mapRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("listing-map.client")) mapRequests.push(request.url());
  });
  if (javaScriptEnabled) {
    // Every layout shift from the first paint on (none follows an input here).
    await page.addInitScript(() => {
      const win = window as unknown as { __shift: number };
      win.__shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
          if (!entry.hadRecentInput) win.__shift += entry.value;
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await countIntlBuilt(page);
  }
  return { page, context, mapRequests };
}

async function hydrated(page: Page) {
  await expect(page.locator("details[data-enhanced]")).toHaveCount(1);
  await page.waitForLoadState("networkidle");
}

for (const path of ["/alquiler-barco", "/docks"]) {
  test(`${path} on a phone: filters folded before any JavaScript, nothing moves on hydration, no map code until asked`, async ({ browser }) => {
    // Without JavaScript: the folded filters open with their switch, and no empty map box shows.
    const plain = await openPage(browser, phone, false);
    await plain.page.goto(path);
    const cards = plain.page.getByTestId("results").getByRole("article");
    expect(await cards.count(), "demo listings to show (the demo data is seeded at first start: a missing seed fails)").toBeGreaterThan(0);
    await expect(plain.page.getByRole("search")).toBeHidden();
    await expect(plain.page.getByTestId("listing-map")).toBeHidden();
    await expect(plain.page.getByTestId("map-toggle")).toBeHidden();
    await plain.page.getByTestId("filters-toggle").locator("summary").click();
    await expect(plain.page.getByRole("search")).toBeVisible();
    await plain.context.close();

    const { page, context, mapRequests } = await openPage(browser, phone);
    await page.goto(path);
    await hydrated(page);
    await expect(page.getByRole("search")).toBeHidden();
    const firstPhoto = page.getByTestId("results").getByRole("article").first().locator("img:not([aria-hidden])");
    await expect(firstPhoto).toHaveAttribute("loading", "eager");
    await expect(firstPhoto).toHaveAttribute("fetchpriority", "high");
    const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
    expect(shift, "layout shift on a phone").toBeLessThan(0.01);
    // The cards' prices and lengths hydrate with the server's strings (app/framework/intl.ts).
    expect(await intlBuilt(page), "Intl formatters built while hydrating").toEqual([]);

    // The map waits behind its switch: nothing of Leaflet until it is opened.
    await expect(page.getByTestId("listing-map")).toBeHidden();
    expect(mapRequests).toEqual([]);
    await page.getByTestId("map-toggle").locator("summary").click();
    await expect(page.getByTestId("listing-map")).toBeVisible();
    await expect(page.getByTestId("listing-map")).toHaveAttribute("data-loaded", "true");
    expect(mapRequests.length).toBeGreaterThan(0);
    await context.close();
  });

  test(`${path} at 1280 px: filters open, the map drawn in its reserved box, nothing moves`, async ({ browser }) => {
    const { page, context } = await openPage(browser, desktop);
    await page.goto(path);
    expect(await page.getByTestId("results").getByRole("article").count(), "demo listings to show (a missing seed fails)").toBeGreaterThan(0);
    const box = page.getByTestId("listing-map");
    const before = await box.boundingBox();
    expect(before?.height, "the map's box is there before hydration").toBeGreaterThan(200);
    await hydrated(page);
    await expect(page.getByRole("search")).toBeVisible();
    await expect(box).toHaveAttribute("data-loaded", "true");
    expect(await box.boundingBox()).toEqual(before);
    const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
    expect(shift, "layout shift at 1280 px").toBeLessThan(0.01);
    await context.close();
  });
}

test("a boat page loads Leaflet only when its map nears the screen", async ({ browser, request }) => {
  const search = await (await request.get("/alquiler-barco", { headers: { Cookie: "i18n_redirected=es" } })).text();
  const boat = /href="(\/boat\/[^"/?#]+)"/.exec(search)?.[1];
  expect(boat, "a demo boat to show (a missing seed fails)").toBeTruthy();
  const { page, context, mapRequests } = await openPage(browser, phone);
  await page.goto(boat!);
  await page.waitForLoadState("networkidle");
  const map = page.getByTestId("listing-map");
  expect(await map.count(), "the demo boat's page shows its place on a map").toBe(1);
  expect(mapRequests, "Leaflet before the map was near the screen").toEqual([]);
  await map.scrollIntoViewIfNeeded();
  await expect(map).toHaveAttribute("data-loaded", "true");
  expect(mapRequests.length).toBeGreaterThan(0);
  await context.close();
});

/**
 * Issue 44: the date fields of the boat search's sidebar show the whole date (at 1280 px they were
 * two columns narrower than a date: "12/27/2(") — at 1280 and 390 px, each page's language with a
 * browser of that locale. A date field is drawn whole when it is at least as wide as the browser
 * makes it when left to its own width (its max-content width). Debian's headless shell draws every
 * locale's date as mm/dd/yyyy; the other formats (dd/mm/yyyy, dd.mm.yyyy) have as many digits.
 * Without JavaScript: the layout is the server's CSS.
 */
test("the search sidebar's date fields show the whole date at 1280 and 390 px, in four languages", async ({ browser }) => {
  const fits = (page: Page) =>
    page.getByRole("search").locator('input[type="date"]').evaluateAll((inputs) =>
      inputs.map((input) => {
        const shown = input.getBoundingClientRect().width;
        const style = (input as HTMLInputElement).style;
        style.width = "max-content";
        const whole = input.getBoundingClientRect().width;
        style.width = "";
        return { name: (input as HTMLInputElement).name, shown: Math.round(shown), whole: Math.round(whole) };
      }),
    );
  for (const [prefix, locale] of [["", "es-ES"], ["/en", "en-US"], ["/fr", "fr-FR"], ["/de", "de-DE"]] as const) {
    const context = await browser.newContext({ viewport: desktop, javaScriptEnabled: false, locale });
    const page = await context.newPage();
    // Only the page and its styles: photos and map tiles play no part in the sidebar's layout.
    await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])|\.(webp|png|jpe?g|svg)(\?|$)/, (route) => route.abort());
    await page.goto(`${prefix}/alquiler-barco?from=2027-12-27&to=2027-12-28`);
    const wide = await fits(page);
    expect(wide.map((field) => field.name)).toEqual(["from", "to"]);
    for (const field of wide) expect(field.shown, `${locale} at 1280 px: ${field.name}`).toBeGreaterThanOrEqual(field.whole);
    await page.setViewportSize(phone);
    await page.getByTestId("filters-toggle").locator("summary").click();
    for (const field of await fits(page)) expect(field.shown, `${locale} at 390 px: ${field.name}`).toBeGreaterThanOrEqual(field.whole);
    await context.close();
  }
});
