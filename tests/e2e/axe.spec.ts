import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";
import { tour, tourLegs } from "./page-tour";
import { demoPage } from "./people";
import { repeatedSubtrees } from "./support/axe-repeats";

/**
 * WCAG 2.2 AA on every page of the route table, signed out and as the demo people, in light and
 * dark, at 1280 px and on a 390 px phone with the header's menus open: axe-core finds no serious
 * or critical violation. The page is loaded once, checked at both widths and its colour scheme
 * switched (the theme follows the system unless chosen).
 *
 * Which checks each page gets (a rotating pairwise cover, issue 44's time budget): a page lays out
 * by CSS alone and its colours do not depend on the width, and every rule but the colour rule
 * reads the same in both schemes. So the first page of each tour is checked in all four
 * combinations (the header, its menus and the footer every page shares), and each later page at
 * 1280 px in one scheme (every rule) and at 390 px in the other (the colour rule, and the other
 * rules on what only a phone shows), the pair swapping from one page to the next (light 1280 +
 * dark 390, then dark 1280 + light 390): every element is checked by every rule at a width that
 * shows it, its colours in both schemes wherever a page shows it at both widths, and in both
 * schemes across the tour for what the pages share (cards, forms, the settings' navigation).
 * Before, each page ran the colour rule four times and the other rules twice.
 * A signed-in person's page that a visitor is shown too is checked at 390 px only, in the scheme
 * the rotation gives (`visitorIsShown`): the visitor's tour checks the same page at both widths.
 */

/**
 * axe-core itself, minified (the copy @axe-core/playwright runs), given to each tour's browser
 * context as an init script: every page the tour opens has it before its own scripts, and Chromium
 * reuses its compiled code from page to page. Compiling its source again in each page cost 0.16 s
 * of CPU per page against 0.03 s (and 0.03 s more of the page's load), measured on ten pages.
 */
const requireFromAxeBuilder = createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"));
const axeSource = readFileSync(requireFromAxeBuilder.resolve("axe-core/axe.min.js"), "utf8");

type Violation = Pick<AxeResults["violations"][number], "id" | "impact" | "help"> & { targets: string[] };

/**
 * The source the tours' pages get before their own scripts: axe, `repeatedSubtrees` as
 * `window.amarreRepeats` and `rulesThatCannotFail` as `window.amarreRulesThatCannotFail` (an init
 * script, as axe: the app's CSP allows no `eval` in the page).
 */
const initScript = `${axeSource}\n;window.amarreRepeats = ${repeatedSubtrees.toString()};\nwindow.amarreRulesThatCannotFail = ${rulesThatCannotFail.toString()};`;

type InPage = {
  axe: {
    run(context: Document | { include: Array<Document | Element>; exclude: Element[] }, options: RunOptions): Promise<AxeResults>;
    _audit?: { rules?: { id: string; impact?: string | null }[] };
  };
  amarreRepeats: typeof repeatedSubtrees;
  amarreRulesThatCannotFail: typeof rulesThatCannotFail;
};

/**
 * The rules this spec does not run: those whose findings axe caps below serious. A rule with an
 * `impact` of its own (every one of axe 4.14's 105) reports every finding at that impact, whatever
 * its checks say (axe's `finalizeRuleResult`), and this spec fails on serious and critical
 * findings only: a minor or moderate rule (`region`, `heading-order`, `landmark-one-main` and 29
 * more) could not fail it, only cost a third of each run. Read from axe's own table in the page,
 * so a rule an upgrade raises to serious is run again; a rule without an impact is kept.
 */
function rulesThatCannotFail(): Record<string, { enabled: false }> {
  const rules = (window as unknown as InPage).axe._audit?.rules ?? [];
  return Object.fromEntries(rules.filter((rule) => rule.impact === "minor" || rule.impact === "moderate").map((rule) => [rule.id, { enabled: false }]));
}

/**
 * axe's serious and critical violations on the page, reduced in the page to what a failure
 * prints: a full run's results (every rule's description, its passes and what did not apply)
 * are about 60 KB, sent from the page for nothing when all is well.
 *
 * Only the violations are wanted (axe skips collecting the passes); axe runs in the page (as
 * AxeBuilder's legacy mode: our pages have no frames). The colour rule, most of axe's time, skips
 * the page's repeats (support/axe-repeats.ts: cards 2 to 24 of a search page drawn like the first,
 * and what `earlier` pages of the tour at this width and in this scheme already showed, such as the
 * footer); every other rule that can report a serious finding (`rulesThatCannotFail`) checks
 * where `rest` says: the whole page, what only a phone shows, or nowhere. Returns
 * the page's signatures besides, for the next page's `earlier`.
 */
