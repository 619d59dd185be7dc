import { expect, test } from "@playwright/test";
import { startBuiltServer } from "./built-server";

/**
 * The visitors' page cache over plain HTTP (decision record 007). Each call is a fresh client
 * (no cookie jar), as two different visitors would be.
 *
 * On a built server of its own, with its own data directory and the demo data: other browser
 * tests publish listings on the shared server, and a listing change rightly forgets the cached
 * search pages, which made these tests flaky there. Here nothing else writes.
 */
test.describe.configure({ mode: "default" });

let server: ReturnType<typeof startBuiltServer>;
let origin = "";
const base = () => origin;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = startBuiltServer(
    {
      MARKETING_URL: "https://marketing.amarre.test/",
      SIGN_IN_LIMIT_PER_10_MINUTES: "1000",
      MAP_TILE_URL: "http://127.0.0.1:9/_tiles/{z}/{x}/{y}.png",
    },
    { demoData: true },
  );
  await expect.poll(() => server.port(), { timeout: 100_000, message: "the page-cache server starts" }).toBeTruthy();
  origin = `http://127.0.0.1:${server.port()}`;
});

test.afterAll(async () => {
  server.child.kill("SIGTERM");
  await server.exited;
  server.cleanup();
});

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(base() + path, { headers: { Cookie: "i18n_redirected=es", ...headers }, redirect: "manual" });
  const body = await response.text();
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1] ?? "";
  return { response, body, nonce, cache: response.headers.get("x-page-cache") };
}

/** A published demo boat's id, from the search (the demo marketplace is seeded). */
async function someBoatId(): Promise<string> {
  const { body } = await get("/alquiler-barco?sort=price-desc&page=2");
  const id = /href="\/boat\/([A-Za-z0-9]+)"/.exec(body)?.[1];
  expect(id, "the demo marketplace has published boats").toBeTruthy();
  return id!;
}

test("a visitor's page is rendered once and shared, each time under the response's own CSP nonce", async () => {
  const path = `/alquiler-barco?type=sail&sort=price-asc&people=${2 + Math.floor(Math.random() * 8)}`;
  const first = await get(path);
  const second = await get(path);
  expect(first.response.status).toBe(200);
  expect(second.cache).toBe("hit");
  expect(second.nonce).not.toBe(first.nonce);
  for (const { body, nonce } of [first, second]) {
    const scripts = body.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  }
  // Same page apart from the nonce; the internal marker never reaches a browser.
  expect(second.body.replaceAll(second.nonce, "N")).toBe(first.body.replaceAll(first.nonce, "N"));
  expect(second.response.headers.get("x-amarre-page-cache")).toBeNull();
  expect(first.response.headers.get("x-amarre-page-cache")).toBeNull();

  // Another language, theme or a hard reload gets its own rendering.
  expect((await get(path, { Cookie: "i18n_redirected=es; theme=dark" })).cache).not.toBe("hit");
  const reload = await get(path, { "Cache-Control": "no-cache" });
  expect(reload.response.status).toBe(200);
  expect(reload.cache).toBeNull();
});

test("signed-in people never get a shared page", async () => {
  const login = await fetch(base() + "/login", {
    method: "POST",
    body: new URLSearchParams({ email: "renter@amarre.test", password: "amarre-demo" }),
    headers: { Cookie: "i18n_redirected=es" },
    redirect: "manual",
  });
  expect(login.status).toBe(302);
  const session = login.headers.get("set-cookie")!.split(";")[0];
  const path = "/alquiler-barco?type=motor";
  await get(path);
  expect((await get(path)).cache).toBe("hit");
  const signedIn = await get(path, { Cookie: `i18n_redirected=es; ${session}` });
  expect(signedIn.cache).toBeNull();
  expect(signedIn.body).toContain("Lucía Martín"); // their own header, with their name
});

test("a visitor served a shared listing page still gets it in their recently viewed list", async () => {
  const boatId = await someBoatId();
  await get(`/boat/${boatId}`); // another visitor renders (or already rendered) the page
  const visitor = await get(`/boat/${boatId}`);
  expect(visitor.cache).toBe("hit");
  const cookie = visitor.response.headers.getSetCookie().find((c) => c.startsWith("recently_viewed="));
  expect(cookie, "the recently-viewed cookie is written on a shared page").toBeTruthy();
  const history = await get("/historial", { Cookie: `i18n_redirected=es; ${cookie!.split(";")[0]}` });
  expect(history.body).toContain(`/boat/${boatId}`);
});

test("a first visit to a language's page is shared too, and still sets the language cookie", async () => {
  const path = `/fr/about?from=${Math.random().toString(36).slice(2)}`;
  const visit = () => fetch(base() + path, { redirect: "manual" });
  const first = await visit();
  const second = await visit();
  expect(second.headers.get("x-page-cache")).toBe("hit");
  for (const response of [first, second]) {
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).toMatch(/^i18n_redirected=fr; Max-Age=31536000; Path=\/; SameSite=Lax/);
  }
});
