import { expect, it } from "vitest";
import type { StoreAndBlobs } from "#tests/embedded-store";
import { demoPorts } from "#app/.server/seed/ports";
import { addDays, lineOf, today, type Booking } from "#app/features/bookings/.server";
import { publishBoat } from "#app/features/listings/.server/test-fixtures";
import { EMAILS } from "#app/features/mailbox/.server/model";
import type { EmailDoc } from "#app/features/mailbox/.server/model";
import { DEPOSIT_CLAIM_CLOSINGS } from "./model";
import { SCHEDULER, STUCK_AFTER_MS } from "./repair";
import { closingWorld, journalOf, OWNER, STOPS, type Stop, type StopScenario } from "./closing-stops.world";

/**
 * How a store stops a closing half-way: SQLite kills a child process at the step
 * (`closing-stops.test.ts`); Firestore abandons the operation in this process at the step, a
 * promise that never settles (`closing-stops.firestore.test.ts`). `open`/`close` give the store
 * to this process and take it back while a child holds it.
 */
export type StopHarness = {
  open(): Promise<StoreAndBlobs>;
  close(): Promise<void>;
  journal(): string;
  /** Runs the scenarios' closings (all stopping at the same step) at `at`; resolves once the process stopped there. */
  stopAt(scenarios: StopScenario[], at: Date): Promise<void>;
};

const KEPT = 300_00;
const DEPOSIT = 800_00;
const HOUR = 3_600_000;

/**
 * A claim's closing stopped right after each of its steps (`closing-stops.world.ts`: marker,
 * ledger, provider, emails, status), for a decision and a withdrawal, then one scheduler pass
 * with the clock past STUCK_AFTER_MS: every claim ends closed as it was meant, the deposit moved
 * once on the ledger and once at the provider, the closing's emails stored once, and a second
 * pass changes nothing. A marker from before amounts were kept is left to the team.
 */
