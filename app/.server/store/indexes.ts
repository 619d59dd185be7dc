/**
 * The indexes the domain's queries need, declared once for both adapters:
 * - the embedded adapter creates a partial expression index for every entry;
 * - `firestore.indexes.json` must list every entry with two or more fields as a composite index
 *   (Firestore indexes single fields by itself). `indexes.test.ts` checks the two agree.
 *
 * Add an entry when a query filters on one field and orders by (or range-filters on) another:
 * list the equality fields first, then the ordered or range field.
 */
import type { OrderDirection } from "./index";

export interface StoreIndexField {
  readonly path: string;
  readonly order?: OrderDirection;
  /**
   * An `array-contains` filter on an array field (Firestore's `arrayConfig: CONTAINS`); the
   * embedded adapter reads arrays row by row and leaves such fields out of its index.
   */
  readonly arrayContains?: boolean;
}

export interface StoreIndex {
  readonly collection: string;
  readonly fields: ReadonlyArray<string | StoreIndexField>;
}

/**
 * The listing searches of `features/listings/.server`: equality filters on `fixed` fields and, from each of
 * `slots`, none or one of its fields (the place is a port, a city or a region), then one of
 * `orders` (a sort, or the range field of a filter that runs in the store, which Firestore
 * requires to lead the ordering).
 */
function listingSearchIndexes(fixed: string[], slots: Array<Array<string | StoreIndexField>>, orders: StoreIndexField[][]): StoreIndex[] {
  const subsets = slots.reduce<Array<Array<string | StoreIndexField>>>((all, slot) => [...all, ...slot.flatMap((field) => all.map((subset) => [...subset, field]))], [[]]);
  return subsets.flatMap((subset) => orders.map((order) => ({ collection: "listings", fields: [...fixed, ...subset, ...order] })));
}

