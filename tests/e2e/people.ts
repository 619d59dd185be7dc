import type { Browser, BrowserContextOptions, Page } from "@playwright/test";
import { DEMO_PASSWORD, savedStateFor } from "./support/auth-state";

/**
 * A page of its own browser context, without JavaScript, in Spanish; signed in as a demo person
 * (password `amarre-demo`) when `email` is given, a visitor otherwise. `options` change the context
 * (JavaScript on, a phone's screen, a colour scheme).
 *
 * A demo person starts from the state the setup project saved after signing them in through the
 * form once this run (`support/auth.setup.ts`, decision 039); without it (the setup project
 * skipped), or on a server other than the shared one (`options.baseURL`, support/demo-day.ts),
 * the page signs in through the form itself.
 */
export async function demoPage(browser: Browser, email?: string, options: BrowserContextOptions = {}): Promise<Page> {
  const saved = email && options.baseURL === undefined ? savedStateFor(email) : undefined;
  const context = await browser.newContext({ javaScriptEnabled: false, locale: "es-ES", ...(saved ? { storageState: saved } : {}), ...options });
  await context.addCookies([{ name: "i18n_redirected", value: "es", url: "http://127.0.0.1" }]);
  const page = await context.newPage();
  if (email && !saved) {
    await page.goto("/login");
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.locator("form#login button[type=submit]").click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  }
  return page;
}
