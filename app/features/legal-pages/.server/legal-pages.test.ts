import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "#app/.server/services";
import { langCodes } from "#app/i18n";
import { legalPageKeys, legalTextsSchema, parseLegalBody } from "#app/features/legal-pages/legal-pages";
import { createTestServices } from "#tests/test-services";
import { COMPANY, companyAddress, PLATFORM_ISSUER } from "./company";
import { defaultLegalTexts } from "./defaults";
import { createLegalPagesService, LEGAL_PAGES, LegalPageError } from "./service";

/**
 * The legal texts as content on the real embedded store: the shipped texts meet the editor's
 * rules in every language, a save changes one language and tells the page cache, texts in the
 * store that break the rules read as the shipped ones, and the seed writes only what is missing.
 */
let services: Services;
beforeAll(async () => {
  services = await createTestServices({ SEED_DEMO_DATA: "false" });
});
afterAll(() => services.close());

describe("the legal pages' content", () => {
  it("ships complete texts in four languages that the editor would accept, with headings in the long ones", () => {
    for (const lang of langCodes) {
      for (const key of legalPageKeys) {
        const texts = defaultLegalTexts[lang][key];
        expect(legalTextsSchema.safeParse(texts).success, `${lang} ${key}`).toBe(true);
        const headings = parseLegalBody(texts.body).filter((block) => block.kind === "heading");
        expect(headings.length, `${lang} ${key}`).toBeGreaterThanOrEqual(key === "contacto" ? 1 : 5);
      }
      // The same company facts in every language.
      for (const fact of ["Amarre Marketplace S.L.", "B67294813", "hola@amarre.test"]) expect(defaultLegalTexts[lang]["aviso-legal"].body).toContain(fact);
    }
  });

  it("names the company the platform's invoices are issued by, from one place", () => {
    for (const lang of langCodes) {
      const notice = defaultLegalTexts[lang]["aviso-legal"].body;
      for (const fact of [COMPANY.name, COMPANY.taxId, companyAddress(lang)]) expect(notice).toContain(fact);
    }
    expect(PLATFORM_ISSUER).toEqual({ name: "Amarre Marketplace S.L.", taxId: "B67294813", address: "Passeig Marítim 32, 3.º B, 07014 Palma (Illes Balears)" });
    // The invoices' issuer by default, unless INVOICE_ISSUER_* say otherwise.
    expect(services.config).toMatchObject({ INVOICE_ISSUER_NAME: PLATFORM_ISSUER.name, INVOICE_ISSUER_TAX_ID: PLATFORM_ISSUER.taxId, INVOICE_ISSUER_ADDRESS: PLATFORM_ISSUER.address });
  });

  it("saves one language, tells the page cache, and reads broken stored texts as the shipped ones", async () => {
    const tags: string[][] = [];
    let clock = Date.parse("2027-01-01T10:00:00Z");
    const legal = createLegalPagesService({ store: services.store, onChange: (changed) => tags.push(changed), now: () => clock });
    expect((await legal.page("cookies", "en")).title).toBe("Cookies policy");
    const saved = await legal.save("cookies", { lang: "en", texts: { title: "Cookies", summary: "Only the cookies the site needs.", body: "## Session\nOne cookie." }, byUid: "admin-1" });
    expect(saved).toMatchObject({ updatedAt: "2027-01-01T10:00:00.000Z", updatedBy: "admin-1" });
    expect(tags).toEqual([["legal:cookies"]]);
    expect((await legal.page("cookies", "en")).body).toBe("## Session\nOne cookie.");
    expect(await legal.page("cookies", "fr")).toEqual(defaultLegalTexts.fr.cookies);
    await expect(legal.save("nada", { lang: "en", texts: defaultLegalTexts.en.cookies, byUid: "admin-1" })).rejects.toEqual(new LegalPageError("not-found"));
    await expect(legal.save("cookies", { lang: "en", texts: { title: "", summary: "", body: "" }, byUid: "admin-1" })).rejects.toEqual(new LegalPageError("invalid"));

    // A stored language that no longer meets the rules falls back; the others keep the edit.
    const stored = await services.store.get<{ texts: Record<string, unknown> }>(LEGAL_PAGES, "cookies");
    await services.store.set(LEGAL_PAGES, "cookies", { ...stored, texts: { ...stored!.texts, de: { title: "x" } } });
    clock += 120_000;
    expect(await legal.page("cookies", "de")).toEqual(defaultLegalTexts.de.cookies);
    expect((await legal.page("cookies", "en")).title).toBe("Cookies");
  });

  it("seeds the shipped texts of the pages not yet stored, once", async () => {
    const legal = createLegalPagesService({ store: services.store });
    const first = await legal.seedDefaults();
    expect(first).toBe(legalPageKeys.length - 1);
    expect(await legal.seedDefaults()).toBe(0);
    expect((await legal.page("cookies", "en")).title).toBe("Cookies");
  });

  it("says in every language what is kept after an account is deleted, why and for how long, and links the page that exports and deletes", () => {
    for (const lang of langCodes) {
      const body = defaultLegalTexts[lang].privacidad.body;
      const links = parseLegalBody(body).flatMap((block) => JSON.stringify(block).match(/\/ajustes\/privacidad/g) ?? []);
      expect(links.length, lang).toBeGreaterThanOrEqual(2);
      // The laws behind six years, and the other side's view of a deleted sender's messages.
      for (const fact of [/art\. 30/i, /art\. 66/i, /JSON/]) expect(body, `${lang} ${fact}`).toMatch(fact);
      expect(body, lang).toContain({ es: "seis años", en: "six years", fr: "six ans", de: "sechs Jahre" }[lang]);
    }
    expect(defaultLegalTexts.es.privacidad.body).toContain("«Cuenta eliminada»");
    expect(defaultLegalTexts.en.privacidad.body).toContain("“Deleted account”");
  });

  it("refreshes the shipped texts over stored pages the team never edited, and leaves edited ones", async () => {
    const tags: string[][] = [];
    const legal = createLegalPagesService({ store: services.store, onChange: (changed) => tags.push(changed) });
    const stale = { texts: Object.fromEntries(langCodes.map((lang) => [lang, { title: "Privacidad antigua", summary: "Un texto sembrado antes.", body: "## Antes\nTexto viejo." }])), updatedAt: null, updatedBy: null };
    await services.store.set(LEGAL_PAGES, "privacidad", stale);
    expect(await legal.refreshUnedited(["privacidad"])).toBe(1);
    expect(await legal.page("privacidad", "es")).toEqual(defaultLegalTexts.es.privacidad);
    expect(tags).toEqual([["legal:privacidad"]]);
    // "cookies" was edited by the team above: kept.
    expect(await legal.refreshUnedited(["cookies"])).toBe(0);
    expect((await legal.page("cookies", "en")).title).toBe("Cookies");
  });
});
