/**
 * The owners' standing from the bookings stored before it was kept (decision 061, its amendment):
 * each owner's record rebuilt from their bookings' history, the source every live event also
 * leaves its mark in, once per store.
 *
 * - **Nothing is counted twice, by construction**: the record is replaced by the fold of every
 *   event the owner's history holds (`standingEventsOf`, `foldEvents`), the ones the live code
 *   already counted included, so folding again gives the same record; no booking is marked.
 * - **An event counted live while the owner is rebuilt** is caught by a compare-and-set: the
 *   record is read before the owner's bookings, and the transaction that writes the rebuilt one
 *   writes it only if the record is still as it was read; otherwise an event committed meanwhile
 *   (its booking perhaps read before it) and the owner is read again, at most `ATTEMPTS` times.
 * - **Bounded reads, resumable**: owners are found one at a time in the order of their uid (the
 *   next owner after the last one done, one booking read: `nextOwner`), an owner's bookings are
 *   read a page at a time and kept only as their events, and the progress document
 *   (`migrations/owner-standings-v1`) names the last owner done, so a run stopped half-way goes
 *   on from there. An owner still busy after `ATTEMPTS` is named there too, and rebuilt first at
 *   the next start (the pass is not done until no owner is left busy).
 * - After each owner, the standing is folded into their listings' relevance as after an event.
 */
import { scanQuery } from "#app/.server/store";
import type { BookingsContext } from "./context";
import { BOOKINGS, type Booking } from "./model";
import { foldEvents, OWNER_STANDINGS, type DatedStandingEvent, type StandingRecord } from "./owner-standing-model";
import { eraseOwnerStanding, foldStanding, recordOf, standingEventsOf } from "./owner-standing";

const MIGRATIONS = "migrations";
export const STANDINGS_BACKFILL = "owner-standings-v1";
const PAGE = 200;
/** Rebuilds of one owner before they are left for the next start (each lost to an event committed meanwhile). */
export const ATTEMPTS = 5;

/** The progress document: the last owner done in uid order, and the owners left busy. */
type Progress = { after: string | null; busy: string[]; rebuilt: number; done: boolean; at: string };

export type StandingsBackfillOptions = {
  /** Whether the owner still has an account: an erased person's record is never made again (privacy's `eraseAccount`). */
  stillHere: (uid: string) => Promise<boolean>;
};

/** What a record's figures are, for the compare-and-set (the share folded into listings left out: not a count). */
function versionOf(record: StandingRecord | null): string {
  if (!record) return "none";
  const months = [...record.months].sort((a, b) => a.month.localeCompare(b.month)).map((m) => [m.month, m.answered, m.accepted, m.expired, m.cancelled, ...m.answerBins]);
  return JSON.stringify([months, record.meetsBarSince, record.updatedAt, record.refoldAt]);
}

/** The owner's events, read a page of bookings at a time. */
async function eventsOf(ctx: BookingsContext, uid: string): Promise<DatedStandingEvent[]> {
  const events: DatedStandingEvent[] = [];
  await scanQuery<Booking>(ctx.store, { collection: BOOKINGS, where: [["ownerUid", "==", uid]], orderBy: [["start", "desc"]] }, { pageSize: PAGE, maxRead: Number.POSITIVE_INFINITY }, (booking) => {
    events.push(...standingEventsOf(booking));
    return true;
  });
  return events;
}

/** One owner rebuilt: `rebuilt`, `none` (no event in their history), `gone` (no account: nothing written) or `busy` (an event each time). */
export async function rebuildStanding(ctx: BookingsContext, uid: string, options: StandingsBackfillOptions): Promise<"rebuilt" | "none" | "gone" | "busy"> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (!(await options.stillHere(uid))) return "gone";
    const before = await ctx.store.get<StandingRecord>(OWNER_STANDINGS, uid);
    const folded = foldEvents(uid, await eventsOf(ctx, uid), ctx.now(), before?.bonus ?? 0);
    const written = await ctx.store.runTransaction(async (tx) => {
      const current = await tx.get<StandingRecord>(OWNER_STANDINGS, uid);
      if (versionOf(current) !== versionOf(before)) return false;
      if (folded) tx.set(OWNER_STANDINGS, uid, recordOf(folded));
      return true;
    });
    if (!written) continue;
    // The account was erased while this owner was read: its erasure may have removed the record before this wrote it.
    if (!(await options.stillHere(uid))) {
      await eraseOwnerStanding(ctx, uid);
      return "gone";
    }
    if (!folded) return "none";
    await foldStanding(ctx, uid, { everyListing: true });
    return "rebuilt";
  }
  return "busy";
}

/**
 * The next owner after `after` in uid order, or null: one booking read, on the owners' bookings'
 * index. A cursor of the uid alone skips all of `after`'s bookings, and SQLite walks the index from
 * it (an `ownerUid >` filter has it sort the whole collection); a store that ignores cursors (the
 * in-process Firestore emulator a demo may run on) answers the first owner again, and is asked by
 * the filter instead.
 */
async function nextOwner(ctx: BookingsContext, after: string | null): Promise<string | null> {
  const orderBy = [["ownerUid", "asc"], ["start", "desc"]] as const;
  const [next] = await ctx.store.query<Booking>({ collection: BOOKINGS, orderBy, ...(after === null ? {} : { startAfter: [after] }), limit: 1 });
  if (after === null || !next || next.ownerUid > after) return next?.ownerUid ?? null;
  const [filtered] = await ctx.store.query<Booking>({ collection: BOOKINGS, where: [["ownerUid", ">", after]], orderBy, limit: 1 });
  return filtered?.ownerUid ?? null;
}

/**
 * Rebuilds every owner's standing from their bookings, once per store (the background work's
 * start, as the other backfills), going on from where a stopped run left off. Idempotent; answers
 * how many owners it rebuilt in this run.
 */
export async function backfillStandings(ctx: BookingsContext, options: StandingsBackfillOptions): Promise<number> {
  const stored = await ctx.store.get<Progress>(MIGRATIONS, STANDINGS_BACKFILL);
  if (stored?.done) return 0;
  const progress = { after: stored?.after ?? null, busy: [] as string[] };
  let rebuilt = 0;
  const save = (done: boolean) => ctx.store.set(MIGRATIONS, STANDINGS_BACKFILL, { ...progress, rebuilt: (stored?.rebuilt ?? 0) + rebuilt, done, at: ctx.now().toISOString() } satisfies Progress);
  const rebuild = async (uid: string) => {
    const outcome = await rebuildStanding(ctx, uid, options);
    if (outcome === "busy") progress.busy.push(uid);
    if (outcome === "rebuilt") rebuilt++;
  };
  // The owners a stopped run left busy first, then the others from where it stopped.
  for (const uid of stored?.busy ?? []) await rebuild(uid);
  for (let uid = await nextOwner(ctx, progress.after); uid !== null; uid = await nextOwner(ctx, progress.after)) {
    await rebuild(uid);
    progress.after = uid;
    await save(false);
  }
  await save(progress.busy.length === 0);
  return rebuilt;
}
