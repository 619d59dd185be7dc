import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { tour, tourLegs, type TourPerson } from "./page-tour";
import { demoPage } from "./people";
import { misformattedNumbers, visibleText } from "./visible-text";

/**
 * One walk of every page of the route table per person (page-tour.ts), JavaScript off as in
 * demoPage, with two checks on each page it reaches (each with its own list of what failed):
 *
 * - **No page is wider than the screen**, on two phones, a tablet and a desktop. A phone's
 *   browser widens its layout to fit wide content (innerWidth grows and the overflow is hidden),
 *   so the page is measured against the width the screen was given.
 * - **Every page is clean UTF-8**: no NUL byte and no broken sequence anywhere in its bytes, in
 *   the four languages. React 18.3's streaming renderer used to leave a NUL at offsets ≡ 2047
 *   (mod 2048) next to a multi-byte character (app/framework/patches/react-dom+18.3.1.patch); validators stop
 *   there and link previews cut the page. Each page is fetched as bytes in Spanish and in the
 *   languages its hreflang alternates name (the blog's posts have their own slug per language),
 *   or under the language prefix when a private page has no alternates. The same responses show
 *   dates and numbers in their language (visible-text.ts): no ISO date ("Fecha 2026-12-26") and no
 *   decimal point in Spanish, French and German ("6.2"), nor a decimal comma in English, in the
 *   text a person sees (not in inputs, attributes or code).
 *
 * (These were two specs walking every page each; one walk does both.)
 */

// Traces: the config's (none); see axe.spec.ts for why no `trace` option here.

const widths = [360, 390, 768, 1280] as const;
const OTHER_LANGS = ["en", "fr", "de"] as const;

// The professional is not on the shared tour's list (the owner's settings cover the same pages
// there); she is a demo person too, so her pages are checked here.
const pro: TourPerson = {
  name: "pro",
  email: "pro@amarre.test",
  layouts: ["panel"],
  noLinkExpected: {
    "settings-case": "the demo professional has asked for no paperwork",
    "settings-rental": "the demo professional rents nothing out",
    "settings-rental-deposit": "the demo professional rents nothing out",
    "settings-reservation-deposit": "linked from a claimed trip's page only (her trip's deposit is not claimed)",
    chat: "the demo professional has no conversations",
  },
};
const legs = [...tourLegs, { title: "pro, panel pages", person: pro }];

/** The page at each width: what reaches past the screen's edge, if anything. */
async function overflowsOf(page: Page, url: string): Promise<string[]> {
  const overflows: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    // Reading the width lays the page out at the new size (no frame to wait for: JavaScript is off, as in demoPage).
    const found = await page.evaluate((width) => {
      const scrollWidth = document.documentElement.scrollWidth;
      if (scrollWidth <= width) return null;
      // The outermost elements reaching past the screen's edge (not those inside a box that
      // scrolls or clips them), to say what to fix.
      const escapes = (el: Element) => el.getBoundingClientRect().right > width + 1;
      const contained = (el: Element) => {
        for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
          if (getComputedStyle(parent).overflowX !== "visible") return true;
        }
        return false;
      };
      const culprits = [...document.body.querySelectorAll("*")]
        .filter((el) => escapes(el) && !(el.parentElement && escapes(el.parentElement) && el.parentElement !== document.body) && !contained(el))
        .slice(0, 3)
        .map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute("class") ?? ""}"> ${(el.textContent ?? "").trim().slice(0, 40)}`);
      return { scrollWidth, culprits };
    }, width);
    if (found) overflows.push(`${url} at ${width}px is ${found.scrollWidth}px wide: ${found.culprits.join(" | ")}`);
  }
  await page.setViewportSize({ width: widths[0], height: 800 });
  return overflows;
}

/** What is wrong with a response's bytes, or null. */
function byteProblem(bytes: Buffer): string | null {
  const nul = bytes.indexOf(0);
  if (nul !== -1) {
    const around = bytes.subarray(Math.max(0, nul - 24), nul + 8).toString("utf8").replaceAll("\0", "\\0");
    return `NUL byte at ${nul} of ${bytes.length} (…${around}…)`;
  }
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return `not valid UTF-8 (${bytes.length} bytes)`;
  }
  return null;
}

function alternates(html: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of html.matchAll(/<link\b[^>]*\brel="alternate"[^>]*>/g)) {
    const lang = /hrefLang="([^"]+)"|hreflang="([^"]+)"/i.exec(match[0]);
    const href = /\bhref="([^"]+)"/.exec(match[0])?.[1];
    const code = lang?.[1] ?? lang?.[2];
    if (code && href) found.set(code, new URL(href.replaceAll("&amp;", "&")).pathname + new URL(href.replaceAll("&amp;", "&")).search);
  }
  return found;
}

/**
 * Fetches `url` as bytes, noting a NUL or broken UTF-8 in `problems` and dates or numbers not
 * written `lang`'s way in `numbers`; returns the text.
 */
async function checkBytes(request: APIRequestContext, url: string, lang: string, problems: string[], numbers: string[]): Promise<string> {
  const response = await request.get(url, { maxRedirects: 5 });
  const bytes = await response.body();
  const problem = byteProblem(bytes);
  if (problem) problems.push(`${url} (${response.status()}): ${problem}`);
  const html = bytes.toString("utf8");
  for (const found of misformattedNumbers(visibleText(html), lang)) numbers.push(`${url}: ${found}`);
  return html;
}

for (const { title, person } of legs) {
  test(`no page overflows the screen; every page is valid UTF-8 without NUL bytes and writes dates and numbers its language's way, in four languages (${title})`, async ({ browser }) => {
    test.setTimeout(300_000);
    const page = await demoPage(browser, person.email, {
      isMobile: true,
      hasTouch: true,
      viewport: { width: widths[0], height: 800 },
    });
    const request = page.context().request;
    const overflows: string[] = [];
    const problems: string[] = [];
    const numbers: string[] = [];
    let fetched = 0;
    const stops = await tour(page, person, async ({ url }) => {
      overflows.push(...(await overflowsOf(page, url)));
      const html = await checkBytes(request, url, "es", problems, numbers);
      fetched += 1;
      const links = alternates(html);
      for (const lang of OTHER_LANGS) {
        await checkBytes(request, links.get(lang) ?? `/${lang}${url === "/" ? "" : url}`, lang, problems, numbers);
        fetched += 1;
      }
    });
    expect(stops.length).toBeGreaterThan(0);
    console.log(`${person.name}: ${stops.length} pages at ${widths.length} widths, ${fetched} responses in four languages, ${overflows.length} too wide, ${problems.length} with bad bytes, ${numbers.length} misformatted dates or numbers`);
    if (numbers.length > 0) console.log(`${person.name}:\n${numbers.join("\n")}`);
    if (overflows.length > 0) console.log(`${person.name}:\n${overflows.join("\n")}`);
    expect.soft(overflows, `pages wider than the screen for ${person.name}`).toEqual([]);
    expect.soft(problems, `responses with a NUL byte or broken UTF-8 for ${person.name}`).toEqual([]);
    expect.soft(numbers, `ISO dates or numbers not written the page's language's way for ${person.name}`).toEqual([]);
    await page.context().close();
  });
}
