import { expect, test, type APIRequestContext } from "@playwright/test";
import { tour, tourLegs, type TourPerson } from "./page-tour";
import { demoPage } from "./people";
import { misformattedNumbers, visibleText } from "./visible-text";

/**
 * Every page is clean UTF-8: no NUL byte and no broken sequence anywhere in its bytes, for every
 * page of the route table in the four languages, signed out and as each demo person. React 18.3's
 * streaming renderer used to leave a NUL at offsets ≡ 2047 (mod 2048) next to a multi-byte
 * character (patches/react-dom+18.3.1.patch); validators stop there and link previews cut the page.
 *
 * The tour (page-tour.ts) finds the pages in Spanish with real ids; each page is then fetched as
 * bytes in Spanish and in the languages its hreflang alternates name (the blog's posts have their
 * own slug per language), or under the language prefix when a private page has no alternates.
 *
 * The same walk checks that every page writes dates and numbers in its language (visible-text.ts):
 * no ISO date ("Fecha 2026-12-26") and no decimal point in Spanish, French and German ("6.2"), nor
 * a decimal comma in English, in the text a person sees (not in inputs, attributes or code).
 */

// A failure prints what it found; a trace of a hundred pages would only slow every run down.
test.use({ trace: "off" });

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

async function check(request: APIRequestContext, url: string, lang: string, problems: string[], numbers: string[]): Promise<string> {
  const response = await request.get(url, { maxRedirects: 5 });
  const bytes = await response.body();
  const problem = byteProblem(bytes);
  if (problem) problems.push(`${url} (${response.status()}): ${problem}`);
  const html = bytes.toString("utf8");
  for (const found of misformattedNumbers(visibleText(html), lang)) numbers.push(`${url}: ${found}`);
  return html;
}

for (const { title, person } of legs) {
  test(`every page is valid UTF-8 without NUL bytes and writes dates and numbers in its language, in four languages (${title})`, async ({ browser }) => {
    test.setTimeout(240_000);
    const page = await demoPage(browser, person.email);
    const request = page.context().request;
    const problems: string[] = [];
    const numbers: string[] = [];
    let fetched = 0;
    const stops = await tour(page, person, async ({ url }) => {
      const html = await check(request, url, "es", problems, numbers);
      fetched += 1;
      const links = alternates(html);
      for (const lang of OTHER_LANGS) {
        await check(request, links.get(lang) ?? `/${lang}${url === "/" ? "" : url}`, lang, problems, numbers);
        fetched += 1;
      }
    });
    expect(stops.length).toBeGreaterThan(0);
    console.log(`${person.name}: ${stops.length} pages, ${fetched} responses in four languages, ${problems.length} with bad bytes, ${numbers.length} misformatted dates or numbers`);
    if (numbers.length > 0) console.log(numbers.join("\n"));
    expect(problems, `responses with a NUL byte or broken UTF-8 for ${person.name}`).toEqual([]);
    expect(numbers, `ISO dates or numbers not written the page's language's way for ${person.name}`).toEqual([]);
    await page.context().close();
  });
}