async function axeRun(page: Page, rest: Rest, earlier: readonly number[] = []): Promise<{ violations: Violation[]; signatures: number[] }> {
  return page.evaluate(
    async ({ rest, earlier }) => {
      const { axe, amarreRepeats, amarreRulesThatCannotFail } = window as unknown as InPage;
      const { repeats, signatures } = amarreRepeats(earlier);
      const colour = await axe.run({ include: [document], exclude: repeats }, { resultTypes: ["violations"], runOnly: { type: "rule", values: ["color-contrast"] } });
      const rules = { ...amarreRulesThatCannotFail(), "color-contrast": { enabled: false } };
      // What a phone shows and a wide screen does not: Tailwind's `sm:hidden`, `md:hidden`, `lg:hidden`.
      const phoneOnly = rest === "phone-only" ? Array.from(document.querySelectorAll('[class*="sm:hidden"], [class*="md:hidden"], [class*="lg:hidden"]')) : [];
      const scope = rest === "all" ? document : phoneOnly.length > 0 ? { include: phoneOnly, exclude: [] } : null;
      const others = scope ? (await axe.run(scope, { resultTypes: ["violations"], rules })).violations : [];
      const violations = [...colour.violations, ...others]
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          targets: v.nodes.slice(0, 5).map((node) => `${node.target.join(" ")}${node.any[0]?.message ? ` (${node.any[0].message})` : ""}`),
        }));
      return { violations, signatures };
    },
    { rest, earlier },
  );
}

/**
 * Where axe's rules other than the colour rule run on a check: the whole page (`all`), nowhere
 * (`none`: this page was checked at this width already), or only on what a phone shows and a
 * wide screen hides (`phone-only`: the page was checked whole at 1280 px, where axe skips those;
 * the booking bar, the settings' "show sections", a list's phone cards).
 */
type Rest = "all" | "phone-only" | "none";

type Found = { url: string; scheme: string; id: string; impact: string; help: string; targets: string[] };

type Scheme = "light" | "dark";

/**
 * The page's colour scheme is `scheme` (emulated; the theme follows the system unless chosen).
 * `seen` holds the signatures of the subtrees earlier pages of the tour showed at this width and in
 * this scheme; this page's are added to it.
 */
async function serious(page: Page, url: string, scheme: Scheme, seen: Set<number>, rest: Rest): Promise<Found[]> {
  // The tour's context asks for reduced motion, which the app honours with no transitions at all
  // (tailwind.css): switching the scheme or opening a menu changes the colours at once, so axe
  // reads the colours a transition would end on, never a shade halfway between the two schemes.
  // (Finishing each page's transitions by hand cost 0.12 s of CPU per page.) Checked, not assumed:
  expect(await page.evaluate(() => document.getAnimations().length), `${url}: an animation or transition is running`).toBe(0);
  // Everything but colours is the same in both schemes, and at both widths but for what one of them
  // hides: `rest` says where the other rules run besides the colour rule (see `Rest`).
  //
  // Otherwise axe's default rules run, as this spec always has: AxeBuilder's `.options()` replaced the
  // `withTags(tags)` set before it, so the tag list never narrowed the run (the default rules hold
  // the WCAG 2.x A and AA rules axe enables, and its best practices).
  const { violations, signatures } = await axeRun(page, rest, [...seen]);
  for (const signature of signatures) seen.add(signature);
  return violations.map((v) => ({ url, scheme, id: v.id, impact: v.impact ?? "", help: v.help, targets: v.targets }));
}

// No `trace: "off"` here (nor in page-walk and phone-screens): a passing run records no trace anyway
// (the config's "on-first-retry"), and a file that changes a worker's options runs in workers of
// its own, which Playwright schedules after all the others — the tours, the longest tests, ended
// the stage on one worker while the other sat idle (decision 039). They now start first.

