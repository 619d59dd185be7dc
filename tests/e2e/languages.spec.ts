import { expect, test } from "@playwright/test";

const homes = [
  { path: "/", lang: "es", heading: /mar/i },
  { path: "/en", lang: "en", heading: /sea/i },
  { path: "/fr", lang: "fr", heading: /mer/i },
  { path: "/de", lang: "de", heading: /(Meer|See)/i },
];

test.describe("home page in four languages", () => {
  for (const home of homes) {
    test(`${home.path} is in ${home.lang}, and its browser fetches that language's messages only`, async ({ page, context }) => {
      await context.addCookies([{ name: "i18n_redirected", value: home.lang, url: "http://127.0.0.1" }]);
      const messages: string[] = [];
      page.on("request", (request) => {
        const found = /\/resources\/locales\/([^/]+)\/([^/?]+)/.exec(request.url());
        if (found) messages.push(`${found[1]}/${found[2]}`);
      });
      const response = await page.goto(home.path);
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", home.lang);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(home.heading);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${home.path === "/" ? "/$" : home.path + "$"}`));
      await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(5);
      await expect(page.getByRole("search").or(page.getByRole("form"))).toBeVisible();
      // the ports seeded on first start are offered as places
      await expect(page.locator("#boat-search-places option")).not.toHaveCount(0);
      // Before hydrating, the browser loads the messages it shows: the page's language, never the fallback's too.
      await page.waitForLoadState("networkidle");
      expect(messages).toContain(`${home.lang}/common`);
      expect(messages.filter((name) => !name.startsWith(`${home.lang}/`))).toEqual([]);
    });
  }
});

test("a first visit from a French browser lands on /fr with the cookie set", async ({ browser }) => {
  const context = await browser.newContext({ locale: "fr-FR" });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page).toHaveURL(/\/fr$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  const cookie = (await context.cookies()).find((c) => c.name === "i18n_redirected");
  expect(cookie?.value).toBe("fr");
  expect(cookie?.sameSite).toBe("Lax");
  expect(cookie?.path).toBe("/");
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
  await context.close();
});

test("the switcher changes language without a document load and stores the cookie", async ({ page, context }) => {
  await context.addCookies([{ name: "i18n_redirected", value: "es", url: "http://127.0.0.1" }]);
  await page.goto("/about");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  // mark the document: a full page load would lose it
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  const documentLoads: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documentLoads.push(request.url());
  });

  await page.locator("summary", { hasText: "es" }).first().click();
  await page.locator('a[data-lang="de"]').first().click();
  await expect(page).toHaveURL(/\/de\/about$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Amarre/);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Sobre Amarre");
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  expect(documentLoads).toEqual([]);
  const cookie = (await context.cookies()).find((c) => c.name === "i18n_redirected");
  expect(cookie?.value).toBe("de");

  // back to Spanish: the cookie says es, so / stays Spanish on a reload
  await page.locator("summary", { hasText: "de" }).first().click();
  await page.locator('a[data-lang="es"]').first().click();
  await expect(page).toHaveURL(/\/about$/);
  await page.goto("/");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
});

test("the switcher works without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: "es-ES" });
  const page = await context.newPage();
  await page.goto("/category");
  await page.locator("summary", { hasText: "es" }).first().click();
  await page.locator('a[data-lang="fr"]').first().click();
  await expect(page).toHaveURL(/\/fr\/category$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  expect((await context.cookies()).find((c) => c.name === "i18n_redirected")?.value).toBe("fr");
  await context.close();
});