/** Drops repeated declarations (boat and dock searches share their unfiltered shapes). */
function distinct(indexes: StoreIndex[]): StoreIndex[] {
  const seen = new Set<string>();
  return indexes.filter((index) => {
    const key = `${index.collection}:${JSON.stringify(indexFields(index))}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export const storeIndexes: readonly StoreIndex[] = distinct([
  // Marinas listed by region, alphabetically.
  { collection: "ports", fields: ["region", "name"] },
  // A person's mailbox, newest first (inbox page and email event stream).
  { collection: "emails", fields: ["uid", { path: "createdAt", order: "desc" }] },
  // An owner's listings, and their drafts, last changed first.
  { collection: "listings", fields: ["ownerUid", { path: "updatedAt", order: "desc" }] },
  { collection: "listings", fields: ["ownerUid", "status", { path: "updatedAt", order: "desc" }] },
  // A person's favourites, newest first (/favoritos).
  { collection: "favourites", fields: ["uid", { path: "createdAt", order: "desc" }] },
  // A person's recently viewed listings, newest first (/historial), and the oldest ones to prune.
  { collection: "history", fields: ["uid", { path: "viewedAt", order: "desc" }] },
  { collection: "history", fields: ["uid", { path: "viewedAt", order: "asc" }] },
  // Bookings: a renter's and an owner's, newest trips first; a listing's (calendar, feed); the
  // requests and trips the scheduler makes due.
  { collection: "bookings", fields: ["renterUid", { path: "start", order: "desc" }] },
  { collection: "bookings", fields: ["ownerUid", { path: "start", order: "desc" }] },
  { collection: "bookings", fields: ["listingId", "end"] },
  { collection: "bookings", fields: ["status", "expiresAt"] },
  { collection: "bookings", fields: ["status", "endsAt"] },
  // The money the scheduler makes due (deposit holds and releases, payouts) and provider calls to retry.
  { collection: "bookings", fields: ["moneyDueAt"] },
  { collection: "bookings", fields: ["opsPending"] },
  // The owners whose standing's oldest month has left its window (bookings/.server/owner-standing.ts).
  { collection: "owner_standings", fields: ["refoldAt"] },
  // The bookings whose money changed lately (the daily reconciliation with the provider, decision 053).
  { collection: "bookings", fields: ["updatedAt"] },
  // Whether contact details show between two people (/mensajes: one side's uid and the others' as an `in`, decision 055):
  // equality filters only, which Firestore can also answer by merging single-field indexes; declared so it never has to.
  { collection: "bookings", fields: ["renterUid", "ownerUid"] },
  // Held days: a listing's by date (availability), and every listing's on some days (search by dates).
  { collection: "booking_slots", fields: ["listingId", "date"] },
  { collection: "booking_slots", fields: ["date"] },
  { collection: "booking_blocks", fields: ["listingId", "end"] },
  // Cases: a requester's, newest first; the admin's list, newest first, by status and/or type and/or one word of the free text.
  { collection: "cases", fields: ["requesterUid", { path: "createdAt", order: "desc" }] },
  ...["status", "type"]
    .reduce<string[][]>((all, field) => [...all, ...all.map((subset) => [...subset, field])], [[]])
    .flatMap((subset) => [
      { collection: "cases", fields: [...subset, { path: "createdAt", order: "desc" as const }] },
      // The free-text search's word index (one entry per word of a case), with the same filters.
      { collection: "case_words", fields: ["word", ...subset, { path: "createdAt", order: "desc" as const }] },
    ]),
  // The admin's list by words: the rarest word's cases, newest first, with the same filters (decision 012).
  ...["status", "type"]
    .reduce<string[][]>((all, field) => [...all, ...all.map((subset) => [...subset, field])], [[]])
    .map((subset) => ({ collection: "cases", fields: [{ path: "tokens", arrayContains: true }, ...subset, { path: "createdAt", order: "desc" as const }] })),
  // A person's invoices, newest first: received (as the buyer) and issued in their name (as the seller).
  { collection: "invoices", fields: ["buyer.uid", { path: "issuedAt", order: "desc" }] },
  { collection: "invoices", fields: ["seller.uid", { path: "issuedAt", order: "desc" }] },
  // Reviews: a listing's, an owner's (received) and a renter's (written), newest first.
  { collection: "reviews", fields: ["listingId", { path: "createdAt", order: "desc" }] },
  { collection: "reviews", fields: ["ownerUid", { path: "createdAt", order: "desc" }] },
  { collection: "reviews", fields: ["renterUid", { path: "createdAt", order: "desc" }] },
  // Conversations: a person's, the latest first; their unread ones; the emails due; a conversation's messages both ways.
  { collection: "chat_members", fields: ["uid", { path: "lastAt", order: "desc" }] },
  { collection: "chat_members", fields: ["uid", "unread"] },
  { collection: "chat_members", fields: ["emailDueAt"] },
  { collection: "chat_messages", fields: ["chatId", { path: "seq", order: "desc" }] },
  { collection: "chat_messages", fields: ["chatId", "seq"] },
  // The blog: published posts newest first (list, home, sitemap), the team's drafts, a language's feed.
  { collection: "blog_posts", fields: ["status", { path: "publishedAt", order: "desc" }] },
  { collection: "blog_posts", fields: ["status", { path: "updatedAt", order: "desc" }] },
  { collection: "blog_posts", fields: [{ path: "langs", arrayContains: true }, "status", { path: "publishedAt", order: "desc" }] },
  // The admin dashboard's oldest open cases, per status.
  { collection: "cases", fields: ["status", "createdAt"] },
  // Re-indexing every case's words, oldest first.
  { collection: "cases", fields: ["createdAt"] },
  // The cases whose paid quotes' money changed lately (the daily reconciliation with the provider, decision 053).
  { collection: "cases", fields: ["updatedAt"] },
  // Boat search: published boats, by type and/or place (a port, a city or a region) and/or people
  // (`seats` contains n; decision 056), in each sort order, and ranged by day price when that
  // filter is the most selective.
  ...listingSearchIndexes(
    ["status", "kind"],
    [["type"], ["placeKey", "cityKey", "regionKey"], [{ path: "seats", arrayContains: true }]],
    [
      [
        { path: "relevance", order: "desc" },
        { path: "publishedAt", order: "desc" },
      ],
      [{ path: "dayPriceCents", order: "asc" }],
      [{ path: "dayPriceCents", order: "desc" }],
      [{ path: "publishedAt", order: "desc" }],
      [
        { path: "rating", order: "desc" },
        { path: "publishedAt", order: "desc" },
      ],
    ],
  ),
  // Dated boat search by price (decision 062): the boats that cost their day price on the stay
  // (`flatDays in [n … 7]`, an equality), by day price, with the same filters.
  ...listingSearchIndexes(
    ["status", "kind"],
    [["type"], ["placeKey", "cityKey", "regionKey"], [{ path: "seats", arrayContains: true }]],
    [
      [{ path: "flatDays" }, { path: "dayPriceCents", order: "asc" }],
      [{ path: "flatDays" }, { path: "dayPriceCents", order: "desc" }],
    ],
  ),
  // Dock search: published docks, by sale/rent and/or place, newest or by price, and ranged by length.
  ...listingSearchIndexes(
    ["status", "kind"],
    [["docKind"], ["placeKey", "cityKey", "regionKey"]],
    [
      [{ path: "publishedAt", order: "desc" }],
      [{ path: "priceCents", order: "asc" }],
      [{ path: "priceCents", order: "desc" }],
      [{ path: "maxLengthM", order: "asc" }],
    ],
  ),
]);

/** Field entries with their defaults filled in (ascending order). */
export function indexFields(index: StoreIndex): Array<Required<StoreIndexField>> {
  return index.fields.map((field) =>
    typeof field === "string"
      ? { path: field, order: "asc", arrayContains: false }
      : { path: field.path, order: field.order ?? "asc", arrayContains: field.arrayContains ?? false },
  );
}
