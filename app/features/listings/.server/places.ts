import { langCodes } from "#app/i18n";
import { getFixedT } from "#app/.server/i18n";
import { regionKey } from "#app/utils/regions";
import type { WhereClause } from "#app/.server/store";
import type { Port } from "#app/features/ports/.server";
import type { ListingPlace, ListingSearchFields } from "./model";

/**
 * Where a listing is: at a port, or (boats) at a city with coordinates. Searches by place match
 * `placeKey`, one key per listing; a search's text becomes the keys it covers (`placeKeysFor`).
 */

/** Lower-case ASCII words joined by "-": "Mahón" → "mahon", "Islas Baleares" → "islas-baleares". */
export function placeSlug(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

const portKey = (slug: string) => `port:${slug}`;
const cityKey = (city: string) => `city:${placeSlug(city)}`;
/** A city's key: what `placeKey` holds for a boat based at the city, and `cityKey` for every listing in it. */
export const cityKeyOf = cityKey;

export const NO_PLACE: ListingPlace = { portSlug: null, city: null, region: null, placeKey: null, lat: null, lng: null };

export function placeOfPort(port: Port): ListingPlace {
  return { portSlug: port.slug, city: port.city, region: port.region, placeKey: portKey(port.slug), lat: port.lat, lng: port.lng };
}

export function placeOfCity(home: { city: string; lat: number; lng: number }, ports: readonly Port[]): ListingPlace {
  const sameCity = ports.find((port) => placeSlug(port.city) === placeSlug(home.city));
  return { portSlug: null, city: home.city, region: sameCity?.region ?? null, placeKey: cityKey(home.city), lat: home.lat, lng: home.lng };
}

/** The place a stored listing is at (its search fields hold it). */
export function placeOf(listing: ListingSearchFields): ListingPlace {
  const { portSlug, city, region, placeKey, lat, lng } = listing;
  return { portSlug, city, region, placeKey, lat, lng };
}

/**
 * The place keys a search for `text` matches, most specific first: a port (by slug or name);
 * a city (its ports and boats based in the city itself); a region (its ports and their cities);
 * otherwise ports whose name, city or region contains the text; otherwise a city of its own
 * (boats based at a city with coordinates). Boats at a custom city count for a region only
 * when a port of that region is in the same city.
 */
export function placeKeysFor(text: string, ports: readonly Port[]): string[] {
  const wanted = placeSlug(text);
  if (!wanted) return [];
  const port = ports.find((p) => p.slug === wanted || placeSlug(p.name) === wanted);
  if (port) return [portKey(port.slug)];
  const keysOf = (matched: readonly Port[]) => [...new Set([...matched.map((p) => portKey(p.slug)), ...matched.map((p) => cityKey(p.city))])];
  const inCity = ports.filter((p) => placeSlug(p.city) === wanted);
  if (inCity.length > 0) return keysOf(inCity);
  const inRegion = ports.filter((p) => regionSlugs(p.region).includes(wanted));
  if (inRegion.length > 0) return keysOf(inRegion);
  if (wanted.length >= 3) {
    const partial = ports.filter((p) => [placeSlug(p.name), placeSlug(p.city), ...regionSlugs(p.region)].some((name) => name.includes(wanted)));
    if (partial.length > 0) return keysOf(partial);
  }
  return [`city:${wanted}`];
}

/**
 * The store queries a search for `text` becomes (each a `where` to add; their results merged):
 * the same listings as `placeKeysFor`'s keys, but a city is one `cityKey ==` and a region one
 * `regionKey ==` (decision 056); only a partial match asks one `placeKey ==` per key.
 */
export function placeBranchesFor(text: string, ports: readonly Port[]): WhereClause[][] {
  const wanted = placeSlug(text);
  if (!wanted) return [];
  const port = ports.find((p) => p.slug === wanted || placeSlug(p.name) === wanted);
  if (port) return [[["placeKey", "==", portKey(port.slug)]]];
  if (ports.some((p) => placeSlug(p.city) === wanted)) return [[["cityKey", "==", `city:${wanted}`]]];
  const regions = [...new Set(ports.filter((p) => regionSlugs(p.region).includes(wanted)).map((p) => placeSlug(p.region)))];
  if (regions.length > 0) return regions.map((region) => [["regionKey", "==", region]]);
  return placeKeysFor(text, ports).map((key) => [["placeKey", "==", key]]);
}

const regionSlugCache = new Map<string, string[]>();

/** A region's name as stored and in each language ("islas-baleares", "balearic-islands", "balearen"…). */
function regionSlugs(region: string): string[] {
  let slugs = regionSlugCache.get(region);
  if (!slugs) {
    const key = `regions.${regionKey(region)}`;
    const names = langCodes.map((lang) => getFixedT(lang, "common")(key, { defaultValue: region }));
    slugs = [...new Set([region, ...names].map(placeSlug))];
    regionSlugCache.set(region, slugs);
  }
  return slugs;
}
