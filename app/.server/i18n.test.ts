// vitest: own process — the lookup counts below need the i18n instances' caches cold, as no other file left them.
import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { defaultLang, i18nConfig, langCodes, type Lang } from "#app/i18n";
import { decideLanguage, getFixedT, i18nFor, langFromAcceptLanguage, localesVersion, readLangCookie, resources, translationMemoKey, MEMO_VALUES_PER_KEY } from "./i18n";

const request = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  new Request(`http://localhost${path}`, { headers, method });

/**
 * Runs `body` with the `lang` instance's translator counted and gives back how many lookups it
 * resolved (`resolved()` reads the count so far); the translator is put back whatever happens.
 */
function countResolutions(lang: Lang, body: (resolved: () => number) => void): number {
  const instance = i18nFor(lang) as unknown as { translator: { translate: (...args: unknown[]) => unknown } };
  const original = instance.translator.translate;
  let resolved = 0;
  instance.translator.translate = (...args: unknown[]) => (resolved++, original.apply(instance.translator, args));
  try {
    body(() => resolved);
  } finally {
    instance.translator.translate = original;
  }
  return resolved;
}

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

describe("the server's message lookups", () => {
  /** Every key of a namespace's messages, nested keys joined with dots. */
  const keysOf = (messages: object, prefix = ""): string[] =>
    Object.entries(messages).flatMap(([key, value]) => (value && typeof value === "object" ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`]));

  it("answer every message of every namespace in every language as a fresh i18next does, again and again", () => {
    const wrong: string[] = [];
    for (const lang of langCodes) {
      const fresh = createInstance();
      void fresh.init({ ...i18nConfig, lng: lang, ns: Object.keys(resources[defaultLang]), resources, initImmediate: false });
      for (const ns of Object.keys(resources[lang])) {
        const kept = getFixedT(lang, ns);
        const expected = fresh.getFixedT(lang, ns);
        for (const key of keysOf(resources[lang][ns] as object)) {
          const plain = key.replace(/_(one|other|zero|few|many)$/, "");
          for (let round = 0; round < 2; round++) {
            if (kept(plain) !== expected(plain)) wrong.push(`${lang} ${ns}:${plain}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("resolve a plain lookup once: later renders take the kept string", () => {
    const t = i18nFor("fr").getFixedT("fr", "common");
    t("skipToContent");
    const resolved = countResolutions("fr", () => {
      for (let i = 0; i < 10; i++) t("skipToContent");
      t("skipToContent", { count: 2 });
    });
    expect(resolved).toBe(1);
  });

  it("keep a lookup with a string default under its default (region names): once per key and default", () => {
    const t = i18nFor("de").getFixedT("de", "common");
    const resolved = countResolutions("de", () => {
      for (let i = 0; i < 5; i++) expect(t("regions.islas-baleares", { defaultValue: "Islas Baleares" })).toBe("Balearen");
      for (let i = 0; i < 5; i++) expect(t("regions.nowhere-land", { defaultValue: "Nowhere Land" })).toBe("Nowhere Land");
      expect(t("regions.nowhere-land", { defaultValue: "Tierra de Nadie" })).toBe("Tierra de Nadie");
      expect(t("regions.nowhere-land")).toBe("regions.nowhere-land");
    });
    expect(resolved).toBe(4);
  });

  it("keep an interpolation or a count once per set of plain values, and never one with an object", () => {
    const t = i18nFor("en").getFixedT("en", "bookings");
    const resolved = countResolutions("en", () => {
      for (let i = 0; i < 5; i++) expect(t("fields.peopleHint", { count: 1 })).toBe("At most 1 person.");
      for (let i = 0; i < 5; i++) expect(t("fields.peopleHint", { count: 6 })).toBe("At most 6 people.");
      // The string "6" is another value than the number 6.
      t("fields.peopleHint", { people: "6" });
      t("fields.peopleHint", { people: "6" });
      const withObject = { count: 6, extra: { nested: true } };
      t("fields.peopleHint", withObject);
      t("fields.peopleHint", withObject);
    });
    expect(resolved).toBe(2 + 1 + 2);
    expect(translationMemoKey("k", { count: 6 })).not.toBe(translationMemoKey("k", { count: "6" }));
    expect(translationMemoKey("k", { name: "x".repeat(1_000) })).toBeNull();
    expect(translationMemoKey("k", { render: () => "x" })).toBeNull();
  });

  it("stop keeping a message whose values do not repeat, and still answer it right", () => {
    const t = i18nFor("es").getFixedT("es", "bookings");
    countResolutions("es", (resolved) => {
      for (let i = 0; i < MEMO_VALUES_PER_KEY + 50; i++) expect(t("fields.peopleHint", { count: 1000 + i })).toBe(`Como máximo ${1000 + i} personas.`);
      // Once kept for MEMO_VALUES_PER_KEY sets of values, the message is resolved on every call again.
      const before = resolved();
      t("fields.peopleHint", { count: 1000 });
      t("fields.peopleHint", { count: 1000 + MEMO_VALUES_PER_KEY + 10 });
      t("fields.peopleHint", { count: 1000 + MEMO_VALUES_PER_KEY + 10 });
      expect(resolved() - before).toBe(3);
    });
  });

  it("still interpolate, count and default when asked, after the same key was looked up plainly", () => {
    const t = i18nFor("en").getFixedT("en", "errors");
    const plain = t("generic.title");
    expect(t("generic.title", { code: 404 })).toContain("404");
    expect(t("generic.title")).toBe(plain);
    expect(t("no.such.key", { defaultValue: "fallback" })).toBe("fallback");
    expect(t("no.such.key")).toBe("no.such.key");
  });
});
