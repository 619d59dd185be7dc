import { expect, test, type Browser } from "@playwright/test";

/**
 * The JavaScript budget (issue 13): the compressed bytes of every script a page loads, as the
 * browser received them (bodies as sent: Brotli from the built server), summed and printed.
 * Measured as a visitor on a phone (390 px, where Lighthouse's mobile run looks) once the page
 * is idle: home ≤ 100 KiB, the boat search, the dock search and a boat page ≤ 130 KiB. On a
 * 1280 px screen the search pages also draw their map: Leaflet's chunk is printed on its own,
 * and the rest must fit the same budget.
 */
const KiB = 1024;
const budgets = [
  { page: "home", path: "/", budget: 100 * KiB },
  { page: "boat search", path: "/alquiler-barco", budget: 130 * KiB },
  { page: "boat page", path: "{boat}", budget: 130 * KiB },
  { page: "docks", path: "/docks", budget: 130 * KiB },
];

type Load = { total: number; files: number; map: number; biggest: Array<[string, number]> };

async function scriptBytes(browser: Browser, path: string, width: number): Promise<Load> {
  const context = await browser.newContext({ viewport: { width, height: 844 }, locale: "es-ES" });
  await context.addCookies([{ name: "i18n_redirected", value: "es", url: "http://127.0.0.1" }]);
  const page = await context.newPage();
  // Map tiles (an outside service in production) never leave this machine.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  const scripts: Array<Promise<[string, number]>> = [];
  page.on("requestfinished", (request) => {
    if (request.resourceType() !== "script") return;
    scripts.push(request.sizes().then((sizes) => [new URL(request.url()).pathname, sizes.responseBodySize]));
  });
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await page.waitForLoadState("networkidle");
  const loaded = await Promise.all(scripts);
  await context.close();
  const map = loaded.filter(([url]) => url.includes("listing-map.client")).reduce((sum, [, bytes]) => sum + bytes, 0);
  return {
    total: loaded.reduce((sum, [, bytes]) => sum + bytes, 0),
    files: loaded.length,
    map,
    biggest: loaded.sort((a, b) => b[1] - a[1]).slice(0, 4),
  };
}

const kib = (bytes: number) => `${(bytes / KiB).toFixed(1)} KiB`;