const screens = [
  { name: "1280 px", viewport: { width: 1280, height: 900 }, openMenus: false },
  // On a phone the header's menus are folded: they are opened, so their links are checked too.
  { name: "390 px, menus open", viewport: { width: 390, height: 844 }, openMenus: true },
] as const;

/**
 * Whether a visitor is shown this page too (answered 200 without a session, not sent to /login).
 * A signed-in person's tour checks such a page at 390 px only, in one scheme, after its first
 * page: the visitor's tour checks the same page's layout at both widths in both schemes (it
 * reaches every page a visitor is shown, or fails), and what being signed in adds to it (the
 * header's account menu, a favourite's form on each card, a contact form filled in) all shows at
 * 390 px with the header's menus open. The signed-in header at 1280 px is checked on the first
 * page of each leg and on every page only signed-in people see (the settings, the forms to list a
 * boat), at both widths. This halved the checks of 34 of the renter's 50 public pages:
 * the axe spec alone, back to back, 343 → 307 s of CPU (decision 037).
 */
async function visitorIsShown(request: APIRequestContext, url: string): Promise<boolean> {
  const response = await request.get(url, { maxRedirects: 0, headers: { Cookie: "i18n_redirected=es" } });
  return response.status() === 200;
}

/**
 * Each page is loaded once and checked at both widths (the pages lay out by CSS alone, so a page
 * resized to 390 px is the page loaded at 390 px): the tour of the route table runs once per
 * person, not once per width.
 */
for (const { title, person } of tourLegs) {
  test(`no serious accessibility violation, light and dark, at 1280 px and at 390 px with the menus open (${title})`, async ({ browser, request }) => {
    test.setTimeout(600_000);
    // axe-core runs as a script of the page: JavaScript on, as most visitors have it.
    const page = await demoPage(browser, person.email, { javaScriptEnabled: true, viewport: screens[0].viewport, reducedMotion: "reduce" });
    await page.context().addInitScript({ content: initScript });
    const found = new Map<string, Found[]>(screens.map((screen) => [screen.name, []]));
    // Per width and scheme: the signatures of what the pages before showed (support/axe-repeats.ts).
    const seen = new Map<string, Set<number>>();
    // The scheme the last page ended on: each page starts in it and switches once (1280 px, 390 px,
    // switch, 390 px, 1280 px), so a page costs one switch of scheme (a restyle of the whole page), not three.
    let scheme: Scheme = "light";
    let pagesChecked = 0;
    let phoneOnlyPages = 0;
    const stops = await tour(page, person, async ({ url }) => {
      const first = scheme;
      const second: Scheme = first === "light" ? "dark" : "light";
      const firstPage = pagesChecked++ === 0;
      const phoneOnly = person.email !== undefined && !firstPage && (await visitorIsShown(request, url));
      if (phoneOnly) phoneOnlyPages++;
      const checks: Array<{ screen: (typeof screens)[number]; scheme: Scheme; rest: Rest }> = firstPage
        ? [
            { screen: screens[0], scheme: first, rest: "all" },
            { screen: screens[1], scheme: first, rest: "all" },
            { screen: screens[1], scheme: second, rest: "none" },
            { screen: screens[0], scheme: second, rest: "none" },
          ]
        : phoneOnly
          ? [{ screen: screens[1], scheme: second, rest: "all" }]
          : [
              { screen: screens[0], scheme: first, rest: "all" },
              { screen: screens[1], scheme: second, rest: "phone-only" },
            ];
      for (const check of checks) {
        const screen = check.screen;
        if (check.scheme !== scheme) {
          await page.emulateMedia({ colorScheme: check.scheme });
          scheme = check.scheme;
        }
        if (page.viewportSize()?.width !== screen.viewport.width) await page.setViewportSize(screen.viewport);
        // The menus a phone's header folds are opened, and closed again for the desktop check.
        await page.evaluate((open) => {
          for (const menu of document.querySelectorAll("header details")) {
            const details = menu as HTMLDetailsElement;
            if (open && !details.open) {
              details.open = true;
              details.dataset.openedByAxeTest = "";
            } else if (!open && details.dataset.openedByAxeTest !== undefined) {
              details.open = false;
              delete details.dataset.openedByAxeTest;
            }
          }
        }, screen.openMenus);
        const context = `${screen.name} ${scheme}`;
        if (!seen.has(context)) seen.set(context, new Set());
        found.get(screen.name)!.push(...(await serious(page, url, scheme, seen.get(context)!, check.rest)));
      }
    });
    expect(stops.length).toBeGreaterThan(0);
    console.log(`${title}: ${stops.length} pages, ${phoneOnlyPages} of them at 390 px only (a visitor is shown them; the visitor's tour checks them at both widths)`);
    for (const screen of screens) {
      const atScreen = found.get(screen.name)!;
      if (atScreen.length > 0) {
        console.log(
          `${person.name} at ${screen.name}: ${atScreen.length} serious or critical violations\n` +
            atScreen.map((f) => `${f.url} [${f.scheme}] ${f.impact} ${f.id}: ${f.help}\n    ${f.targets.join("\n    ")}`).join("\n"),
        );
      }
      expect.soft(atScreen.map((f) => `${f.url} [${f.scheme}] ${f.id}`), `serious or critical violations for ${person.name} at ${screen.name}`).toEqual([]);
    }
    await page.context().close();
  });
}

