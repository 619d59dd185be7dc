import type { Browser, BrowserContextOptions, Cookie, Page } from "@playwright/test";

/**
 * The cookies of a demo person's session, signed in once per test worker through the login form
 * (JavaScript off, as a visitor without it) and handed to each new browser context of that person:
 * a sign-in is three page loads, and the browser tests open some fifty pages as demo people. No
 * browser test signs a demo person out (auth.spec.ts signs up people of its own), so the session
 * stays valid for the whole run.
 */
const sessions = new Map<string, Promise<Cookie[]>>();

async function signIn(browser: Browser, email: string): Promise<Cookie[]> {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: "es-ES" });
  await context.addCookies([{ name: "i18n_redirected", value: "es", url: "http://127.0.0.1" }]);
  const page = await context.newPage();
  await page.goto("/login");
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill("amarre-demo");
  await page.locator("form#login button[type=submit]").click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  const cookies = await context.cookies();
  await context.close();
  return cookies;
}

/**
 * A page of its own browser context, without JavaScript, in Spanish; signed in as a demo person
 * (password `amarre-demo`) when `email` is given, a visitor otherwise. `options` change the context
 * (JavaScript on, a phone's screen, a colour scheme).
 */
export async function demoPage(browser: Browser, email?: string, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: "es-ES", ...options });
  await context.addCookies([{ name: "i18n_redirected", value: "es", url: "http://127.0.0.1" }]);
  if (email) {
    if (!sessions.has(email)) {
      const signingIn = signIn(browser, email);
      // A failed sign-in is tried again by the next test that asks, not remembered.
      signingIn.catch(() => sessions.delete(email));
      sessions.set(email, signingIn);
    }
    await context.addCookies(await sessions.get(email)!);
  }
  return context.newPage();
}
