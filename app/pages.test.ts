import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#app/.server/config";
import type { Services } from "#app/.server/services";
import { createTestServices, loadContext, pageRequest, settle } from "#tests/test-services";
import { loader as aboutLoader } from "#app/features/site/routes/about";
import { loader as appLoader } from "#app/features/site/routes/app-page";
import { loader as categoryLoader } from "#app/features/site/routes/category";
import { loader as homeLoader } from "#app/features/site/routes/home";
import { action as notFoundAction, loader as notFoundLoader } from "#app/features/site/routes/not-found";
import { loader as testRoutesLoader } from "#app/features/site/routes/test-routes";

let services: Services;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

const args = (path: string, init?: RequestInit) => ({
  request: new Request(`http://localhost:3000${path}`, init),
  params: {},
  context: loadContext(services),
});

describe("home", () => {
  it("offers the seeded ports, grouped by region, with a translated title", async () => {
    const { data } = await homeLoader(args("/"));
    expect(data.meta.title).toMatch(/Amarre/);
    expect(data.ports.map((p) => p.city)).toEqual(expect.arrayContaining(["Barcelona", "Palma", "Ibiza", "Vigo"]));
    expect(data.regions.map((r) => r.region)).toEqual(expect.arrayContaining(["Islas Baleares", "Andalucía"]));
    const { data: english } = await homeLoader(args("/en"));
    const { data: german } = await homeLoader(args("/de"));
    expect(new Set([data.meta.title, english.meta.title, german.meta.title]).size).toBe(3);
  });
});

describe("about, app and category", () => {
  it("answer in the page's language", async () => {
    for (const run of [aboutLoader, appLoader, categoryLoader] as const) {
      const { data: es } = await run(args("/x"));
      const { data: fr } = await run(args("/fr/x"));
      expect(es.meta.title).not.toBe(fr.meta.title);
      expect(fr.meta.description.length).toBeGreaterThan(20);
    }
    const { data: about } = await aboutLoader(args("/about"));
    expect(about.portCount).toBeGreaterThanOrEqual(12);
  });
});

describe("unknown routes", () => {
  it('raise "Page not found" with status 404 and the path in the data', async () => {
    for (const path of ["/no-existe", "/en/nowhere/deep", "/it/about"]) {
      const thrown = (await settle(() => notFoundLoader(args(path)))) as unknown as {
        data: { message: string; path: string };
        init: ResponseInit;
      };
      expect(thrown.init.status).toBe(404);
      expect(thrown.data).toEqual({ message: "Page not found", path });
    }
    const posted = (await settle(() => notFoundAction(args("/nope", { method: "POST" })))) as unknown as { init: ResponseInit };
    expect(posted.init.status).toBe(404);
  });
});

describe("/test-routes", () => {
  it("lists every page in every language outside production", async () => {
    const data = await testRoutesLoader(args("/test-routes"));
    const urls = data.groups.flatMap((g) => g.pages.flatMap((p) => p.urls.map((u) => u.url)));
    expect(urls).toEqual(expect.arrayContaining(["/", "/en", "/fr/about", "/de/category", "/test-routes"]));
    expect(data.resources.map((r) => r.path)).toEqual(expect.arrayContaining(["/sitemap.xml", "/robots.txt"]));
  });

  it("does not exist in production", async () => {
    const production = { ...services, config: loadConfig({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(32), DATA_DIR: services.config.dataDir }) };
    const thrown = (await settle(() =>
      testRoutesLoader({ request: pageRequest("/test-routes"), params: {}, context: loadContext(production) }),
    )) as unknown as { init: ResponseInit };
    expect(thrown.init.status).toBe(404);
  });
});
