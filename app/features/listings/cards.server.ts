import type { ListingCardView } from "#app/features/listings/view";
import type { FavouriteEntry } from "#app/features/favourites/.server";
import type { Listing } from "./.server";
import type { PortsService } from "#app/features/ports/.server";
import type { UserProfile, UsersService } from "#app/features/profiles/.server";
import { boatCard, dockCard, ownersOf, ownerView, portsBySlug } from "#app/features/listings/views.server";
import type { SavedListingItem } from "#app/features/favourites";

/**
 * The cards of /favoritos and /historial: the search's card view models (`app/features/listings/views.server.ts`),
 * built for a whole list at once — the ports in one query, the owners in one batch read.
 */
export async function listingCards(
  deps: { users: UsersService; ports: PortsService },
  listings: readonly Listing[],
  /** The owners' profiles when the caller has read them already (`cardsWithPeople`). */
  profiles?: ReadonlyMap<string, UserProfile>,
): Promise<ListingCardView[]> {
  if (listings.length === 0) return [];
  const owned = profiles ? Promise.resolve(new Map([...profiles].map(([uid, profile]) => [uid, ownerView(profile)]))) : ownersOf(deps.users, listings.map((listing) => listing.ownerUid));
  const [ports, owners] = await Promise.all([deps.ports.list(), owned]);
  const byPort = portsBySlug(ports);
  return listings.map((listing) => (listing.kind === "boat" ? boatCard(listing, byPort, owners) : dockCard(listing, byPort, owners)));
}

/** The cards of the listings behind some bookings, by id (a listing since deleted has none). */
export async function cardsFor(deps: { users: UsersService; ports: PortsService; listings: { getMany(ids: string[]): Promise<Array<Listing | null>> } }, listingIds: readonly string[]): Promise<Map<string, ListingCardView>> {
  const listings = (await deps.listings.getMany([...new Set(listingIds)])).filter((listing): listing is Listing => listing !== null);
  const cards = await listingCards(deps, listings);
  return new Map(cards.map((card) => [card.id, card]));
}

/**
 * `cardsFor`, and the profiles of `people` read in the same batch as the cards' owners (a renter's
 * trips: the other side of each booking is the listing's owner, read once, not twice).
 */
export async function cardsWithPeople(
  deps: { users: UsersService; ports: PortsService; listings: { getMany(ids: string[]): Promise<Array<Listing | null>> } },
  listingIds: readonly string[],
  people: readonly string[],
): Promise<{ cards: Map<string, ListingCardView>; people: Map<string, UserProfile> }> {
  const listings = (await deps.listings.getMany([...new Set(listingIds)])).filter((listing): listing is Listing => listing !== null);
  const profiles = await deps.users.getMany([...new Set([...people, ...listings.map((listing) => listing.ownerUid)])]);
  const cards = await listingCards(deps, listings, profiles);
  return { cards: new Map(cards.map((card) => [card.id, card])), people: profiles };
}

/** A person's favourites as the page shows them: cards, and "no longer available" ones (not linked). */
export async function favouriteItems(deps: { users: UsersService; ports: PortsService }, entries: readonly FavouriteEntry[]): Promise<SavedListingItem[]> {
  const available = entries.flatMap((entry) => (entry.available ? [entry.listing] : []));
  const cards = new Map((await listingCards(deps, available)).map((card) => [card.id, card]));
  return entries.map((entry): SavedListingItem => {
    const card = entry.available ? cards.get(entry.listingId) : undefined;
    if (card) return { listingId: entry.listingId, favourite: true, available: true, card };
    return { listingId: entry.listingId, favourite: true, available: false, kind: entry.available ? entry.listing.kind : entry.kind, title: entry.available ? null : entry.title };
  });
}

/** Recently viewed listings as the page shows them, with whether each is one of the person's favourites. */
export async function viewedItems(
  deps: { users: UsersService; ports: PortsService },
  listings: readonly Listing[],
  favourites: ReadonlySet<string>,
): Promise<SavedListingItem[]> {
  const cards = await listingCards(deps, listings);
  return cards.map((card) => ({ listingId: card.id, favourite: favourites.has(card.id), available: true, card }));
}
