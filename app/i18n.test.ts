import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { langCodes, localizePath, splitLangFromPath } from "./i18n";

describe("language paths", () => {
  it("reads the language from the prefix; no prefix is Spanish", () => {
    expect(splitLangFromPath("/")).toEqual({ lang: "es", path: "/" });
    expect(splitLangFromPath("/about")).toEqual({ lang: "es", path: "/about" });
    expect(splitLangFromPath("/en")).toEqual({ lang: "en", path: "/" });
    expect(splitLangFromPath("/fr/about")).toEqual({ lang: "fr", path: "/about" });
    expect(splitLangFromPath("/english")).toEqual({ lang: "es", path: "/english" });
    expect(splitLangFromPath("/it/about")).toEqual({ lang: "es", path: "/it/about" });
  });

  it("puts a path under a language", () => {
    expect(localizePath("/", "es")).toBe("/");
    expect(localizePath("/", "de")).toBe("/de");
    expect(localizePath("/?x=1", "en")).toBe("/en?x=1");
    expect(localizePath("/about?x=1", "fr")).toBe("/fr/about?x=1");
    expect(localizePath("/ajustes/mis-reservas/abc?confirm=cancel#actions-title", "de")).toBe("/de/ajustes/mis-reservas/abc?confirm=cancel#actions-title");
    expect(localizePath("/#main", "en")).toBe("/en#main");
  });

  it("leaves a target relative to the page as it is, in every language (issue 44)", () => {
    // The booking page's "Cancel the booking" (`?confirm=cancel#actions-title`), "No, go back"
    // (`?`), a hash: they stay on the page they are on, which has its prefix already.
    for (const lang of langCodes) {
      for (const target of ["?confirm=cancel#actions-title", "?confirm=weather-cancel", "?", "#actions-title", "", "../docks", "https://example.com/x"]) {
        expect(localizePath(target, lang), `${lang} ${target}`).toBe(target);
      }
    }
  });
});

/** Every message must exist in es, en, fr and de, with the same placeholders. */
describe("messages", () => {
  const dir = path.resolve("locales");
  const keys = (o: Record<string, unknown>, prefix = ""): Array<[string, string]> =>
    Object.entries(o).flatMap(([k, v]) =>
      v && typeof v === "object" ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)]],
    );
  const namespaces = new Set(langCodes.flatMap((lang) => fs.readdirSync(path.join(dir, lang))));

  it.each([...namespaces])("%s has the same keys and placeholders in the four languages", (file) => {
    const byLang = Object.fromEntries(
      langCodes.map((lang) => {
        const text = fs.readFileSync(path.join(dir, lang, file), "utf8");
        return [lang, new Map(keys(JSON.parse(text) as Record<string, unknown>))];
      }),
    );
    const reference = byLang.en;
    for (const lang of langCodes) {
      expect([...byLang[lang].keys()].sort(), `${lang}/${file}`).toEqual([...reference.keys()].sort());
      for (const [key, value] of reference) {
        const placeholders = (s: string) => (s.match(/{{[^}]+}}/g) ?? []).sort();
        expect(placeholders(byLang[lang].get(key) ?? ""), `${lang}/${file} ${key}`).toEqual(placeholders(value));
      }
    }
  });
});
