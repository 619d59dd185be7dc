import { expect, test, type BrowserContext, type Page } from "@playwright/test";

/**
 * The boat page as a renter meets it, on the demo data: the search's days and people follow
 * into the boat's page (its total) and on to the rental form; the photos open full screen (keys,
 * Esc) and, without JavaScript, are links to the large images; phones get a booking bar that
 * wide screens do not. Days far ahead, so no other test or seeded booking holds them.
 */

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function spanish(context: BrowserContext) {
  await context.addCookies([{ name: "i18n_redirected", value: "es", url: "http://127.0.0.1" }]);
}

/** The first boat a search for Palma finds, as its path with the query the search gave it. */
async function aPalmaBoat(page: Page, query = ""): Promise<string> {
  await page.goto(`/alquiler-barco?place=Palma${query}`);
  const href = await page.getByTestId("results").getByRole("article").first().getByRole("heading").getByRole("link").getAttribute("href");
  expect(href).toMatch(/^\/boat\/[A-Za-z0-9]+/);
  return href!;
}

test.beforeEach(async ({ context, page }) => {
  await spanish(context);
  // The map's tiles come from an outside service: no request leaves this machine in tests.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
});

test("a search with dates and people: the boat page shows their total and the rental form opens with them", async ({ page }) => {
  await page.goto("/");
  const form = page.getByRole("form", { name: "Buscar barcos" });
  await form.getByLabel("Dónde").fill("Palma");
  await form.getByLabel("Desde").fill(day(200));
  await form.getByLabel("Hasta").fill(day(202));
  await form.getByLabel("Personas").fill("4");
  await form.getByRole("button", { name: "Buscar" }).click();
  // Only the fields filled in are in the URL (no `type=`).
  await expect(page).toHaveURL(new RegExp(`/alquiler-barco\\?place=Palma&from=${day(200)}&to=${day(202)}&people=4$`));

  await expect(page.locator("details[data-enhanced]")).toHaveCount(1);
  const card = page.getByTestId("results").getByRole("article").first().getByRole("heading").getByRole("link");
  await expect(card).toHaveAttribute("href", new RegExp(`\\?from=${day(200)}&to=${day(202)}&people=4$`));
  await card.click();
  // A boat page on two shared cores: give its loader time.
  await expect(page).toHaveURL(new RegExp(`/boat/[A-Za-z0-9]+\\?from=${day(200)}&to=${day(202)}&people=4$`), { timeout: 15_000 });
  const box = page.getByTestId("booking-estimate");
  await expect(box.getByLabel("Primer día")).toHaveValue(day(200));
  await expect(box.getByLabel("Último día")).toHaveValue(day(202));
  await expect(box.getByLabel("Personas")).toHaveValue("4");
  await expect(page.getByTestId("estimate")).toHaveText(/^3 días: [\d.]+\s€ en total$/);

  await page.getByRole("link", { name: "Todas las opciones de reserva" }).click();
  await expect(page).toHaveURL(new RegExp(`/boat/rent/boat/[A-Za-z0-9]+\\?start=${day(200)}&end=${day(202)}&people=4$`));
  await expect(page.getByLabel("Primer día")).toHaveValue(day(200));
  await expect(page.getByLabel("Último día")).toHaveValue(day(202));
  await expect(page.getByLabel("Personas")).toHaveValue("4");
});

