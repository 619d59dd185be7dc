import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRecordedPayments } from "#app/.server/payments";
import type { Services } from "#app/.server/services";
import type { WeatherEvidence } from "#app/features/weather/.server";
import { publishBoat } from "#app/features/listings/.server/test-fixtures";
import { addDays, today } from "#app/utils/dates";
import { createOwner } from "#tests/listing-fixtures";
import { createTestServices } from "#tests/test-services";
import { comparable } from "./owner-standing-backfill.contract";
import { rebuildStanding } from "./owner-standing-backfill";
import { createBookingsContext } from "./context";
import { OWNER_STANDINGS, type StandingRecord } from "./owner-standing-model";
import { createBookingsService } from "./service";

/**
 * The backfill's fold is the live events' record (decision 061's amendment), on the embedded
 * store: for random sequences of requests answered (accepted or declined, within 47 hours),
 * expired, withdrawn, owner cancellations of requests and instant bookings and weather
 * cancellations, spread over up to two years and read up to a year later, the record the
 * backfill rebuilds from the bookings alone says what the live record says, now and 100 days
 * later, and a second rebuild changes nothing.
 */
let services: Services;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

const HOUR = 3_600_000;
const MINUTE = 60_000;
type Step =
  | { kind: "answer"; accept: boolean; minutes: number }
  | { kind: "expire" }
  | { kind: "withdraw" }
  | { kind: "cancel"; instant: boolean }
  | { kind: "weather" };

// Mostly quick answers, mostly accepted, so that the bar is met and lost (its start is part of the record).
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant("answer" as const),
      accept: fc.integer({ min: 0, max: 9 }).map((n) => n > 0),
      minutes: fc.oneof({ arbitrary: fc.integer({ min: 0, max: 600 }), weight: 4 }, { arbitrary: fc.integer({ min: 0, max: 47 * 60 }), weight: 1 }),
    }),
    weight: 20,
  },
  fc.record({ kind: fc.constant("expire" as const) }),
  fc.record({ kind: fc.constant("withdraw" as const) }),
  fc.record({ kind: fc.constant("cancel" as const), instant: fc.boolean() }),
  fc.record({ kind: fc.constant("weather" as const) }),
);
/** Hours before a step: days apart, or weeks. */
const gap = fc.oneof({ arbitrary: fc.integer({ min: 1, max: 96 }), weight: 3 }, { arbitrary: fc.integer({ min: 1, max: 1_200 }), weight: 1 });

describe("bookings: the owners' standing rebuilt from history is the live events' record (SQLite, property)", () => {
  it("for random sequences of events over two years", { timeout: 120_000 }, async () => {
    let renters = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(gap, step), { minLength: 5, maxLength: 16 }), fc.integer({ min: 0, max: 9_000 }), async (script, tailHours) => {
        const clock = { now: new Date("2027-01-04T07:00:00Z") };
        const deps = { store: services.store, listings: services.listings, payments: createRecordedPayments(), now: () => clock.now };
        const live = createBookingsService(deps);
        const stormy: WeatherEvidence = { source: "fixture", issuedAt: "2027-01-04T07:00:00Z", boatClass: "small", date: "2027-01-04", windKnots: 25, gustKnots: 32, waveM: 2, beaufort: 6, reasons: [{ kind: "wind", beaufort: 6, limit: 5 }] };
        const weather = createBookingsService({ ...deps, weatherEvidence: async () => stormy });
        const owner = (await createOwner(services)).uid;
        const [boat, instant] = [await publishBoat(services.listings, owner, { instantBooking: false }), await publishBoat(services.listings, owner, { instantBooking: true })];
        let offset = 3;
        const ask = (listingId: string) => live.book({ uid: `property-renter-${++renters}`, lang: "es" }, listingId, { start: addDays(today(clock.now), offset), end: addDays(today(clock.now), offset++), part: null, people: 2, withSkipper: false });
        const later = (ms: number) => (clock.now = new Date(clock.now.getTime() + ms));

        for (const [hoursBefore, next] of script) {
          later(hoursBefore * HOUR);
          if (next.kind === "answer") {
            const request = await ask(boat.id);
            later(next.minutes * MINUTE);
            await live.act(request.id, owner, "owner", next.accept ? "accept" : "decline");
          } else if (next.kind === "expire") {
            const request = await ask(boat.id);
            later(49 * HOUR);
            expect((await live.getFor(request.id, owner))?.booking.status).toBe("expired");
          } else if (next.kind === "withdraw") {
            const request = await ask(boat.id);
            await live.act(request.id, request.renterUid, "renter", "cancel");
          } else if (next.kind === "cancel") {
            const booking = await ask(next.instant ? instant.id : boat.id);
            if (!next.instant) await live.act(booking.id, owner, "owner", "accept");
            later(MINUTE);
            await live.act(booking.id, owner, "owner", "cancel");
          } else {
            const booking = await ask(instant.id);
            await weather.cancelForWeather(booking.id, owner, "owner");
          }
        }
        later(tailHours * HOUR);
        const made = await services.store.get<StandingRecord>(OWNER_STANDINGS, owner);

        // As before the standing was kept: no record; this owner rebuilt as the backfill does each
        // (the whole pass, owner after owner, is the contract suite's).
        await services.store.delete(OWNER_STANDINGS, owner);
        const ctx = createBookingsContext(deps);
        const stillHere = async (uid: string) => (await services.users.get(uid)) !== null;
        expect(await rebuildStanding(ctx, owner, { stillHere })).toBe("rebuilt");
        const rebuilt = await services.store.get<StandingRecord>(OWNER_STANDINGS, owner);
        expect(comparable(rebuilt, clock.now)).toEqual(comparable(made, clock.now));

        expect(await rebuildStanding(ctx, owner, { stillHere })).toBe("rebuilt");
        expect(await services.store.get<StandingRecord>(OWNER_STANDINGS, owner)).toEqual(rebuilt);
      }),
      { numRuns: 15 },
    );
  });
});
