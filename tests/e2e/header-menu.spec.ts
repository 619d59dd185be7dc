import { expect, test } from "@playwright/test";

/**
 * The header's menu on a phone is a `<details>`: it opens without JavaScript. On a slow phone it
 * may be opened before the scripts arrive; hydrating must not close it under the person's thumb.
 * A navigation from it closes it.
 */
test("on a phone, the menu opened before the JavaScript arrives stays open when it does, and closes after a navigation", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "es-ES" });
  const page = await context.newPage();
  // A slow connection: the scripts wait until the menu is open.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto("/alquiler-barco", { waitUntil: "domcontentloaded" });
  const menu = page.getByRole("banner").locator("details", { has: page.getByText("Menú", { exact: true }) });
  await menu.locator("summary").click();
  await expect(menu).toHaveAttribute("open", "");

  release();
  // Hydrated: the filters' effect has run, and with it the header's.
  await expect(page.locator("details[data-enhanced]")).toHaveCount(1);
  await page.waitForLoadState("networkidle");
  await expect(menu).toHaveAttribute("open", "");

  // A page chosen from the menu: the menu closes on the new page.
  await menu.getByRole("link", { name: "Amarres", exact: true }).click();
  await expect(page).toHaveURL(/\/docks$/);
  await expect(menu).not.toHaveAttribute("open");
  await context.close();
});