/**
 * The tours ask for reduced motion (no transitions at all), so this test checks what motion adds,
 * on home at 390 px in dark (issue 44: axe found two service cards' titles in the browser's own
 * link blue, #0000ee, on the dark background). Home's lower sections are drawn only when they come
 * near the screen (`render-when-near`, content-visibility: auto), and Chromium keeps the style an
 * element had before the stylesheet arrived until its section is drawn: a card whose colours are
 * transitioned then fades from the browser's defaults to its own colours as it comes into view.
 * Here every element's style is read while the stylesheet is held back (as a script reading the
 * page early would), each section is brought near, each transition it starts is held at its first
 * frame, and axe's colour rule reads them: it fails on any colour a transition starts from the
 * browser's defaults.
 */
test("home's sections, drawn as they come near, start no colour transition from the browser's defaults (390 px, dark, motion on)", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: "dark", reducedMotion: "no-preference" });
  await context.addCookies([{ name: "i18n_redirected", value: "es", url: "http://127.0.0.1" }]);
  await context.addInitScript({ content: initScript });
  await context.addInitScript(() => {
    const started: string[] = [];
    (window as unknown as { amarreTransitions: string[] }).amarreTransitions = started;
    // Each transition is held at its first frame as it starts, for axe to read the colours it starts from.
    document.addEventListener(
      "transitionrun",
      (event) => {
        const element = event.target as Element;
        started.push(`${event.propertyName} on ${element.tagName.toLowerCase()}.${String(element.className).split(" ")[0]}`);
        for (const animation of element.getAnimations()) {
          if ((animation as CSSTransition).transitionProperty !== event.propertyName) continue;
          animation.pause();
          animation.currentTime = 0;
        }
      },
      true,
    );
    // Each element's style read as the parser adds it, until the stylesheet applies; the page's
    // footer, its last part, lets the stylesheet through.
    const colours: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          if (document.styleSheets.length === 0) colours.push(getComputedStyle(node).color);
          if (node.tagName === "FOOTER" || node.querySelector("footer")) {
            observer.disconnect();
            void (window as unknown as { amarreParsed(): Promise<void> }).amarreParsed();
          }
        }
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  let parsed!: () => void;
  const footerParsed = new Promise<void>((resolve) => (parsed = resolve));
  await page.exposeFunction("amarreParsed", () => parsed());
  await page.route(/\/assets\/.+\.css$/, async (route) => {
    await footerParsed;
    await route.continue();
  });
  await page.goto("/");
  await page.waitForLoadState("load");
  const sections = await page.evaluate(async () => {
    const near = [...document.querySelectorAll(".render-when-near")];
    for (const section of near) {
      section.scrollIntoView();
      // Two frames: the section is drawn, then its transitions' events are sent.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    }
    return near.length;
  });
  expect(sections, "home's sections drawn when near").toBeGreaterThanOrEqual(5);
  const started = await page.evaluate(() => (window as unknown as { amarreTransitions: string[] }).amarreTransitions);
  const { violations } = await axeRun(page, "none");
  expect(violations.flatMap((v) => v.targets), `colour transitions started: ${[...new Set(started)].join(", ") || "none"}`).toEqual([]);
  // Nor a border or background fading in from the browser's defaults, which the colour rule does not read.
  expect([...new Set(started.filter((transition) => /color/.test(transition)))]).toEqual([]);
  await context.close();
});

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
