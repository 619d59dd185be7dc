import { expect, test } from "@playwright/test";

/**
 * The boat search with JavaScript: changing a filter updates the URL and the results through
 * Remix, without loading a new document. Runs on the demo listings seeded at first start.
 */
test("changing a filter on /alquiler-barco changes the results without a full document reload", async ({ page, context }) => {
  await context.addCookies([{ name: "i18n_redirected", value: "es", url: "http://127.0.0.1" }]);
  // The map's tiles come from an outside service: no request leaves this machine in tests.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());

  const response = await page.goto("/alquiler-barco");
  expect(response?.status()).toBe(200);
  const cards = page.getByTestId("results").getByRole("article");
  expect(await cards.count(), "published demo boats to filter (a missing seed fails)").toBeGreaterThan(0);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/alquiler-barco$/);
  // Hydrated: from now on the filters submit through Remix.
  await expect(page.locator("details[data-enhanced]")).toHaveCount(1);

  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  const documentLoads: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documentLoads.push(request.url());
  });

  const count = page.getByTestId("result-count");
  const before = (await count.textContent()) ?? "";
  const notSailing = cards.filter({ hasNotText: "Velero" });
  const otherTypesBefore = await notSailing.count();

  // A choice submits at once.
  await page.getByLabel("Tipo de barco").selectOption("sail");
  await expect(page).toHaveURL(/\/alquiler-barco\?type=sail$/);
  await expect(notSailing).toHaveCount(0);
  await expect(page.getByTestId("results").or(page.getByTestId("empty-results"))).toBeVisible();
  if (otherTypesBefore > 0) await expect(count).not.toHaveText(before);

  // Typing submits after a pause: no boat costs less than 10 € a day.
  await page.getByLabel("Máximo (€)").fill("9");
  await expect(page).toHaveURL(/\/alquiler-barco\?type=sail&maxPrice=9$/);
  await expect(page.getByTestId("empty-results")).toBeVisible();
  await expect(count).toHaveText("0 barcos");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/alquiler-barco$/);

  // Back: the previous results, and the form follows the URL.
  await page.goBack();
  await expect(page).toHaveURL(/\/alquiler-barco\?type=sail$/);
  await expect(page.getByLabel("Máximo (€)")).toHaveValue("");
  await expect(page.getByLabel("Tipo de barco")).toHaveValue("sail");

  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  expect(documentLoads).toEqual([]);
});
