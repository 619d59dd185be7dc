import type { DocumentStore, OrderByClause } from "#app/.server/store";
import type { Port, PortsService } from "#app/features/ports/.server";
import { LISTINGS, type BoatListing, type ListingRecord } from "./model";

/**
 * "Similar boats nearby" on a boat's page: published boats of the same type at the same place
 * (its port, or the city it is based at), then at the nearest other ports, closest first; each
 * place's boats in the search's relevance order. The queries are the search's own shape
 * (published, boat, type, `placeKey ==`, relevance order), so they run on its indexes on both
 * stores: its own place first, then the nearby places in parallel only for what is still missing.
 */

/** How many boats the page shows. */
export const SIMILAR_BOATS = 4;
/** How many other ports are looked at besides the boat's own place. */
export const SIMILAR_NEARBY_PORTS = 3;
/** Ports farther than this (km, as the crow flies) are not "nearby". */
export const SIMILAR_MAX_KM = 150;

const relevanceOrder: OrderByClause[] = [
  ["relevance", "desc"],
  ["publishedAt", "desc"],
];

/** Great-circle distance in km between two points (haversine). */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The other ports near a point, closest first: at most `count`, none beyond `maxKm`. */
export function nearestPorts(from: { lat: number; lng: number }, ports: readonly Port[], exclude: string | null, count: number, maxKm: number): Port[] {
  return ports
    .filter((port) => port.slug !== exclude)
    .map((port) => ({ port, km: distanceKm(from, port) }))
    .filter(({ km }) => km <= maxKm)
    .sort((a, b) => a.km - b.km || a.port.slug.localeCompare(b.port.slug))
    .slice(0, count)
    .map(({ port }) => port);
}

export function createSimilarBoats(deps: { store: DocumentStore; ports: PortsService }) {
  const { store, ports } = deps;
  return {
    /**
     * Up to `limit` published boats like `boat` (same type), at its place first, then at the
     * nearest ports; never `boat` itself. A boat without a type or a place has none.
     */
    async similarBoats(boat: BoatListing, limit = SIMILAR_BOATS): Promise<BoatListing[]> {
      if (!boat.type || !boat.placeKey || limit <= 0) return [];
      const keys = [boat.placeKey];
      if (boat.lat !== null && boat.lng !== null) {
        const nearby = nearestPorts({ lat: boat.lat, lng: boat.lng }, await ports.list(), boat.portSlug, SIMILAR_NEARBY_PORTS, SIMILAR_MAX_KM);
        for (const port of nearby) keys.push(`port:${port.slug}`);
      }
      const atPlace = (placeKey: string, count: number) =>
        store.query<ListingRecord>({
          collection: LISTINGS,
          where: [
            ["status", "==", "published"],
            ["kind", "==", "boat"],
            ["type", "==", boat.type],
            ["placeKey", "==", placeKey],
          ],
          orderBy: relevanceOrder,
          limit: count,
        }) as Promise<BoatListing[]>;
      const [own, ...others] = [...new Set(keys)];
      const seen = new Set([boat.id]);
      const similar: BoatListing[] = [];
      const take = (listings: BoatListing[]) => {
        for (const listing of listings) {
          if (similar.length === limit) return;
          if (seen.has(listing.id)) continue;
          seen.add(listing.id);
          similar.push(listing);
        }
      };
      // Its own place first (one more than needed: the boat itself is among them); the nearby
      // ports only when that is not enough, each asked for what is still missing (a boat has one
      // place, so none of theirs is the boat or another place's): 5 reads, not up to 20.
      take(await atPlace(own!, limit + 1));
      const missing = limit - similar.length;
      if (missing > 0 && others.length > 0) (await Promise.all(others.map((placeKey) => atPlace(placeKey, missing)))).forEach(take);
      return similar;
    },
  };
}