test("the photos open full screen, go on with the arrow keys and close with Esc", async ({ page }) => {
  await page.goto(await aPalmaBoat(page));
  const gallery = page.getByTestId("gallery");
  await expect(gallery).toHaveAttribute("data-enhanced", "true");
  const thumbnails = page.getByTestId("gallery-thumbnails").getByRole("link");
  const total = await thumbnails.count();
  expect(total).toBeGreaterThan(1);

  const viewer = page.getByTestId("gallery-viewer");
  await expect(viewer).toBeHidden();
  const cover = page.getByTestId("gallery-cover");
  await cover.focus();
  await page.keyboard.press("Enter");
  await expect(viewer).toBeVisible();
  // Full screen: the viewer covers the whole window.
  const viewport = page.viewportSize()!;
  expect(await viewer.boundingBox()).toEqual({ x: 0, y: 0, width: viewport.width, height: viewport.height });
  const counter = page.getByTestId("gallery-counter");
  const image = page.getByTestId("gallery-image");
  await expect(counter).toHaveText(`1 de ${total}`);
  const first = await image.getAttribute("src");
  expect(first).toBe(await cover.getAttribute("href"));

  await page.keyboard.press("ArrowRight");
  await expect(counter).toHaveText(`2 de ${total}`);
  expect(await image.getAttribute("src")).toBe(await thumbnails.nth(1).getAttribute("href"));
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(counter).toHaveText(`${total} de ${total}`);

  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
  await expect(cover).toBeFocused();
  // The page scrolls again.
  // (Read until it holds: the class goes in the viewer's effect cleanup, which can follow the focus's return.)
  await expect(page.locator("html")).not.toHaveClass(/(^|\s)overflow-hidden(\s|$)/);

  // A thumbnail opens the viewer on its own photo; so does a swipe to the next one.
  await thumbnails.nth(1).click();
  await expect(counter).toHaveText(`2 de ${total}`);
  const area = await image.boundingBox();
  const y = area!.y + area!.height / 2;
  await page.mouse.move(area!.x + area!.width * 0.8, y);
  await page.mouse.down();
  await page.mouse.move(area!.x + area!.width * 0.2, y, { steps: 5 });
  await page.mouse.up();
  await expect(counter).toHaveText(total > 2 ? `3 de ${total}` : `1 de ${total}`);
  await page.getByRole("button", { name: "Cerrar" }).click();
  await expect(viewer).toBeHidden();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every photo is a link to its large image, and the total of the search's days is on the page", async ({ page, request }) => {
    const boat = await aPalmaBoat(page, `&from=${day(210)}&to=${day(211)}&people=2`);
    expect(boat).toContain(`?from=${day(210)}&to=${day(211)}&people=2`);
    await page.goto(boat);
    await expect(page.getByTestId("estimate")).toHaveText(/^2 días: [\d.]+\s€ en total/);

    const links = page.getByTestId("gallery-thumbnails").getByRole("link");
    const count = await links.count();
    expect(count).toBeGreaterThan(1);
    for (let i = 0; i < count; i++) {
      const href = await links.nth(i).getAttribute("href");
      expect(href).toMatch(/^\/photos\/.+\/\d+\.webp$/);
      const image = await request.get(href!);
      expect(image.status()).toBe(200);
      expect(image.headers()["content-type"]).toBe("image/webp");
    }
    await links.nth(1).click();
    await expect(page).toHaveURL(/\/photos\/.+\/\d+\.webp$/);

    // In English, the price box leads to the English summary, without blank fields.
    await page.goto(`/en${boat}`);
    await page.getByTestId("booking-estimate").getByRole("button").click();
    await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/en/boat/rent/boat/ReservationSummary\\?listing=[A-Za-z0-9]+&start=${day(210)}&end=${day(211)}&people=2$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Booking summary");
  });

  test("the search form's blank fields are left out of the URL by a redirect", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("form", { name: "Buscar barcos" }).getByLabel("Personas").fill("3");
    await page.getByRole("form", { name: "Buscar barcos" }).getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/\/alquiler-barco\?people=3$/);
  });
});

test.describe("the booking bar", () => {
  test("is on phones, at the bottom of the screen, with the total and the way to book; the page's end stays uncovered", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(await aPalmaBoat(page, `&from=${day(220)}&to=${day(223)}&people=3`));
    const bar = page.getByTestId("booking-bar");
    await expect(bar).toBeVisible();
    const box = (await bar.boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(844);
    expect(box.width).toBe(390);
    await expect(page.getByTestId("booking-bar-total")).toHaveText(/^[\d.]+\s€$/);
    await expect(bar).toContainText("4 días · 3 personas");
    // Days and people known: the button prices them on the summary at once (issue 24); its words follow the boat's booking mode.
    const book = bar.getByRole("link", { name: /^(Reservar|Solicitar reserva)$/ });
    await expect(book).toHaveAttribute("href", new RegExp(`^/boat/rent/boat/ReservationSummary\\?listing=[A-Za-z0-9]+&start=${day(220)}&end=${day(223)}&people=3$`));

    // At the page's end the bar sits after the last section, covering none of it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastSection = page.locator("main article > div > div > section").last();
    const sectionBox = (await lastSection.boundingBox())!;
    const barBox = (await bar.boundingBox())!;
    expect(sectionBox.y + sectionBox.height).toBeLessThanOrEqual(barBox.y);

    await book.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Resumen de la reserva");
    await expect(page.getByText("3 personas")).toBeVisible();
  });

  test("is not on wide screens, where the price box is in view", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(await aPalmaBoat(page));
    await expect(page.getByRole("heading", { name: "Precios" })).toBeVisible();
    await expect(page.getByTestId("booking-bar")).toBeHidden();
  });
});
