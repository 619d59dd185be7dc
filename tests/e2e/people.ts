import type { Browser, BrowserContextOptions, Page } from "@playwright/test";

/**
 * A page of its own browser context, without JavaScript, in Spanish; signed in as a demo person
 * (password `amarre-demo`) when `email` is given, a visitor otherwise. `options` change the context
 * (JavaScript on, a phone's screen, a colour scheme).
 */
export async function demoPage(browser: Browser, email?: string, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: "es-ES", ...options });
  await context.addCookies([{ name: "i18n_redirected", value: "es", url: "http://127.0.0.1" }]);
  const page = await context.newPage();
  if (email) {
    await page.goto("/login");
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill("amarre-demo");
    await page.locator("form#login button[type=submit]").click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  }
  return page;
}
