import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localesVersion } from "#app/.server/i18n";
import { pagePaths } from "#app/route-table";
import type { Services } from "#app/.server/services";
import { createTestServices, loadContext, settle } from "#tests/test-services";
import { loader as esRedirect } from "./es-redirect";
import { loader as language } from "./language";
import { loader as locales } from "./locales";
import { loader as robots } from "./robots";
import { loader as sitemap } from "./sitemap";
import { action as theme } from "./theme";

let services: Services;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

const args = (path: string, params: Record<string, string> = {}, init?: RequestInit) => ({
  request: new Request(`http://localhost:3000${path}`, init),
  params,
  context: loadContext(services),
});

describe("/es/…", () => {
  it("redirects permanently to the unprefixed path", async () => {
    const response = await esRedirect(args("/es/about?x=1"));
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/about?x=1");
    expect((await esRedirect(args("/es"))).headers.get("Location")).toBe("/");
  });
});

describe("hostile redirect targets stay on the site", () => {
  const hostile = [
    "//evil.example",
    "/\\evil.example",
    "/.//evil.example",
    "/x/..//evil.example",
    "/%2e//evil.example",
    "/%2F%2Fevil.example",
    "/%252F%252Fevil.example",
    "/%5C%5Cevil.example",
    "/\t/evil.example",
    "https://evil.example",
    "javascript:alert(1)",
  ];
  const leaves = (location: string | null) => location === null || /^[/\\][/\\]|^[a-z]+:/i.test(location) || location.includes("evil.example/");

  it.each(["//evil.example", "/\\evil.example", "/.//evil.example", "/x/..//evil.example", "/%2e//evil.example", "/%2F%2Fevil.example"])(
    "/es%s is never a redirect to another host",
    async (rest) => {
      const response = await esRedirect(args(`/es${rest}`));
      expect(response.status).toBe(301);
      expect(leaves(response.headers.get("Location"))).toBe(false);
    },
  );

  it.each(hostile)("/resources/language?redirect=%s goes home", async (target) => {
    const response = await language(args(`/resources/language?lng=en&redirect=${encodeURIComponent(target)}`));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/en");
  });

  it.each(hostile)("/resources/theme with redirect=%s goes home", async (target) => {
    const response = await theme(
      args("/resources/theme", {}, { method: "POST", body: new URLSearchParams({ theme: "dark", redirect: target }) }),
    );
    const location = response instanceof Response ? response.headers.get("Location") : null;
    expect(location).toBe("/");
  });
});

describe("/resources/language", () => {
  it("stores the language and goes to the same page in it", async () => {
    const response = await language(args("/resources/language?lng=de&redirect=%2Ffr%2Fabout%3Fq%3D1"));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/de/about?q=1");
    expect(response.headers.get("Set-Cookie")).toBe("i18n_redirected=de; Max-Age=31536000; Path=/; SameSite=Lax");
    const spanish = await language(args("/resources/language?lng=es&redirect=%2Fen"));
    expect(spanish.headers.get("Location")).toBe("/");
  });

  it("still reads `redirectTo`, the word of pages rendered before `redirect`, through the same check", async () => {
    const old = await language(args("/resources/language?lng=fr&redirectTo=%2Fen%2Fabout"));
    expect(old.headers.get("Location")).toBe("/fr/about");
    const hostileOld = await language(args("/resources/language?lng=fr&redirectTo=%2F%2Fevil.example"));
    expect(hostileOld.headers.get("Location")).toBe("/fr");
    const themed = (await theme(args("/resources/theme", {}, { method: "POST", body: new URLSearchParams({ theme: "dark", redirectTo: "/de/about" }) }))) as Response;
    expect(themed.headers.get("Location")).toBe("/de/about");
  });

  it("never follows another origin", async () => {
    const response = await language(args("/resources/language?lng=en&redirect=https%3A%2F%2Fevil.example%2F"));
    expect(response.headers.get("Location")).toBe("/en");
    const protocolRelative = await language(args("/resources/language?lng=xx&redirect=%2F%2Fevil.example"));
    expect(protocolRelative.headers.get("Location")).toBe("/");
  });
});

