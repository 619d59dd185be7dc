import { expect, test } from "@playwright/test";

/** Rules that hold over plain HTTP, without a browser running scripts. */
test.describe("over plain HTTP", () => {
  test("pages carry an enforced CSP with a nonce and no inline script without it", async ({ request }) => {
    const response = await request.get("/en", { headers: { Cookie: "i18n_redirected=en" } });
    expect(response.status()).toBe(200);
    const csp = response.headers()["content-security-policy"];
    expect(csp).toBeTruthy();
    expect(response.headers()["content-security-policy-report-only"]).toBeUndefined();
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    // Images only from here (photos and profile photos are uploads) and the map's tile server.
    const imgSrc = /img-src ([^;]*)/.exec(csp)?.[1].trim().split(/\s+/);
    expect(imgSrc?.slice(0, 3)).toEqual(["'self'", "data:", "blob:"]);
    // …the tile server's own origin (this server, in these tests), never any https host.
    expect(imgSrc?.slice(3)).toEqual([new URL(response.url()).origin]);
    const html = await response.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(response.headers()["strict-transport-security"]).toMatch(/max-age=\d+/);
    // another request, another nonce
    const again = await request.get("/en");
    expect(/'nonce-([^']+)'/.exec(again.headers()["content-security-policy"])?.[1]).not.toBe(nonce);
  });

  test("the server HTML is already translated", async ({ request }) => {
    const fr = await (await request.get("/fr/about")).text();
    expect(fr).toContain('<html lang="fr"');
    expect(fr).toMatch(/À propos|Amarre/);
    const es = await (await request.get("/about", { headers: { Cookie: "i18n_redirected=es" } })).text();
    expect(es).toContain("Sobre Amarre");
  });

  test("first visits are redirected by the browser's language; Spanish cookies stay", async ({ request }) => {
    const redirected = await request.get("/", { headers: { "Accept-Language": "de-DE,de;q=0.9" }, maxRedirects: 0 });
    expect(redirected.status()).toBe(302);
    expect(redirected.headers()["location"]).toBe("/de");
    expect(redirected.headers()["set-cookie"]).toMatch(/i18n_redirected=de; Max-Age=31536000; Path=\/; SameSite=Lax/);
    const stays = await request.get("/", { headers: { "Accept-Language": "de", Cookie: "i18n_redirected=es" }, maxRedirects: 0 });
    expect(stays.status()).toBe(200);
    const permanent = await request.get("/es/category?x=1", { maxRedirects: 0 });
    expect(permanent.status()).toBe(301);
    expect(permanent.headers()["location"]).toBe("/category?x=1");
    expect((await request.get("/xx/about", { maxRedirects: 0, headers: { Cookie: "i18n_redirected=es" } })).status()).toBe(404);
  });

  test("health, hashed assets, sitemap, robots and the production-only rules", async ({ request }) => {
    const health = await request.get("/healthz");
    expect(await health.json()).toEqual({ status: "ok" });
    const html = await (await request.get("/", { headers: { Cookie: "i18n_redirected=es" } })).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const assetResponse = await request.get(asset!, { headers: { "Accept-Encoding": "gzip" } });
    expect(assetResponse.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.headers()["content-type"]).toContain("application/xml");
    expect(await sitemap.text()).toContain("/fr/about</loc>");
    expect(await (await request.get("/robots.txt")).text()).toContain("Sitemap:");
    expect((await request.get("/test-routes", { headers: { Cookie: "i18n_redirected=es" } })).status()).toBe(404);
  });
});
