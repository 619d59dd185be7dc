import { expect, test, type Route } from "@playwright/test";
import { authFile } from "./support/auth-state";

/**
 * The favourite heart: optimistic (it changes before the server answers), stored (a reload
 * keeps it) and listed in /favoritos. Runs against the demo data: a published boat comes from
 * the search, so the listings' seed step must be registered.
 */

// The demo renter, signed in once through the form by the setup project (decision 039).
test.use({ storageState: authFile("renter") });

test("a signed-in person saves a boat: the heart changes at once, stays after a reload and the boat is in /favoritos", async ({ page, context }) => {
  await context.addCookies([{ name: "i18n_redirected", value: "es", url: "http://127.0.0.1" }]);

  // A published boat, from the search.
  const search = await page.goto("/alquiler-barco");
  expect(search?.ok()).toBe(true);
  const boatLinks = page.locator('main a[href^="/boat/"]');
  const found = await boatLinks.count();
  expect(found, "a published demo boat to save, from the search (a missing seed fails)").toBeGreaterThan(0);
  const href = (await boatLinks.first().getAttribute("href"))!;
  const boatId = new URL(href, "http://x").pathname.split("/")[2];

  await page.goto(`/boat/${boatId}`);
  const heart = page.getByTestId(`favourite-${boatId}`).first();
  await expect(heart, "the boat page shows the FavouriteButton of its boat").toBeVisible();
  // Start from "not saved" whatever an earlier run left.
  if ((await heart.getAttribute("aria-pressed")) === "true") {
    const removed = page.waitForResponse((response) => response.url().includes("/resources/favourite") && response.request().method() === "POST");
    await heart.click();
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    await removed;
  }
  await expect(heart).toHaveAccessibleName("Guardar en favoritos");

  // Hold the POST until the heart has changed: the change cannot come from the server's answer.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  await page.route("**/resources/favourite*", async (route: Route) => {
    if (route.request().method() !== "POST") return route.continue();
    held = true;
    await released;
    await route.continue();
  });
  const answered = page.waitForResponse((response) => response.url().includes("/resources/favourite") && response.request().method() === "POST");

  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await expect(heart).toHaveAccessibleName("Quitar de favoritos");
  // The request is on its way and held: the heart changed without the answer.
  await expect.poll(() => held).toBe(true);
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  release();
  expect((await answered).ok()).toBe(true);
  await page.unroute("**/resources/favourite*");
  // (Not "network idle": on a busy machine a signed-in page's other requests may keep it from
  // ever being reached within the test's time; the answer above is what the reload needs.)
  await expect(heart).toHaveAttribute("aria-pressed", "true");

  // The server stored it.
  await page.reload();
  await expect(page.getByTestId(`favourite-${boatId}`).first()).toHaveAttribute("aria-pressed", "true");

  // And it is listed in /favoritos, linked to its page.
  await page.goto("/favoritos");
  const list = page.getByRole("list", { name: "Tus favoritos, del más reciente al más antiguo" });
  await expect(list.locator(`a[href="/boat/${boatId}"]`)).toBeVisible();

  // Removing it there takes it off the list (the page's data reloads behind the heart).
  await list.getByTestId(`favourite-${boatId}`).click();
  await expect(page.locator(`main a[href="/boat/${boatId}"]`)).toHaveCount(0);
  await page.reload();
  await expect(page.locator(`main a[href="/boat/${boatId}"]`)).toHaveCount(0);
});
