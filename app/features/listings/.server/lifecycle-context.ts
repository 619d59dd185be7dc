/**
 * What every lifecycle operation shares: the dependencies, the clock as a timestamp, and one
 * owner's listing read, checked and rewritten in a transaction. Each operation module takes this
 * context; `lifecycle.ts` makes it once and wires the operations.
 */
import type { DocumentStore } from "#app/.server/store";
import type { PortsService } from "#app/features/ports/.server";
import type { UsersService } from "#app/features/profiles/.server";
import { isListingId, LISTINGS, ListingError, type Listing, type ListingRecord } from "./model";
import { listingPageTags } from "./page-tags";
import type { ListingReads } from "./reads";

export type LifecycleDeps = {
  store: DocumentStore;
  users: UsersService;
  ports: PortsService;
  reads: ListingReads;
  now: () => number;
  written: (tags: string[]) => void;
};

export type LifecycleContext = LifecycleDeps;

/** The clock as an ISO timestamp. */
export const timestamp = (ctx: LifecycleContext) => new Date(ctx.now()).toISOString();

/** Reads, checks and rewrites one listing of `ownerUid` in a transaction. */
export async function mutate(ctx: LifecycleContext, ownerUid: string, id: string, change: (listing: Listing) => ListingRecord): Promise<Listing> {
  if (!isListingId(id)) throw new ListingError("not-found");
  const { before, after } = await ctx.store.runTransaction(async (tx) => {
    const current = (await tx.get<ListingRecord>(LISTINGS, id)) as Listing | null;
    if (!current || current.ownerUid !== ownerUid) throw new ListingError("not-found");
    const next = change(current);
    tx.set(LISTINGS, id, next);
    return { before: current, after: { ...next, id } as Listing };
  });
  ctx.written(listingPageTags(before, after));
  return after;
}
