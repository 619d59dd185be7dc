import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { barePages, layoutGroups, type LayoutGroup } from "#app/route-table";
import type { Services } from "#app/.server/services";
import { createTestServices, loadContext, pageRequest, settle } from "#tests/test-services";
import { copies, loader } from "./copy-redirect";
import { loader as testRoutesLoader } from "./test-routes";

/**
 * The spec's draft copies ("… copy", the space sent as %20) redirect permanently to the page they
 * copy, in each of the four languages, keeping the query, before any sign-in; /test-routes lists
 * them with every other route and links only the pages without parameters.
 */
let services: Services;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

const cases: Array<[copy: string, target: string]> = [
  ["/limpieza%20copy", "/limpieza"],
  ["/boat/abc123%20copy", "/boat/abc123"],
  ["/boat/form/add-motor-boat%20copy", "/boat/form/add-motor-boat"],
  ["/boat/rent/boat/ReservationSummary%20copy", "/boat/rent/boat/ReservationSummary"],
  ["/ajustes/inscribir-tu-barco%20copy", "/ajustes/inscribir-tu-barco"],
  ["/ajustes/mi-perfil%20copy", "/ajustes/mi-perfil"],
  ["/ajustes/mi-perfil%20copy%202", "/ajustes/mi-perfil"],
];

describe("draft copies", () => {
  for (const [prefix, lang] of [["", "es"], ["/en", "en"], ["/fr", "fr"], ["/de", "de"]] as const) {
    it(`redirect with 301 to the page they copy, keeping the query, signed out (${lang})`, async () => {
      for (const [copy, target] of cases) {
        const response = (await settle(() => loader({ request: pageRequest(`${prefix}${copy}?desde=copia&x=1`), params: {}, context: loadContext(services) }))) as Response;
        expect(response.status, copy).toBe(301);
        expect(response.headers.get("Location")).toBe(`${prefix}${target}?desde=copia&x=1`);
      }
    });
  }

  it("anything else under the module is a 404, and every copy in the route table has its redirect", async () => {
    const other = (await settle(() => loader({ request: pageRequest("/limpieza%20copia"), params: {}, context: loadContext(services) }))) as unknown as { init: ResponseInit };
    expect(other.init.status).toBe(404);
    const copyPages = (layoutGroups as readonly LayoutGroup[]).flatMap((group) => group.pages).filter((page) => page.file === "features/site/routes/copy-redirect.ts");
    expect(copyPages).toHaveLength(7);
    for (const page of copyPages) expect(copies.some((copy) => copy.path.test(`/${page.path!.replace(":id", "abc")}`)), page.path!).toBe(true);
  });
});

describe("/test-routes", () => {
  it("lists every page with its layout, the fixed pages and the resource routes; only pages without parameters are links", async () => {
    const data = await testRoutesLoader({ request: pageRequest("/test-routes"), params: {}, context: loadContext(services) });
    const pages = data.groups.flatMap((group) => group.pages.map((page) => ({ ...page, layout: group.layout })));
    expect(pages.length).toBe(layoutGroups.reduce((n, group) => n + group.pages.length, 0) + barePages.length);
    const byId = new Map(pages.map((page) => [page.id, page]));
    expect(byId.get("blog")).toMatchObject({ layout: "default", linked: true, urls: expect.arrayContaining([{ lang: "fr", url: "/fr/blog" }]) });
    expect(byId.get("blog-post")).toMatchObject({ linked: false });
    expect(byId.get("limpieza-copy")).toMatchObject({ linked: true, urls: expect.arrayContaining([{ lang: "de", url: "/de/limpieza copy" }]) });
    expect(byId.get("boat-copy")?.linked).toBe(false);
    expect(byId.get("not-found")?.linked).toBe(false);
    expect(byId.get("settings-profile")).toMatchObject({ layout: "panel", linked: true });
    expect(byId.get("baseline")).toMatchObject({ layout: "bare", linked: true, urls: expect.arrayContaining([{ lang: "en", url: "/en/_baseline" }]) });
    expect(data.groups.find((group) => group.layout === "bare")?.layoutFile).toBeNull();
    expect(data.resources).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: "transport-boat", path: "/en/transport-boat", layout: "septimalista", linked: true }),
        expect.objectContaining({ id: "blog-feed", path: "/feed/:file", layout: null, linked: false }),
        expect.objectContaining({ id: "sitemap", path: "/sitemap.xml", layout: null, linked: true }),
      ]),
    );
  });
});
