import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServices, loadContext, pageRequest, settle } from "#tests/test-services";
import type { Services } from "./.server/services";
import { loader } from "./root";

let services: Services;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

const run = (path: string, headers: Record<string, string> = {}) =>
  settle(() => loader({ request: pageRequest(path, headers), params: {}, context: loadContext(services) }));

describe("root loader", () => {
  it("redirects a French browser's first visit to /fr and sets the language cookie", async () => {
    const response = (await run("/", { "Accept-Language": "fr-FR,fr;q=0.9" })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/fr");
    expect(response.headers.get("Set-Cookie")).toBe("i18n_redirected=fr; Max-Age=31536000; Path=/; SameSite=Lax");
  });

  it("serves a Spanish visitor's page with translated error texts and public settings only", async () => {
    const result = (await run("/", { Cookie: "i18n_redirected=es", "Accept-Language": "fr" })) as unknown as {
      data: { lang: string; errorCopy: Record<string, string>; ENV: Record<string, string> };
    };
    expect(result.data.lang).toBe("es");
    expect(result.data.errorCopy.notFoundTitle).toBe("Página No Encontrada (404)");
    expect(result.data.errorCopy.errorDescription).toBe("Ha ocurrido un error inesperado");
    expect(result.data.ENV).toEqual({
      MARKETING_URL: "https://marketing.amarre.test",
      APP_BACKEND: "embedded",
      MAP_TILE_URL: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
      MAP_ATTRIBUTION: "© OpenStreetMap contributors",
      FIREBASE: null,
    });
  });

  it("translates the error texts on prefixed pages", async () => {
    const result = (await run("/de/about", { Cookie: "i18n_redirected=de" })) as unknown as {
      data: { lang: string; errorCopy: Record<string, string> };
    };
    expect(result.data.lang).toBe("de");
    expect(result.data.errorCopy.notFoundTitle).not.toBe("Página No Encontrada (404)");
    expect(result.data.errorCopy.errorTitle).toContain("{code}");
  });
});
