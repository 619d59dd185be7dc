import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { langCodes, type Lang } from "./i18n";

/**
 * One word for a berth per language, everywhere: "place de port" in French (never "anneau"),
 * "Liegeplatz" in German, "berth" in English (a buoy mooring stays a mooring: it is a kind of berth).
 */
const avoided: Record<Lang, RegExp | null> = {
  es: null,
  en: /\b(?:slips?|docking spots?|marina spots?)\b/i,
  fr: /\b(?:anneaux?|places? d[’']amarrage)\b/i,
  de: /\b(?:Anlegepl[aä]tz\w*|Bootspl[aä]tz\w*|Hafenpl[aä]tz\w*)\b/i,
};

function texts(lang: Lang): Array<[string, string]> {
  const dir = path.resolve("locales", lang);
  const walk = (value: unknown, at: string): Array<[string, string]> =>
    value && typeof value === "object" ? Object.entries(value).flatMap(([key, inner]) => walk(inner, `${at}.${key}`)) : [[at, String(value)]];
  return fs.readdirSync(dir).flatMap((file) => walk(JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")), file.replace(/\.json$/, "")));
}

describe("the word for a berth", () => {
  it.each(langCodes.filter((lang) => avoided[lang]))("is the same everywhere in %s", (lang) => {
    const pattern = avoided[lang]!;
    expect(texts(lang).filter(([, text]) => pattern.test(text))).toEqual([]);
  });

  it("is used in every language", () => {
    const word: Record<Lang, RegExp> = { es: /\bamarres?\b/i, en: /\bberths?\b/i, fr: /\bplaces? de port\b/i, de: /\bLiegepl[aä]tz/i };
    for (const lang of langCodes) expect(texts(lang).some(([, text]) => word[lang].test(text)), lang).toBe(true);
  });
});

/**
 * German addresses the reader formally everywhere ("Sie", "Ihr", "Ihnen"; "Wählen Sie …"), never with
 * "du", "dein…", "dich", "dir", nor the plural "euch", "euer…".
 */
describe("the German register", () => {
  it("is formal in every message", () => {
    const informal = /(?<![\p{L}-])(?:du|dein\p{L}*|dich|dir|euch|euer|eure\p{L}*)(?![\p{L}-])/iu;
    expect(texts("de").filter(([, text]) => informal.test(text))).toEqual([]);
  });
});
