import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "#app/.server/services";
import { pagePaths } from "#app/route-table";
import { createBoat, createDock, createOwner } from "#tests/listing-fixtures";
import { createTestServices, loadContext } from "#tests/test-services";
import { loader } from "./sitemap";

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
