import { expect, test, type Browser, type Page } from "@playwright/test";
import { demoPage } from "./people";
import { countIntlBuilt, intlBuilt } from "./support/intl-built";

/**
 * Pages hydrate with the numbers, dates and names the server wrote (app/framework/intl.ts, decision
 * 044): the browser builds no Intl formatter while hydrating them (its first costs it 20–80 ms),
 * and hydration keeps the server's markup (the page's <main> is the one the server sent).
 */

async function checkHydration(browser: Browser, email: string | undefined, paths: (page: Page) => Promise<string[]>) {
  const page = await demoPage(browser, email, { javaScriptEnabled: true, viewport: { width: 390, height: 844 } });
  await countIntlBuilt(page);
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      const main = document.querySelector("main") as (HTMLElement & { __fromServer?: boolean }) | null;
      if (main) main.__fromServer = true;
    });
  });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  const found: Record<string, { built: string[]; kept: boolean }> = {};
  for (const path of await paths(page)) {
    await page.goto(path);
    // Hydrated: React has taken the server's <main> (its fiber is on the element).
    await expect
      .poll(() => page.evaluate(() => Object.keys(document.querySelector("main") ?? {}).some((key) => key.startsWith("__reactFiber$"))), { message: `${path} hydrates` })
      .toBe(true);
    await page.waitForLoadState("networkidle");
    const kept = await page.evaluate(() => (document.querySelector("main") as (HTMLElement & { __fromServer?: boolean }) | null)?.__fromServer === true);
    found[path] = { built: await intlBuilt(page), kept };
  }
  expect(errors).toEqual([]);
  for (const [path, { built, kept }] of Object.entries(found)) {
    expect.soft(built, `Intl formatters built while hydrating ${path}`).toEqual([]);
    expect.soft(kept, `${path}: hydration kept the server's <main>`).toBe(true);
  }
  await page.context().close();
}

test("a visitor's pages with prices, lengths, dates and languages hydrate without building an Intl formatter", async ({ browser }) => {
  await checkHydration(browser, undefined, async (page) => {
    await page.goto("/alquiler-barco");
    const boat = await page.getByTestId("results").getByRole("article").first().getByRole("link").first().getAttribute("href");
    expect(boat).toBeTruthy();
    return ["/gestoria", boat!, "/en/blog", "/de/docks"];
  });
});

test("the renter's messages, invoices and trips hydrate without building an Intl formatter", async ({ browser }) => {
  await checkHydration(browser, "renter@amarre.test", async () => ["/mensajes", "/ajustes/facturas", "/ajustes/mis-reservas"]);
});
