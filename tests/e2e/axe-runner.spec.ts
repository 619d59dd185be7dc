import { expect, test } from "@playwright/test";
import { axeRun, initScript, type InPage } from "./support/axe-run";

/** How axe.spec.ts runs axe (support/axe-run.ts), on pages drawn for each rule: what it skips and what it still checks. */

test("the colour rule skips a repeat only where its markup matches the first's: a row styled apart or with text of its own is still checked", async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: "reduce" });
  await context.addInitScript({ content: initScript });
  const page = await context.newPage();
  const row = (href: string, name: string, price: string, style = "") => `<li class="card"><a href="${href}" class="name">${name}</a> <span class="price"${style}>${price}</span></li>`;
  await page.setContent(
    `<!doctype html><html lang="es"><head><title>Filas</title><style>body{background:#fff;color:#222}.price{color:#333}</style></head><body><main><ul>` +
      row("/a", "Uno", "10 €") +
      row("/b", "Dos", "20 €") +
      row("/c", "Tres", "30 €", ' style="color:#ccc"') +
      `<li class="card"><a href="/d" class="name">Cuatro</a> <span class="price"></span></li>` +
      row("/e", "Cinco", "50 €") +
      `</ul></main></body></html>`,
  );
  // The second and fifth rows repeat the first; the third is styled apart; the fourth has an empty price.
  expect(await page.evaluate(() => (window as unknown as InPage).amarreRepeats().repeats.map((el) => el.textContent))).toEqual(["Dos 20 €", "Cinco 50 €"]);
  const { violations: found } = await axeRun(page, "none");
  expect(found.map((v) => v.id)).toEqual(["color-contrast"]);
  expect(found[0]!.targets).toEqual([expect.stringMatching(/^li:nth-child\(3\) > span /)]);
  await context.close();
});

test("a subtree an earlier page showed is skipped on the next only with the same stylesheet and nothing laid over it", async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: "reduce" });
  await context.addInitScript({ content: initScript });
  const page = await context.newPage();
  const links = ["/a", "/b", "/c", "/d"].map((href) => `<li><a href="${href}">Enlace ${href}</a></li>`).join("");
  const footer = `<footer class="foot"><ul>${links}</ul></footer>`;
  const html = (css: string, body: string) =>
    `<!doctype html><html lang="es"><head><title>Pie</title><style>body{background:#fff;color:#222;margin:0;position:relative}.foot{background:#fff}.under{position:absolute;left:0;right:0;bottom:0;height:40px;background:#ddd}.pull+.foot li:first-child a{position:absolute;left:0;top:0}${css}</style></head><body>${body}${footer}</body></html>`;
  await page.setContent(html("", "<main><p>Primera</p></main>"));
  const earlier = (await axeRun(page, "none")).signatures;
  const skipped = () => page.evaluate((earlier) => (window as unknown as InPage).amarreRepeats(earlier).repeats.map((el) => el.tagName), earlier);
  // The footer, shown by the first page, is skipped whole on a second page with the same stylesheet…
  await page.setContent(html("", "<main><p>Segunda, con otro texto</p><p>y otro párrafo</p></main>"));
  expect(await skipped()).toEqual(["FOOTER"]);
  // …but not where something of the page lies under it (only its rows 2 to 4, which repeat the first),
  await page.setContent(html("", '<main><p>Tercera</p></main><div class="under"></div>'));
  expect(await skipped()).toEqual(["LI", "LI", "LI"]);
  // nor where a part of it reaches out over the page (as a menu it opens, drawn over other text),
  await page.setContent(html("", '<main class="pull"><p>Cuarta</p></main>'));
  expect(await skipped()).toEqual(["LI", "LI", "LI"]);
  // nor where the stylesheet differs: there its first link is checked again, and its colour fails.
  await page.setContent(html(".foot a{color:#ccc}", "<main><p>Quinta</p></main>"));
  expect(await skipped()).toEqual(["LI", "LI", "LI"]);
  const { violations } = await axeRun(page, "none", earlier);
  expect(violations.map((v) => v.id)).toEqual(["color-contrast"]);
  expect(violations[0]!.targets).toEqual([expect.stringMatching(/^a\[href="\/a"\] /)]);
  await context.close();
});

test("rules whose findings axe caps below serious are not run; a serious finding beside them still fails the page", async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: "reduce" });
  await context.addInitScript({ content: initScript });
  const page = await context.newPage();
  // Text outside any landmark (`region`), a skipped heading level (`heading-order`), no <h1>
  // (`page-has-heading-one`), and an image without a text alternative (`image-alt`, critical).
  await page.setContent(
    `<!doctype html><html lang="es"><head><title>Reglas</title></head><body><p>Fuera de toda región</p><main><h2>Dos</h2><h4>Cuatro</h4><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="10" height="10"></main></body></html>`,
  );
  const skipped = await page.evaluate(() => Object.keys((window as unknown as InPage).amarreRulesThatCannotFail()));
  expect(skipped).toEqual(expect.arrayContaining(["region", "heading-order", "page-has-heading-one"]));
  expect(skipped).not.toContain("image-alt");
  expect(skipped).not.toContain("color-contrast");
  // axe itself, every rule on: the three are found, each at the impact its rule caps it to.
  const full = await page.evaluate(async () => (await (window as unknown as InPage).axe.run(document, { resultTypes: ["violations"] })).violations.map((v) => `${v.id}:${v.impact}`));
  expect(full).toEqual(expect.arrayContaining(["region:moderate", "heading-order:moderate", "page-has-heading-one:moderate", "image-alt:critical"]));
  // This spec's run: the critical finding, and nothing it skipped.
  const { violations } = await axeRun(page, "all");
  expect(violations.map((v) => v.id)).toEqual(["image-alt"]);
  await context.close();
});

test("on a phone after the wide check, the other rules read what only a phone shows, and only that", async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: "reduce", viewport: { width: 390, height: 844 } });
  await context.addInitScript({ content: initScript });
  const page = await context.newPage();
  await page.setContent(
    `<!doctype html><html lang="es"><head><title>Teléfono</title></head><body><main><h1>Reserva</h1>` +
      `<div class="fixed lg:hidden"><button type="button"></button></div><p><a href="/a"><img src="/x.png"></a></p></main></body></html>`,
  );
  // The phone-only bar's nameless button is found; the picture link without a name outside it is the wide check's.
  expect((await axeRun(page, "phone-only")).violations.map((v) => v.id)).toEqual(["button-name"]);
  expect((await axeRun(page, "all")).violations.map((v) => v.id).sort()).toEqual(["button-name", "image-alt", "link-name"]);
  await context.close();
});
