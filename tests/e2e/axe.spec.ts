import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { tour, tourLegs } from "./page-tour";
import { demoPage } from "./people";
import { axeRun, initScript, type Rest } from "./support/axe-run";

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

// No `trace` option here (nor in page-walk and phone-screens): the config records none anyway, and
// a file that changes a worker's options runs in workers of
// its own, which Playwright schedules after all the others — the tours, the longest tests, ended
// the stage on one worker while the other sat idle (decision 039). They now start first.

/**
 * `AXE_EVERY_COMBINATION=1` (a one-off check, off in the suite): every page is also checked by the
 * colour rule at both widths in both schemes, not only in the pair its turn gives. Issue 47 ran it
 * on the 148 stops of the seven legs, dark and light at 390 and 1280 px: no serious violation
 * (9.8 min for axe.spec and axe-runner.spec on a machine loaded by other builds).
 */
const EVERY_COMBINATION = Boolean(process.env.AXE_EVERY_COMBINATION);

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
/**
 * The visitor's settings and admin legs are left out: every page of them sends a visitor to
 * /login, which the visitor's default leg checks, so each leg navigated some twenty redirects to
 * check that one page again (16 s of the spec on an idle machine).
 */
const axeLegs = tourLegs.filter(({ person }) => person.email !== undefined || !person.layouts.some((layout) => layout === "panel" || layout === "admin"));

for (const { title, person } of axeLegs) {
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
      if (EVERY_COMBINATION) {
        for (const screen of screens) {
          for (const wanted of [first, second]) {
            if (!checks.some((check) => check.screen === screen && check.scheme === wanted)) checks.push({ screen, scheme: wanted, rest: "none" });
          }
        }
      }
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
