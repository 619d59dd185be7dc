import { expect, it } from "vitest";
import type { DocumentStore, StoredDoc } from "#app/.server/store";
import { createRecordedPayments } from "#app/.server/payments";
import type { WeatherEvidence } from "#app/features/weather/.server";
import { addDays, today } from "#app/utils/dates";
import type { OwnerStandingFixture } from "./owner-standing.contract";
import { figuresAt, OWNER_STANDINGS, rollTo, standingBonus, type StandingRecord } from "./owner-standing-model";
import { ATTEMPTS, STANDINGS_BACKFILL } from "./owner-standing-backfill";
import type { Booking } from "./model";
import { createBookingsService } from "./service";

/**
 * The standing backfill (decision 061's amendment), the same on every store: an owner whose
 * answers are only in their bookings' history (as before the standing was kept) gets the record
 * the live events made; a second run changes nothing; a request answered while the backfill reads
 * its owner is counted once; a stopped run goes on from where it stopped. Run by
 * `owner-standing.test.ts` (SQLite) and `owner-standing.firestore.test.ts` (the Firestore emulator).
 */
export type StandingBackfillFixture = OwnerStandingFixture & {
  /** Whether `uid` still has an account (the backfill never writes an erased person's record). */
  stillHere(uid: string): Promise<boolean>;
};

const HOUR = 3_600_000;
const MIGRATIONS = "migrations";

/** What a record says, and will say: rolled to `at`, the share folded into listings left out. */
export function comparable(record: StandingRecord | null, at: Date) {
  if (!record) return null;
  const { months, meetsBarSince, refoldAt } = rollTo(record, at);
  return { months, meetsBarSince, refoldAt, now: figuresAt(record, at), later: figuresAt(record, new Date(at.getTime() + 100 * 24 * HOUR)) };
}

