/**
 * Regions are stored as ports name them (in Spanish: "Islas Baleares") and shown in the page's
 * language from `common:regions.<key>` ("Balearic Islands", "Îles Baléares", "Balearen"); a
 * region without a translation shows as stored. Towns and ports keep their own names.
 */

/** The region's key: its stored name in lower-case ASCII words joined by "-" ("Cataluña" → "cataluna"). */
export function regionKey(region: string): string {
  return region
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** The region as the page's language names it. */
export function regionName(t: (key: string, options: { defaultValue: string }) => string, region: string): string {
  return t(`common:regions.${regionKey(region)}`, { defaultValue: region });
}
