/** A listing's status: publishing (when nothing is missing), pausing, resuming, archiving — the transitions of `validation.ts`. */
import { mutate, timestamp, type LifecycleContext } from "./lifecycle-context";
import { incomplete, ListingError, type Listing, type ListingRecord } from "./model";
import { missingForPublish, transitions, type Transition } from "./validation";

/** Moves one of the owner's listings by `action`, checked against its rule. */
export async function transition(ctx: LifecycleContext, ownerUid: string, id: string, action: Transition): Promise<Listing> {
  const rule = transitions[action];
  const owner = rule.needsComplete ? await ctx.users.get(ownerUid) : null;
  return mutate(ctx, ownerUid, id, (listing) => {
    if (!rule.from.includes(listing.status)) {
      throw new ListingError("invalid-transition", { message: `Cannot ${action} a listing that is ${listing.status}` });
    }
    if (rule.needsComplete) {
      const missing = missingForPublish(listing, owner);
      if (missing.length > 0) incomplete(missing);
    }
    const now = timestamp(ctx);
    const { id: _id, ...record } = listing;
    return { ...record, status: rule.to, updatedAt: now, publishedAt: record.publishedAt ?? (rule.to === "published" ? now : null) } as ListingRecord;
  });
}
