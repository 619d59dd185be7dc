import { expect, test } from "@playwright/test";

test("dark mode follows the system, and the toggle overrides it across reloads", async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: "dark" });
  await context.addCookies([{ name: "i18n_redirected", value: "en", url: "http://127.0.0.1" }]);
  const page = await context.newPage();
  await page.goto("/en/about");
  const html = page.locator("html");
  await expect(html).toHaveAttribute("data-theme", "system");
  const dark = await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme);
  expect(dark).toBe("dark");

  const toggle = page.getByRole("banner").getByRole("button", { name: /theme/i });
  const stored = page.waitForResponse((r) => r.url().includes("/resources/theme") && r.request().method() === "POST");
  await toggle.click(); // system → light, shown at once
  await expect(html).toHaveAttribute("data-theme", "light");
  await stored; // the cookie is set: a reload keeps it
  await page.reload();
  await expect(html).toHaveAttribute("data-theme", "light");
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe("light");
  await context.close();
});

test("a system that asks for less motion gets no transitions (a listing card's hover lift is off), others keep them", async ({ browser }) => {
  for (const reducedMotion of ["no-preference", "reduce"] as const) {
    const context = await browser.newContext({ reducedMotion, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/alquiler-barco");
    const card = page.locator("article").first();
    const transition = await card.evaluate((element) => getComputedStyle(element).transitionProperty);
    expect(transition, `a listing card's transition (${reducedMotion})`).toEqual(reducedMotion === "reduce" ? "none" : expect.stringContaining("transform"));
    await context.close();
  }
});
