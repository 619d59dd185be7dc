import { expect, test } from "@playwright/test";

test("an unknown page shows the spec's 404 screen", async ({ page, context }) => {
  await context.addCookies([{ name: "i18n_redirected", value: "es", url: "http://127.0.0.1" }]);
  const response = await page.goto("/esta-pagina-no-existe");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle("Página No Encontrada (404)");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", "La página que buscas no existe o ha sido movida.");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("NOT FOUND!");
  await expect(page.locator('img[src="/images/not-found.svg"]')).toBeVisible();
  const home = page.getByRole("link", { name: "Return to home" });
  await expect(home).toHaveAttribute("href", "https://marketing.amarre.test/");
  await expect(home).toHaveAttribute("target", "_blank");
  // the site's frame stays: header and footer are there
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
});

test("the 404 screen is translated under a language prefix", async ({ page }) => {
  const response = await page.goto("/en/nowhere");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle("Page Not Found (404)");
  await expect(page.getByRole("link", { name: "Return to home" })).toBeVisible();
});

test("an unknown language prefix is a 404 and /es/… redirects to the unprefixed page", async ({ page, context }) => {
  await context.addCookies([{ name: "i18n_redirected", value: "es", url: "http://127.0.0.1" }]);
  expect((await page.goto("/it/about"))?.status()).toBe(404);
  const response = await page.goto("/es/about");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/about$/);
});

test("client-side navigation to an unknown page shows the 404 screen", async ({ page, context }) => {
  await context.addCookies([{ name: "i18n_redirected", value: "es", url: "http://127.0.0.1" }]);
  await page.goto("/");
  await page.waitForFunction(() => "__remixRouter" in window);
  await page.evaluate(() => (window as unknown as { __remixRouter: { navigate(to: string): Promise<void> } }).__remixRouter.navigate("/ruta-que-no-existe"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("NOT FOUND!");
  await expect(page).toHaveTitle("Página No Encontrada (404)");
});