test("every page's JavaScript fits its budget (compressed bytes, printed)", async ({ browser, request }) => {
  test.setTimeout(90_000);
  const search = await (await request.get("/alquiler-barco", { headers: { Cookie: "i18n_redirected=es" } })).text();
  const boat = /href="(\/boat\/[^"/?#]+)"/.exec(search)?.[1];
  expect(boat, "a demo boat in the search's results").toBeTruthy();

  const lines: string[] = [];
  const over: string[] = [];
  for (const { page, path, budget } of budgets) {
    const url = path === "{boat}" ? boat! : path;
    const phone = await scriptBytes(browser, url, 390);
    const desktop = await scriptBytes(browser, url, 1280);
    lines.push(
      `${page.padEnd(12)} phone ${kib(phone.total).padStart(10)} in ${String(phone.files).padStart(2)} files · ` +
        `1280 px ${kib(desktop.total - desktop.map).padStart(10)}${desktop.map ? ` + map ${kib(desktop.map)}` : ""} · budget ${kib(budget)} · ` +
        `biggest: ${phone.biggest.map(([name, bytes]) => `${name.replace(/^\/assets\//, "")} ${kib(bytes)}`).join(", ")}`,
    );
    // The phone loads no map code up front.
    expect(phone.map, `${page}: Leaflet loaded on a phone before the map was asked for`).toBe(0);
    if (phone.total > budget) over.push(`${page} on a phone: ${kib(phone.total)} > ${kib(budget)}`);
    if (desktop.total - desktop.map > budget) over.push(`${page} at 1280 px: ${kib(desktop.total - desktop.map)} > ${kib(budget)}`);
  }
  console.log(`JavaScript per page (compressed, as received):\n${lines.join("\n")}`);
  expect(over, "pages over their JavaScript budget").toEqual([]);
});

/**
 * What a phone downloads before any script (issue 47, decision 057): the HTML of a search page of
 * 24 results in each language, at most 80 KiB and 700 elements, and of the heaviest demo boat's
 * page, at most 55 KiB. Bytes as the server writes them (uncompressed), elements as the browser's
 * parser builds them from that HTML (before any script runs). Sizes, not times: the same data
 * gives the same figures.
 */
const SEARCH_HTML_BUDGET = { bytes: 80 * KiB, elements: 700 };
const BOAT_HTML_BUDGET = { bytes: 55 * KiB };
const SEARCH_PATHS = ["/alquiler-barco", "/en/alquiler-barco", "/fr/alquiler-barco", "/de/alquiler-barco"];

/** The elements of an HTML document: its start tags, outside comments and scripts' and styles' contents. */
export function elementCount(html: string): number {
  const markup = html.replace(/<!--[\s\S]*?-->/g, "").replace(/<(script|style)\b([^>]*)>[\s\S]*?<\/\1>/gi, "<$1$2>");
  return markup.match(/<[a-zA-Z][a-zA-Z0-9-]*(?=[\s/>])/g)?.length ?? 0;
}

test("a search page and a boat page fit their HTML budget (bytes and elements, printed)", async ({ request }) => {
  test.setTimeout(90_000);
  const get = async (path: string) => {
    const response = await request.get(path, { headers: { Cookie: `i18n_redirected=${/^\/(en|fr|de)\//.exec(path)?.[1] ?? "es"}` } });
    expect(response.status(), path).toBe(200);
    return response.text();
  };
  const lines: string[] = [];
  const over: string[] = [];
  for (const path of SEARCH_PATHS) {
    const html = await get(path);
    const bytes = Buffer.byteLength(html);
    const elements = elementCount(html);
    const cards = html.match(/<article\b/g)?.length ?? 0;
    expect(cards, `${path}: a page of 24 results`).toBe(24);
    lines.push(`${path.padEnd(20)} ${kib(bytes).padStart(9)} · ${elements} elements`);
    if (bytes > SEARCH_HTML_BUDGET.bytes) over.push(`${path}: ${kib(bytes)} > ${kib(SEARCH_HTML_BUDGET.bytes)}`);
    if (elements > SEARCH_HTML_BUDGET.elements) over.push(`${path}: ${elements} elements > ${SEARCH_HTML_BUDGET.elements}`);
  }

  // Every demo boat (each search page in turn), in Spanish; the heaviest in all four languages.
  const boats = new Set<string>();
  for (let page = 1; page <= 10; page++) {
    const found = [...(await get(`/alquiler-barco${page > 1 ? `?page=${page}` : ""}`)).matchAll(/href="(\/boat\/[^"/?#]+)"/g)].map((m) => m[1]);
    const before = boats.size;
    for (const path of found) boats.add(path);
    if (boats.size === before) break;
  }
  expect(boats.size, "the demo boats").toBeGreaterThan(24);
  let heaviest = { path: "", bytes: 0 };
  for (const path of boats) {
    const bytes = Buffer.byteLength(await get(path));
    if (bytes > heaviest.bytes) heaviest = { path, bytes };
  }
  for (const prefix of ["", "/en", "/fr", "/de"]) {
    const path = prefix + heaviest.path;
    const html = await get(path);
    const bytes = Buffer.byteLength(html);
    lines.push(`${path.padEnd(20)} ${kib(bytes).padStart(9)} · ${elementCount(html)} elements (the heaviest of ${boats.size} boats)`);
    if (bytes > BOAT_HTML_BUDGET.bytes) over.push(`${path}: ${kib(bytes)} > ${kib(BOAT_HTML_BUDGET.bytes)}`);
  }
  console.log(`HTML per page (uncompressed, as written):\n${lines.join("\n")}`);
  expect(over, "pages over their HTML budget").toEqual([]);
});