export function closingStopsSuite(harness: StopHarness) {
  it("a closing stopped after any step is finished by the scheduler's pass: closed as decided, the money moved once, the emails once; a second pass changes nothing", async () => {
    let ports = await harness.open();
    let clock = new Date("2027-06-01T08:00:00Z");
    const setup = closingWorld({ ...ports, journal: harness.journal(), now: () => clock });
    for (const port of demoPorts) await setup.ports.save(port);
    await setup.users.create({ uid: OWNER, email: "owner-stops@amarre.test", displayName: "Armador Paradas", kind: "person" });
    await setup.users.setLessor(OWNER, { legalName: "Armador Paradas", idDocument: "12345678Z", phone: "+34 600 000 000", address: "Passeig Marítim 1, 07014 Palma", iban: "ES9121000418450200051332" });
    const boat = await publishBoat(setup.listings, OWNER, { instantBooking: true, depositCents: DEPOSIT, dayPriceCents: 300_00 });

    /** A one-day trip just over, its deposit held by the provider and claimed (400 €). */
    async function claimedTrip(renter: string): Promise<string> {
      await setup.users.create({ uid: renter, email: `${renter}@amarre.test`, displayName: `Patrón ${renter}`, kind: "person" });
      const start = addDays(today(clock), 3);
      const booked = await setup.bookings.book({ uid: renter, lang: "es" }, boat.id, { start, end: start, part: null, people: 2, withSkipper: false });
      clock = new Date(Date.parse(booked.endsAt) + 2 * HOUR);
      await setup.bookings.applyDue();
      expect(lineOf((await setup.bookings.getFor(booked.id, renter))!.booking.money, "deposit")).toMatchObject({ state: "authorised", amountCents: DEPOSIT });
      await setup.deposits.claim(OWNER, booked.id, { amountCents: 400_00, reason: "Toldo roto", evidence: { photoIds: ["photo-out-1"] } });
      return booked.id;
    }
    const scenarios: StopScenario[] = [];
    for (const action of ["decide", "withdraw"] as const) {
      for (const stop of STOPS) {
        const renter = `renter-${action}-${stop}`;
        scenarios.push({ action, stop, keptCents: KEPT, renter, bookingId: await claimedTrip(renter) });
      }
    }
    // A decision stopped before issue 45 kept its amount on the marker: nothing says what to keep.
    const legacy = await claimedTrip("renter-legacy");
    await ports.store.create(DEPOSIT_CLAIM_CLOSINGS, legacy, { by: "team-old", kind: "decide", at: clock.toISOString() });
    await harness.close();

    const closedAt = new Date(clock.getTime() + HOUR);
    for (const stop of STOPS) await harness.stopAt(scenarios.filter((s) => s.stop === stop), closedAt);

    ports = await harness.open();
    clock = new Date(closedAt.getTime() + STUCK_AFTER_MS + 60_000);
    // A server started after the stops: the scheduler's wiring, its clock past STUCK_AFTER_MS.
    const server = closingWorld({ ...ports, journal: harness.journal(), now: () => clock });
    const moneyOf = async (s: { bookingId: string; renter: string }) => (await server.bookings.getFor(s.bookingId, s.renter))!.booking;
    const claimOf = (id: string) => server.deposits.forBooking(id, { uid: "team", role: "admin" });
    const depositCalls = (id: string) => journalOf(harness.journal()).effects.filter((e) => e.key.startsWith(`${id}:deposit:`) && (e.op === "capture" || e.op === "cancel"));
    const closingEmails = async (s: StopScenario) => {
      const docs = await ports.store.query<EmailDoc & { id: string }>({ collection: EMAILS, where: [["uid", "in", [s.renter, OWNER]]], limit: 500 });
      return docs
        .filter((d) => d.link?.includes(s.bookingId) && /depositSettled|depositReleased/.test(d.template?.subject ?? ""))
        .map((d) => `${d.uid === OWNER ? "owner" : "renter"}:${d.template!.subject}`)
        .sort();
    };

    // Each process stopped where it was told: what it left.
    const left = async (s: StopScenario) => {
      const booking: Booking = await moneyOf(s);
      const claim = await claimOf(s.bookingId);
      return { deposit: lineOf(booking.money, "deposit")!.state, opsPending: booking.opsPending, provider: depositCalls(s.bookingId).length, emails: (await closingEmails(s)).length, status: claim!.status };
    };
    const emailsOf = (s: StopScenario) => (s.action === "decide" ? 2 : 1);
    const expectedLeft: Record<Stop, (s: StopScenario) => Awaited<ReturnType<typeof left>>> = {
      marker: () => ({ deposit: "disputed", opsPending: false, provider: 0, emails: 0, status: "open" }),
      ledger: () => ({ deposit: "released", opsPending: true, provider: 0, emails: 0, status: "open" }),
      provider: () => ({ deposit: "released", opsPending: true, provider: 1, emails: 0, status: "open" }),
      emails: (s) => ({ deposit: "released", opsPending: false, provider: 1, emails: emailsOf(s), status: "open" }),
      status: (s) => ({ deposit: "released", opsPending: false, provider: 1, emails: emailsOf(s), status: s.action === "decide" ? "decided" : "withdrawn" }),
    };
    for (const s of scenarios) expect([s.action, s.stop, await left(s)]).toEqual([s.action, s.stop, expectedLeft[s.stop](s)]);
    // Listed for the team until the scheduler has run: every stopped closing, the legacy one too.
    expect((await server.deposits.stuckClosings()).map((c) => c.bookingId).sort()).toEqual([...scenarios.filter((s) => s.stop !== "status").map((s) => s.bookingId), legacy].sort());

    const first = await server.deposits.finishStuckClosings();
    expect(first).toEqual({ finished: scenarios.filter((s) => s.stop !== "status").length, needsTeam: 1 });

    const outcome = async (s: StopScenario) => {
      const booking = await moneyOf(s);
      const claim = (await claimOf(s.bookingId))!;
      return {
        status: claim.status,
        kept: claim.decision?.keptCents ?? null,
        by: claim.decision?.by ?? null,
        finishedBy: claim.closingFinished?.by ?? null,
        claimLines: booking.money.lines.filter((l) => l.kind === "claim").map((l) => [l.state, l.amountCents]),
        deposit: [lineOf(booking.money, "deposit")!.state, lineOf(booking.money, "deposit")!.amountCents],
        opsPending: booking.opsPending,
        provider: depositCalls(s.bookingId).map((c) => [c.op, c.amountCents ?? null]),
        emails: await closingEmails(s),
      };
    };
    const expected = (s: StopScenario) =>
      s.action === "decide"
        ? { status: "decided", kept: KEPT, by: "team-stops", claimLines: [["captured", KEPT]], deposit: ["released", DEPOSIT - KEPT], provider: [["capture", KEPT]], emails: ["owner:booking.depositSettled.subject", "renter:booking.depositSettled.subject"] }
        : { status: "withdrawn", kept: null, by: null, claimLines: [], deposit: ["released", DEPOSIT], provider: [["cancel", null]], emails: ["renter:booking.depositReleased.subject"] };
    const after = new Map<string, unknown>();
    for (const s of scenarios) {
      const now = await outcome(s);
      after.set(s.bookingId, now);
      expect([s.action, s.stop, now]).toEqual([s.action, s.stop, { ...expected(s), opsPending: false, finishedBy: s.stop === "status" ? null : SCHEDULER }]);
    }
    // The legacy marker: left as it was, the claim open, listed for the team (whose button reopens it).
    expect(await claimOf(legacy)).toMatchObject({ status: "open" });
    expect(await ports.store.get(DEPOSIT_CLAIM_CLOSINGS, legacy)).toMatchObject({ kind: "decide", by: "team-old" });
    expect((await server.deposits.stuckClosings()).map((c) => [c.bookingId, c.keptCents, c.moneyMoved])).toEqual([[legacy, null, false]]);

    // Another pass, as every server runs it: nothing moves, nobody hears again.
    const journal = journalOf(harness.journal());
    clock = new Date(clock.getTime() + 60_000);
    expect(await server.deposits.finishStuckClosings()).toEqual({ finished: 0, needsTeam: 1 });
    for (const s of scenarios) expect(await outcome(s)).toEqual(after.get(s.bookingId));
    expect(journalOf(harness.journal())).toEqual(journal);
    await harness.close();
  }, 120_000);
}