describe("/resources/locales", () => {
  it("serves one namespace, cached for a year when the version matches", async () => {
    const response = await locales(args(`/resources/locales/fr/common?v=${localesVersion}`, { lng: "fr", ns: "common" }));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const body = (await response.json()) as { nav: { signIn: string } };
    expect(body.nav.signIn).toBeTruthy();
    const stale = await locales(args("/resources/locales/fr/common?v=old", { lng: "fr", ns: "common" }));
    expect(stale.headers.get("Cache-Control")).toMatch(/max-age=300/);
  });

  it("answers 404 for an unknown language or namespace", async () => {
    for (const params of [{ lng: "it", ns: "common" }, { lng: "es", ns: "nope" }, { lng: "es", ns: "../x" }]) {
      const thrown = (await settle(() => locales(args("/resources/locales/x/y", params)))) as unknown as { init: ResponseInit };
      expect(thrown.init.status).toBe(404);
    }
  });
});

describe("/resources/theme", () => {
  const post = (body: Record<string, string>, headers: Record<string, string> = {}) =>
    theme(args("/resources/theme", {}, { method: "POST", body: new URLSearchParams(body), headers }));

  it("stores a chosen theme and goes back to the page without JavaScript", async () => {
    const response = (await post({ theme: "dark", redirect: "/fr/about" })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/fr/about");
    expect(response.headers.get("Set-Cookie")).toMatch(/^theme=dark; Max-Age=31536000; Path=\/; SameSite=Lax$/);
  });

  it("clears the cookie for the system theme", async () => {
    const result = (await post({ theme: "system" }, { "Sec-Fetch-Dest": "empty" })) as unknown as { init: ResponseInit };
    expect(new Headers(result.init.headers).get("Set-Cookie")).toMatch(/^theme=; Max-Age=0/);
  });

  it("answers 400 to a bad value", async () => {
    const result = (await post({ theme: "purple" })) as unknown as { init: ResponseInit };
    expect(result.init.status).toBe(400);
  });

  it("reads its body through the body gate: broken multipart is a translated 400, no cookie set", async () => {
    const thrown = await Promise.resolve(
      theme(args("/en/resources/theme", {}, { method: "POST", headers: { "Content-Type": "multipart/form-data; boundary=xyz" }, body: '--xyz\r\nContent-Disposition: form-data; name="theme"\r\n\r\ndark' })),
    ).catch((error: unknown) => error);
    const refusal = thrown as { data: { message: string }; init: ResponseInit };
    expect(refusal.init.status).toBe(400);
    expect(refusal.data.message).toBe("We could not read what was sent. Please try again from the form.");
    expect(new Headers(refusal.init.headers).get("Set-Cookie")).toBeNull();
  });
});

describe("/sitemap.xml and /robots.txt", () => {
  it("lists every public page in four languages with hreflang alternates", async () => {
    const xml = await (await sitemap(args("/sitemap.xml"))).text();
    for (const url of ["http://localhost:3000/", "http://localhost:3000/en", "http://localhost:3000/fr/about", "http://localhost:3000/de/category"]) {
      expect(xml).toContain(`<loc>${url}</loc>`);
    }
    expect(xml).toContain('hreflang="x-default"');
    expect(xml).not.toContain("test-routes");
    expect(xml.match(/<url>/g)).toHaveLength(pagePaths((page) => page.sitemap).length * 4);
    expect(xml).toContain("<loc>http://localhost:3000/en/register-pro</loc>");
    expect(xml).not.toContain("/ajustes");
  });

  it("points crawlers to the sitemap and away from private areas", async () => {
    const text = await (await robots(args("/robots.txt"))).text();
    expect(text).toContain("Sitemap: http://localhost:3000/sitemap.xml");
    expect(text).toContain("Disallow: /ajustes");
    expect(text).toContain("Disallow: /en/ajustes");
    expect(text).toContain("Disallow: /_baseline");
    expect(text).toContain("Disallow: /de/_baseline");
  });
});
