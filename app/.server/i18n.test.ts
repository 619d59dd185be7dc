import { describe, expect, it } from "vitest";
import { decideLanguage, langFromAcceptLanguage, localesVersion, readLangCookie, resources } from "./i18n";

const request = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  new Request(`http://localhost${path}`, { headers, method });

describe("langFromAcceptLanguage", () => {
  it("takes the supported language the browser prefers most", () => {
    expect(langFromAcceptLanguage("fr-FR,fr;q=0.9,en;q=0.8")).toBe("fr");
    expect(langFromAcceptLanguage("it-IT,de;q=0.5,en;q=0.7")).toBe("en");
    expect(langFromAcceptLanguage("ja, zh")).toBeNull();
    expect(langFromAcceptLanguage("en;q=0, de")).toBe("de");
    expect(langFromAcceptLanguage(null)).toBeNull();
  });
});

describe("decideLanguage", () => {
  it("sends a first visit from a French browser to /fr and sets the cookie", () => {
    const decision = decideLanguage(request("/", { "Accept-Language": "fr-FR,fr;q=0.9" }), false);
    expect(decision).toEqual({
      kind: "redirect",
      location: "/fr",
      setCookie: "i18n_redirected=fr; Max-Age=31536000; Path=/; SameSite=Lax",
    });
  });

  it("keeps the query string on the way", () => {
    const decision = decideLanguage(request("/about?x=1", { "Accept-Language": "de" }), false);
    expect(decision).toMatchObject({ kind: "redirect", location: "/de/about?x=1" });
  });

  it("leaves a visitor whose cookie says es on the Spanish page, whatever the browser says", () => {
    const decision = decideLanguage(request("/", { Cookie: "i18n_redirected=es", "Accept-Language": "fr" }), false);
    expect(decision).toEqual({ kind: "stay", lang: "es", setCookie: null });
  });

  it("follows the cookie over the browser", () => {
    const decision = decideLanguage(request("/", { Cookie: "a=b; i18n_redirected=de", "Accept-Language": "fr" }), false);
    expect(decision).toEqual({ kind: "redirect", location: "/de", setCookie: null });
  });

  it("falls back to Spanish and sets the cookie on a first visit", () => {
    expect(decideLanguage(request("/", { "Accept-Language": "ja" }), false)).toEqual({
      kind: "stay",
      lang: "es",
      setCookie: "i18n_redirected=es; Max-Age=31536000; Path=/; SameSite=Lax",
    });
  });

  it("never redirects a prefixed page and stores its language on a first visit", () => {
    expect(decideLanguage(request("/en/about", { "Accept-Language": "fr" }), true)).toEqual({
      kind: "stay",
      lang: "en",
      setCookie: "i18n_redirected=en; Max-Age=31536000; Path=/; SameSite=Lax; Secure",
    });
  });

  it("does not redirect form posts", () => {
    expect(decideLanguage(request("/", { Cookie: "i18n_redirected=fr" }, "POST"), false)).toMatchObject({ kind: "stay", lang: "es" });
  });

  it("ignores an unknown cookie value", () => {
    expect(readLangCookie(request("/", { Cookie: "i18n_redirected=xx" }))).toBeNull();
  });
});

describe("resources", () => {
  it("bundles the four languages and versions them", () => {
    expect(Object.keys(resources).sort()).toEqual(["de", "en", "es", "fr"]);
    expect(resources.es.errors).toMatchObject({ notFound: { title: "Página No Encontrada (404)" } });
    expect(localesVersion).toMatch(/^[\w-]{12}$/);
  });
});
