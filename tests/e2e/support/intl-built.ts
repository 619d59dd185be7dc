import type { Page } from "@playwright/test";

/**
 * Counts the Intl formatters a page builds from its first script on (a browser's first one costs
 * tens of milliseconds of its main thread): call before `goto`, read with `intlBuilt`.
 */
export async function countIntlBuilt(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const win = window as unknown as { __intlBuilt: string[] };
    win.__intlBuilt = [];
    for (const name of ["NumberFormat", "DateTimeFormat", "DisplayNames"] as const) {
      const real = Intl[name];
      Object.defineProperty(Intl, name, {
        configurable: true,
        writable: true,
        value: new Proxy(real, {
          construct(target, args: unknown[]) {
            win.__intlBuilt.push(`${name}(${JSON.stringify(args)})`);
            return Reflect.construct(target, args) as object;
          },
        }),
      });
    }
  });
}

/** The Intl formatters the page built so far, with their arguments. */
export function intlBuilt(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __intlBuilt: string[] }).__intlBuilt);
}
