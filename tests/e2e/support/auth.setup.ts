import fs from "node:fs";
import { expect, test as setup } from "@playwright/test";
import { AUTH_DIR, authFile, DEMO_PASSWORD, demoPeople } from "./auth-state";

/**
 * Signs each demo person in once, through the real sign-in form (the browser a test would use:
 * no JavaScript, Spanish), and saves the signed-in state to `.cache/e2e-auth/<person>.json`.
 * Tests that only need "a signed-in X" start from that state (`demoPage`, or
 * `test.use({ storageState: authFile("renter") })`); tests that prove the sign-in form, signing
 * out, the limits, or that change the session keep signing in themselves (decision 039).
 */
setup.beforeAll(() => fs.mkdirSync(AUTH_DIR, { recursive: true }));

for (const person of demoPeople) {
  setup(`sign in as ${person}@amarre.test`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: "es-ES" });
    await context.addCookies([{ name: "i18n_redirected", value: "es", url: "http://127.0.0.1" }]);
    const page = await context.newPage();
    await page.goto("/login");
    await page.locator('input[name="email"]').fill(`${person}@amarre.test`);
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.locator("form#login button[type=submit]").click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === "__session"), `a session cookie for ${person}`).toBeDefined();
    await context.storageState({ path: authFile(person) });
    await context.close();
  });
}
