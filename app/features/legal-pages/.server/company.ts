import type { Lang } from "#app/i18n";

/**
 * The company behind Amarre, in one place: the legal notice, the privacy policy, the terms and
 * the contact page's shipped texts name it from here, and so do the platform's own invoices (the
 * service fee), which the `INVOICE_ISSUER_*` settings may override.
 */
export const COMPANY = {
  name: "Amarre Marketplace S.L.",
  taxId: "B67294813",
  street: "Passeig Marítim 32, 3.º B",
  postcode: "07014",
  city: "Palma",
} as const;

const REGION: Record<Lang, string> = { es: "Illes Balears", en: "Balearic Islands", fr: "Îles Baléares", de: "Balearen" };
const COUNTRY: Record<Lang, string> = { es: "España", en: "Spain", fr: "Espagne", de: "Spanien" };

/** "Passeig Marítim 32, 3.º B, 07014 Palma (Illes Balears), España", with or without the region and the country. */
export function companyAddress(lang: Lang, parts: { region?: boolean; country?: boolean } = {}): string {
  const { region = true, country = true } = parts;
  return `${COMPANY.street}, ${COMPANY.postcode} ${COMPANY.city}${region ? ` (${REGION[lang]})` : ""}${country ? `, ${COUNTRY[lang]}` : ""}`;
}

/** The platform as the seller on its invoices, which are issued in Spanish. */
export const PLATFORM_ISSUER = { name: COMPANY.name, taxId: COMPANY.taxId, address: companyAddress("es", { country: false }) } as const;