/** `store` with `onQuery` run after each query answered (before its caller sees the answer) and `onTransaction` before each transaction. */
export function interceptedStore(store: DocumentStore, hooks: { onQuery?: (query: Parameters<DocumentStore["query"]>[0], docs: StoredDoc[]) => Promise<void>; onTransaction?: () => void }): DocumentStore {
  return new Proxy(store, {
    get(target, name) {
      if (name === "query" && hooks.onQuery) {
        return async (query: Parameters<DocumentStore["query"]>[0]) => {
          const docs = await target.query(query);
          await hooks.onQuery!(query, docs);
          return docs;
        };
      }
      if (name === "runTransaction" && hooks.onTransaction) {
        return (fn: Parameters<DocumentStore["runTransaction"]>[0]) => {
          hooks.onTransaction!();
          return target.runTransaction(fn);
        };
      }
      const value: unknown = Reflect.get(target, name, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * `parallel`: answers at once with a run; fewer than `ATTEMPTS`, so that the owner cannot be left
 * busy (each lost attempt needs an event of its own).
 */
export function standingBackfillSuite(setup: () => StandingBackfillFixture, options: { parallel: number }) {
  let renters = 0;
  const renter = () => ({ uid: `backfill-renter-${Date.now()}-${++renters}`, lang: "es" });
  const trip = (day: string) => ({ start: day, end: day, part: null, people: 2, withSkipper: false });
  function service(clock: { now: Date }, store: DocumentStore = setup().store, weather: WeatherEvidence | null = null) {
    return createBookingsService({ store, listings: setup().listings, payments: createRecordedPayments(), now: () => clock.now, weatherEvidence: async () => weather });
  }
  const recordOf = (uid: string) => setup().store.get<StandingRecord>(OWNER_STANDINGS, uid);
  /** As a store before the standing was kept: no record, no share in the listings; and the backfill not yet run. */
  async function forget(uid: string) {
    await setup().store.delete(OWNER_STANDINGS, uid);
    await setup().listings.setStandingBonus(uid, 0);
    await setup().store.delete(MIGRATIONS, STANDINGS_BACKFILL);
  }
  const backfill = (bookings: ReturnType<typeof service>) => bookings.backfillStandings({ stillHere: (uid) => setup().stillHere(uid) });

  it("rebuilds from the bookings' history the record the live events made, folds it into the listings, and a second run changes nothing", async () => {
    const clock = { now: new Date("2027-02-01T09:00:00Z") };
    const ownerUid = await setup().owner();
    const boat = await setup().boat(ownerUid, false);
    const instant = await setup().boat(ownerUid, true);
    const live = service(clock);
    let offset = 10;
    const ask = (listingId: string) => live.book(renter(), listingId, trip(addDays(today(clock.now), offset++)));
    const later = (hours: number) => (clock.now = new Date(clock.now.getTime() + hours * HOUR));
    // February: four answers (one declined, one after 30 hours), an expiry, a withdrawal; April: more answers, an owner's cancellation, a weather cancellation.
    for (const [hours, action] of [[0.5, "accept"], [2, "accept"], [30, "accept"], [5, "decline"]] as const) {
      const request = await ask(boat.id);
      later(hours);
      await live.act(request.id, ownerUid, "owner", action, { reason: action === "decline" ? "Revisión" : null });
    }
    const unanswered = await ask(boat.id);
    later(49);
    expect((await live.getFor(unanswered.id, ownerUid))?.booking.status).toBe("expired");
    const withdrawn = await ask(boat.id);
    await live.act(withdrawn.id, withdrawn.renterUid, "renter", "cancel");
    later(60 * 24);
    for (let i = 0; i < 3; i++) {
      const request = await ask(boat.id);
      later(1 + i);
      await live.act(request.id, ownerUid, "owner", "accept");
    }
    const cancelled = await ask(instant.id);
    await live.act(cancelled.id, ownerUid, "owner", "cancel");
    const stormy: WeatherEvidence = { source: "fixture", issuedAt: clock.now.toISOString(), boatClass: "small", date: today(clock.now), windKnots: 25, gustKnots: 32, waveM: 2, beaufort: 6, reasons: [{ kind: "wind", beaufort: 6, limit: 5 }] };
    const windy = await ask(instant.id);
    await service(clock, setup().store, stormy).cancelForWeather(windy.id, ownerUid, "owner");
    later(24);
    const made = await recordOf(ownerUid);
    const expected = comparable(made, clock.now);
    expect(expected?.now).toMatchObject({ requests: 8, answered: 7, responseRate: 88, acceptanceRate: 86, typicalHours: 3, cancellations: 1 });

    // An owner whose account was erased keeps their bookings' history, never a record again.
    const erased = await setup().owner();
    const erasedBoat = await setup().boat(erased, false);
    const theirs = await live.book(renter(), erasedBoat.id, trip(addDays(today(clock.now), offset++)));
    await live.act(theirs.id, erased, "owner", "accept");
    await setup().store.delete(OWNER_STANDINGS, erased);

    await forget(ownerUid);
    expect(await live.ownerStanding(ownerUid)).toMatchObject({ requests: 0, responseRate: null, cancellations: 0 });
    const stillHere = setup().stillHere;
    const rebuilt = await service(clock).backfillStandings({ stillHere: async (uid) => uid !== erased && (await stillHere(uid)) });
    expect(rebuilt).toBeGreaterThanOrEqual(1);
    const record = await recordOf(ownerUid);
    expect(comparable(record, clock.now)).toEqual(expected);
    expect(await recordOf(erased)).toBeNull();
    // The share in search's relevance, on both listings, as after an event.
    const share = standingBonus(figuresAt(record, clock.now));
    expect(share).not.toBe(0);
    expect((await setup().listings.get(boat.id))!.standingBonus).toBe(share);
    expect((await setup().listings.get(instant.id))!.standingBonus).toBe(share);
    expect(record!.bonus).toBe(share);

    // Done once per store: the next start reads the progress document and stops.
    expect(await backfill(service(clock))).toBe(0);
    // Run again from the start (the progress document gone): the same record, nothing counted twice.
    await setup().store.delete(MIGRATIONS, STANDINGS_BACKFILL);
    await backfill(service(clock));
    expect(await recordOf(ownerUid)).toEqual(record);
  });

  it(`a request answered while the backfill reads its owner is counted once (one between the reads, then ${options.parallel} at once)`, async () => {
    const clock = { now: new Date("2027-10-04T08:00:00Z") };
    const ownerUid = await setup().owner();
    const boat = await setup().boat(ownerUid, false);
    const live = service(clock);
    const requests: Booking[] = [];
    for (let i = 0; i < options.parallel + 3; i++) requests.push(await live.book(renter(), boat.id, trip(addDays(today(clock.now), 5 + i))));
    clock.now = new Date(clock.now.getTime() + 2 * HOUR);
    // Two answered before the standing was kept, the others still pending.
    for (const request of requests.slice(0, 2)) await live.act(request.id, ownerUid, "owner", "accept");
    await forget(ownerUid);

    // The backfill reads the owner's bookings (the third still pending), then the owner accepts it before the backfill writes.
    let answered = false;
    const store = interceptedStore(setup().store, {
      async onQuery(query, docs) {
        const reading = query.collection === "bookings" && query.where?.some(([field, , value]) => field === "ownerUid" && value === ownerUid) && docs.some((doc) => doc.id === requests[2].id);
        if (!reading || answered) return;
        answered = true;
        await live.act(requests[2].id, ownerUid, "owner", "accept");
      },
    });
    await backfill(service(clock, store));
    expect(answered).toBe(true);
    expect(await live.ownerStanding(ownerUid)).toMatchObject({ requests: 3, answered: 3 });

    // The rest answered while the backfill runs again from the start.
    await setup().store.delete(MIGRATIONS, STANDINGS_BACKFILL);
    const rest = requests.slice(3);
    const results = await Promise.allSettled([backfill(service(clock)), ...rest.map((request, i) => live.act(request.id, ownerUid, "owner", i % 2 === 0 ? "accept" : "decline"))]);
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    const declined = rest.filter((_, i) => i % 2 === 1).length;
    const total = requests.length;
    expect(await live.ownerStanding(ownerUid)).toMatchObject({ requests: total, answered: total, acceptanceRate: Math.round((100 * (total - declined)) / total) });
    // And the record is the history's fold: the backfill, once more, finds nothing to change.
    const after = await recordOf(ownerUid);
    await setup().store.delete(MIGRATIONS, STANDINGS_BACKFILL);
    await backfill(service(clock));
    expect(comparable(await recordOf(ownerUid), clock.now)).toEqual(comparable(after, clock.now));
  });

  it(`an owner whose record changes at each of ${ATTEMPTS} reads is left for the next start, which rebuilds them first`, async () => {
    const clock = { now: new Date("2028-01-10T08:00:00Z") };
    const ownerUid = await setup().owner();
    const boat = await setup().boat(ownerUid, false);
    const live = service(clock);
    const requests: Booking[] = [];
    for (let i = 0; i < ATTEMPTS + 1; i++) requests.push(await live.book(renter(), boat.id, trip(addDays(today(clock.now), 5 + i))));
    clock.now = new Date(clock.now.getTime() + HOUR);
    await live.act(requests[0].id, ownerUid, "owner", "accept");
    await forget(ownerUid);
    // Each time the backfill reads this owner's bookings, the owner answers another request.
    let answers = 1;
    const busy = interceptedStore(setup().store, {
      async onQuery(query) {
        if (!query.where?.some(([field, op, value]) => field === "ownerUid" && op === "==" && value === ownerUid)) return;
        await live.act(requests[answers++].id, ownerUid, "owner", "accept");
      },
    });
    await backfill(service(clock, busy));
    expect(answers).toBe(ATTEMPTS + 1);
    expect(await setup().store.get(MIGRATIONS, STANDINGS_BACKFILL)).toMatchObject({ done: false, busy: [ownerUid] });
    // The live events since the record was forgotten, and nothing else, until the next start.
    expect(await live.ownerStanding(ownerUid)).toMatchObject({ requests: ATTEMPTS, answered: ATTEMPTS });

    await backfill(service(clock));
    expect(await setup().store.get(MIGRATIONS, STANDINGS_BACKFILL)).toMatchObject({ done: true, busy: [] });
    expect(await live.ownerStanding(ownerUid)).toMatchObject({ requests: ATTEMPTS + 1, answered: ATTEMPTS + 1, responseRate: 100 });
  });

  it("a run stopped half-way goes on from the owner it stopped at, and counts nothing twice", async () => {
    const clock = { now: new Date("2028-03-06T08:00:00Z") };
    const owners = [await setup().owner(), await setup().owner()];
    const live = service(clock);
    for (const [n, ownerUid] of owners.entries()) {
      const boat = await setup().boat(ownerUid, false);
      for (let i = 0; i < 5 + n; i++) {
        const request = await live.book(renter(), boat.id, trip(addDays(today(clock.now), 5 + i)));
        await live.act(request.id, ownerUid, "owner", "accept");
      }
      await forget(ownerUid);
    }
    // The server stops while the second owner is written (its transaction never runs); every owner before it is done.
    const [first, second] = [...owners].sort();
    let reading: string | null = null;
    const stopping = interceptedStore(setup().store, {
      async onQuery(query) {
        const owner = query.where?.find(([field, op]) => field === "ownerUid" && op === "==")?.[2];
        if (typeof owner === "string") reading = owner;
      },
      onTransaction() {
        if (reading === second) throw new Error("stopped");
      },
    });
    await expect(backfill(service(clock, stopping))).rejects.toThrow("stopped");
    const done = await recordOf(first);
    expect(figuresAt(done, clock.now)).toMatchObject({ requests: first === owners[0] ? 5 : 6 });
    expect(await recordOf(second)).toBeNull();

    // The next start goes on after the owners done: the first is not read again.
    const read = new Set<string>();
    const watching = interceptedStore(setup().store, {
      async onQuery(query) {
        const owner = query.where?.find(([field, op]) => field === "ownerUid" && op === "==")?.[2];
        if (typeof owner === "string") read.add(owner);
      },
    });
    await backfill(service(clock, watching));
    expect(read.has(first)).toBe(false);
    expect(read.has(second)).toBe(true);
    expect(await recordOf(first)).toEqual(done);
    expect(figuresAt(await recordOf(second), clock.now)).toMatchObject({ requests: second === owners[0] ? 5 : 6, responseRate: 100 });
  });
}
