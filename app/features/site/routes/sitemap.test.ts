import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "#app/.server/services";
import { pagePaths } from "#app/route-table";
import { createBoat, createDock, createOwner } from "#tests/listing-fixtures";
import { createTestServices, loadContext } from "#tests/test-services";
import { loader, sitemapResponse } from "./sitemap";

let services: Services;
const ids: Record<string, string> = {};

beforeAll(async () => {
  services = await createTestServices();
  const owner = await createOwner(services);
  ids.boat = (await createBoat(services, owner.uid, { title: "Lancha del mapa del sitio" })).id;
  ids.dock = (await createDock(services, owner.uid)).id;
  ids.draft = (await createBoat(services, owner.uid, { status: "draft" })).id;
  ids.paused = (await createDock(services, owner.uid, { status: "paused" })).id;
});
afterAll(() => services.close());

const sitemap = async () =>
  (await loader({ request: new Request("http://localhost:3000/sitemap.xml"), params: {}, context: loadContext(services) })).text();

describe("/sitemap.xml with listings", () => {
  it("lists every published boat and dock in the four languages, with hreflang alternates and lastmod", async () => {
    const xml = await sitemap();
    for (const [kind, id] of [
      ["boat", ids.boat],
      ["dock", ids.dock],
    ]) {
      for (const prefix of ["", "/en", "/fr", "/de"]) {
        const block = xml.split("<url>").find((entry) => entry.includes(`<loc>http://localhost:3000${prefix}/${kind}/${id}</loc>`));
        expect(block, `${prefix}/${kind}/${id}`).toBeDefined();
        expect(block).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
        for (const [lang, path] of [
          ["es", `/${kind}/${id}`],
          ["en", `/en/${kind}/${id}`],
          ["fr", `/fr/${kind}/${id}`],
          ["de", `/de/${kind}/${id}`],
          ["x-default", `/${kind}/${id}`],
        ]) {
          expect(block).toContain(`<xhtml:link rel="alternate" hreflang="${lang}" href="http://localhost:3000${path}"/>`);
        }
      }
    }
    expect(xml).not.toContain(ids.draft);
    expect(xml).not.toContain(ids.paused);
    // the static pages are still there
    expect(xml.match(/<url>/g)).toHaveLength((pagePaths((page) => page.sitemap).length + 2) * 4);
    expect(xml).toContain("<loc>http://localhost:3000/en/alquiler-barco/barco-a-vela</loc>");
  });
});

describe("/sitemap.xml past the protocol's 50,000 URLs", () => {
  const entries = Array.from({ length: 7 }, (_, i) => `  <url>\n    <loc>https://amarre.test/boat/b${i}</loc>\n  </url>`);
  const answer = async (part: string | null) => {
    const response = sitemapResponse(entries, { origin: "https://amarre.test", part, maxUrls: 3 });
    return { status: response.status, xml: await response.text() };
  };

  it("becomes an index of parts, each within the limit, together listing every URL once", async () => {
    const index = await answer(null);
    expect(index.status).toBe(200);
    expect(index.xml).toContain("<sitemapindex");
    expect([...index.xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      "https://amarre.test/sitemap.xml?part=1",
      "https://amarre.test/sitemap.xml?part=2",
      "https://amarre.test/sitemap.xml?part=3",
    ]);
    const urls: string[] = [];
    for (const part of ["1", "2", "3"]) {
      const { status, xml } = await answer(part);
      expect(status).toBe(200);
      const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      expect(locs.length).toBeLessThanOrEqual(3);
      urls.push(...locs);
    }
    expect(urls).toEqual(entries.map((_, i) => `https://amarre.test/boat/b${i}`));
  });

  it("answers 404 for a part that does not exist, and while one file is enough", async () => {
    for (const part of ["0", "4", "x", "1.5", "-1"]) expect((await answer(part)).status).toBe(404);
    const single = sitemapResponse(entries.slice(0, 3), { origin: "https://amarre.test", part: "1", maxUrls: 3 });
    expect(single.status).toBe(404);
  });
});

