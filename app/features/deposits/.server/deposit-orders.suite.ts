import { beforeAll, expect, it } from "vitest";
import type { BlobStore } from "#app/.server/blobs";
import { createRecordedPayments } from "#app/.server/payments";
import { demoPorts } from "#app/.server/seed/ports";
import type { DocumentStore } from "#app/.server/store";
import { addDays, createBookingsService, lineOf, today, type Booking, type BookingEvent, type BookingsService } from "#app/features/bookings/.server";
import { createHandoverService, HandoverError, HANDOVERS, type HandoverRecord, type HandoverService } from "#app/features/handover/.server";
import { createListingsService, type Listing } from "#app/features/listings/.server";
import { publishBoat } from "#app/features/listings/.server/test-fixtures";
import { createPortsService } from "#app/features/ports/.server";
import { createUsersService } from "#app/features/profiles/.server";
import { DepositError } from "./model";
import { createDepositsService, type DepositsService } from "./service";

/**
 * A trip's return and its deposit claim in every order, on one store (issue 43; decisions 025 and
 * 032), with the real handover feature: the owner records the check-out (clean or with damage),
 * files a claim, the renter confirms or disputes the check-out, answers the claim, and the team
 * decides (or the owner withdraws). The orders are generated: every permutation of the five steps
 * with each variant (960), a step the model refuses in its moment skipped. Permutations that take
 * the same steps share one trip, on which every step not yet taken that the model refuses at a
 * moment is tried there and must be refused as it says (so every refusal of every permutation is
 * asserted). `orders: "all"` runs every distinct sequence (88) and checks the invariants after every
 * step; `"sample"` (the Firestore emulator is slower) four where a clean check-out is confirmed
 * before, during or after a claim, checked at the end of each. The invariants: the deposit is
 * released or captured only by a closing once a claim exists, an open claim has a `disputed`
 * deposit, a closing of an open claim never answers "closed", and the deposit plus the part
 * kept is the deposit held. Then a claim and a clean check-out's confirmation at once.
 */
export function depositOrdersSuite(ports: () => { store: DocumentStore; blobs: BlobStore }, options: { orders: "all" | "sample"; serialisesTransactions: boolean }) {
  const OWNER = "owner-o";
  const DEPOSIT = 80_000;
  const CLAIMED = 30_000;
  let clock: Date;
  let start: string;
  let bookings: BookingsService;
  let handover: HandoverService;
  let deposits: DepositsService;
  let boat: Listing;
  let store: DocumentStore;
  const events = new Map<string, BookingEvent[]>();

  beforeAll(async () => {
    const { blobs } = ports();
    store = ports().store;
    clock = new Date("2027-09-01T08:00:00Z");
    start = addDays(today(clock), 3);
    const users = createUsersService(store);
    const portsService = createPortsService(store);
    const listings = createListingsService({ store, users, ports: portsService });
    for (const port of demoPorts) await portsService.save(port);
    await users.create({ uid: OWNER, email: "owner-o@amarre.test", displayName: "Armador Órdenes", kind: "person" });
    await users.setLessor(OWNER, { legalName: "Armador Órdenes", idDocument: "12345678Z", phone: "+34 600 000 000", address: "Passeig Marítim 1, 07014 Palma", iban: "ES9121000418450200051332" });
    // A sailing boat without an engine: a record asks no fuel or hours.
    boat = await publishBoat(listings, OWNER, { instantBooking: true, depositCents: DEPOSIT, dayPriceCents: 30_000, type: "sail", fuel: "none", enginePowerHp: 0 });
    bookings = createBookingsService({
      store,
      listings,
      payments: createRecordedPayments(),
      now: () => clock,
      handlers: [{ name: "events", on: ["deposit-claimed", "deposit-settled", "deposit-released"], handle: async (event, booking) => void events.set(booking.id, [...(events.get(booking.id) ?? []), event]) }],
    });
    handover = createHandoverService({ store, blobs, bookings, listings, now: () => clock });
    deposits = createDepositsService({ store, blobs, bookings, now: () => clock, checkOut: (id) => handover.checkOutEvidence(id) });
  }, 120_000);

  let trips = 0;
  /** A one-day trip of its own renter (a day of its own), ended two hours ago and checked in by the owner. */
  async function returnedTrip(): Promise<{ booking: Booking; renter: string }> {
    const renter = `renter-o${++trips}`;
    const day = addDays(start, trips);
    clock = new Date("2027-09-01T08:00:00Z");
    const booking = await bookings.book({ uid: renter, lang: "es" }, boat.id, { start: day, end: day, part: null, people: 2, withSkipper: false });
    clock = new Date(Date.parse(booking.endsAt) + 2 * 3_600_000);
    await handover.record(OWNER, booking.id, "check-in", { notes: "Velas y toldo en buen estado." });
    return { booking, renter };
  }

  it(`every order of check-out, claim, confirmation, answer and closing (${options.orders === "all" ? "all 88 sequences" : "4 of the 88"}): a claimed deposit moves only by its closing`, async () => {
    const sequences = options.orders === "all" ? allSequences() : allSequences().filter(isSample);
    expect(sequences).toHaveLength(options.orders === "all" ? 88 : 4);
    for (const sequence of sequences) await play(sequence);
  }, 120_000);

  it("a claim and a clean check-out's confirmation at once: released and the claim refused, or claimed and the deposit held — never both", async () => {
    const claim = (id: string) => deposits.claim(OWNER, id, { amountCents: CLAIMED, reason: "Toldo rasgado", evidence: { quote: "toldo rasgado" } });
    const confirm = (id: string, renter: string) => handover.answer(renter, id, "check-out", { status: "confirmed" });
    // Trip after trip (they share the clock), each with a clean check-out by the owner, then the
    // claim and the confirmation at once where the store serialises transactions; in both orders
    // one after the other where it cannot (the in-process emulator).
    const staggers = options.orders === "all" ? STAGGER : FEWER_STAGGERS;
    for (let i = 0; i < (options.serialisesTransactions ? staggers.length : 2); i++) {
      const { booking, renter } = await returnedTrip();
      await handover.record(OWNER, booking.id, "check-out", { notes: "Toldo rasgado en la costura." });
      const [claimed, confirmed] = options.serialisesTransactions
        ? await Promise.allSettled([later(staggers[i]![0], () => claim(booking.id)), later(staggers[i]![1], () => confirm(booking.id, renter))])
        : i === 0
          ? await settledInOrder(() => claim(booking.id), () => confirm(booking.id, renter))
          : await settledInOrder(() => confirm(booking.id, renter), () => claim(booking.id)).then(([b, a]) => [a, b] as const);
      expect(confirmed.status).toBe("fulfilled");
      const money = (await bookings.getFor(booking.id, OWNER))!.booking.money;
      const record = (await handover.forBooking(booking.id, { uid: "team", role: "admin" }))!.checkOut!;
      const open = await deposits.forBooking(booking.id, { uid: "team", role: "admin" });
      if (claimed.status === "fulfilled") {
        expect(open?.status).toBe("open");
        expect(lineOf(money, "deposit")?.state).toBe("disputed");
        expect(record.depositReleasedAt).toBeNull();
        expect(events.get(booking.id)).toEqual(["deposit-claimed"]);
        // The claim is still the team's to decide.
        await deposits.decide("team", booking.id, { keptCents: KEPT, note: "Reparación del toldo." });
        expect(lineOf((await bookings.getFor(booking.id, renter))!.booking.money, "claim")?.amountCents).toBe(KEPT);
      } else {
        expect(claimed.reason).toMatchObject({ name: "DepositError", code: "no-deposit" });
        expect(open).toBeNull();
        expect(lineOf(money, "deposit")).toMatchObject({ state: "released", amountCents: DEPOSIT });
        expect(record.depositReleasedAt).not.toBeNull();
        expect(events.get(booking.id)).toEqual(["deposit-released"]);
      }
    }
  }, 60_000);

  /** One distinct sequence on a trip of its own: every step taken or refused as the model says, the invariants after each step (all orders) or at the end (the sample). */
  async function play({ variant, steps }: Sequence) {
    const { booking, renter } = await returnedTrip();
    const id = booking.id;
    const name = `${steps.join(" → ")} (${variant.damage ? "damage" : "clean"}, ${variant.confirmation}, ${variant.closing})`;
    const take: Record<Step, () => Promise<unknown>> = {
      "check-out": () => handover.record(OWNER, id, "check-out", { notes: "Toldo rasgado en la costura.", damage: variant.damage }),
      claim: () => deposits.claim(OWNER, id, { amountCents: CLAIMED, reason: "Toldo rasgado", evidence: { quote: "toldo rasgado" } }),
      confirm: () => handover.answer(renter, id, "check-out", variant.confirmation === "confirmed" ? { status: "confirmed" } : { status: "disputed", note: "Ya estaba así al salir." }),
      answer: () => deposits.answer(renter, id, { text: "Ya estaba rasgado al salir." }),
      close: () => (variant.closing === "decide" ? deposits.decide("team", id, { keptCents: KEPT, note: "Reparación del toldo." }) : deposits.withdraw(OWNER, id)),
    };
    let state = initial;
    const taken = new Set<Step>();
    const refuseWhatTheModelRefuses = async () => {
      for (const step of STEPS) {
        const outcome = model(step, state, variant);
        if (taken.has(step) || !("refusal" in outcome)) continue;
        const error = await take[step]().then(
          () => null,
          (e: unknown) => e,
        );
        expect(error instanceof DepositError || error instanceof HandoverError ? { code: error.code, field: error.field, reason: error.reason } : error, `${name}: ${step} refused`).toMatchObject(outcome.refusal);
      }
    };
    for (const step of steps) {
      await refuseWhatTheModelRefuses();
      const outcome = model(step, state, variant);
      if (!("next" in outcome)) throw new Error(`${name}: the model refuses ${step}`);
      await take[step]();
      state = outcome.next;
      taken.add(step);
      if (options.orders === "all") await holds(id, state, `${name}, after ${step}`);
    }
    await refuseWhatTheModelRefuses();
    await holds(id, state, `${name}, at the end`);
  }

  /** The store says what the model says, and the invariants hold. */
  async function holds(id: string, state: State, when: string) {
    const money = (await bookings.getFor(id, OWNER))!.booking.money;
    const deposit = lineOf(money, "deposit")!;
    const kept = lineOf(money, "claim")?.amountCents ?? 0;
    const claim = await deposits.forBooking(id, { uid: "team", role: "admin" });
    const checkOut = await store.get<HandoverRecord>(HANDOVERS, `${id}-check-out`);
    expect({ deposit: deposit.state, claim: claim?.status ?? "none", kept, releasedByCheckOut: Boolean(checkOut?.depositReleasedAt), events: events.get(id) ?? [] }, when).toEqual({
      deposit: { held: "direct", disputed: "disputed", released: "released" }[state.deposit],
      claim: state.claim,
      kept: state.kept,
      releasedByCheckOut: state.releasedByCheckOut,
      events: state.events,
    });
    if (claim?.status === "open") expect(deposit.state, when).toBe("disputed");
    expect(deposit.amountCents + kept, when).toBe(DEPOSIT);
  }
}

/** What the team's decision keeps of the 30,000 claimed. */
const KEPT = 25_000;

type Step = "check-out" | "claim" | "confirm" | "answer" | "close";
const STEPS: readonly Step[] = ["check-out", "claim", "confirm", "answer", "close"];
type Variant = { damage: boolean; confirmation: "confirmed" | "disputed"; closing: "decide" | "withdraw" };
type Sequence = { variant: Variant; steps: Step[] };
type State = {
  checkedOut: boolean;
  claim: "none" | "open" | "decided" | "withdrawn";
  deposit: "held" | "disputed" | "released";
  kept: number;
  releasedByCheckOut: boolean;
  events: BookingEvent[];
};
type Refusal = { code: string; field?: string | null; reason?: string };
const initial: State = { checkedOut: false, claim: "none", deposit: "held", kept: 0, releasedByCheckOut: false, events: [] };

/**
 * The rules of decisions 025 and 032 with issue 43's: what `step` does in `state`, or how it is
 * refused. A clean check-out (no damage) confirmed releases a held deposit; a claimed one stays
 * claimed until the decision (`KEPT` of 30,000 claimed) or the withdrawal.
 */
function model(step: Step, state: State, variant: Variant): { refusal: Refusal } | { next: State } {
  switch (step) {
    case "check-out":
      return { next: { ...state, checkedOut: true } };
    case "claim":
      if (!state.checkedOut) return { refusal: { code: "invalid", field: "evidence", reason: "no-check-out" } };
      if (state.deposit !== "held") return { refusal: { code: "no-deposit" } };
      return { next: { ...state, claim: "open", deposit: "disputed", events: [...state.events, "deposit-claimed"] } };
    case "confirm": {
      if (!state.checkedOut) return { refusal: { code: "not-found" } };
      const releases = variant.confirmation === "confirmed" && !variant.damage && state.deposit === "held";
      return { next: releases ? { ...state, deposit: "released", releasedByCheckOut: true, events: [...state.events, "deposit-released"] } : state };
    }
    case "answer":
      if (state.claim === "none") return { refusal: { code: "not-found" } };
      if (state.claim !== "open") return { refusal: { code: "not-open" } };
      return { next: state };
    case "close":
      if (state.claim === "none") return { refusal: { code: "not-found" } };
      if (state.claim !== "open") return { refusal: { code: "not-open" } };
      return variant.closing === "decide"
        ? { next: { ...state, claim: "decided", deposit: "released", kept: KEPT, events: [...state.events, "deposit-settled"] } }
        : { next: { ...state, claim: "withdrawn", deposit: "released", events: [...state.events, "deposit-released"] } };
  }
}

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

/**
 * Every permutation of the five steps with every variant (960), each reduced to the steps the
 * model takes (a refused step is skipped), without repeats: 88 sequences. A variant that only
 * changes a step never taken is the same sequence.
 */
function allSequences(): Sequence[] {
  const seen = new Map<string, Sequence>();
  for (const order of permutations(STEPS)) {
    for (const damage of [false, true]) {
      for (const confirmation of ["confirmed", "disputed"] as const) {
        for (const closing of ["decide", "withdraw"] as const) {
          const variant = { damage, confirmation, closing };
          let state = initial;
          const steps: Step[] = [];
          for (const step of order) {
            const outcome = model(step, state, variant);
            if ("next" in outcome) {
              state = outcome.next;
              steps.push(step);
            }
          }
          const key = steps.map((s) => (s === "check-out" ? `${s}:${damage}` : s === "confirm" ? `${s}:${confirmation}` : s === "close" ? `${s}:${closing}` : s)).join(" ");
          if (!seen.has(key)) seen.set(key, { variant, steps });
        }
      }
    }
  }
  return [...seen.values()];
}

/** The four sequences around the bug: a clean check-out confirmed before the claim, after it, after its answer, after its closing. */
const SAMPLE = ["check-out confirm", "check-out claim confirm answer close decide", "check-out claim answer confirm close withdraw", "check-out claim answer close confirm decide"];
function isSample({ variant, steps }: Sequence): boolean {
  if (variant.damage || variant.confirmation !== "confirmed") return false;
  return SAMPLE.includes(steps.join(" ")) || SAMPLE.includes(`${steps.join(" ")} ${variant.closing}`);
}

/** Two operations one after the other, each outcome settled, in the order given. */
async function settledInOrder<A, B>(first: () => Promise<A>, second: () => Promise<B>): Promise<[PromiseSettledResult<A>, PromiseSettledResult<B>]> {
  const [a] = await Promise.allSettled([first()]);
  const [b] = await Promise.allSettled([second()]);
  return [a, b];
}

/**
 * Turns of the event loop each side of a race waits before it starts (claim, confirmation): the
 * two overlap in different places, so both outcomes come up (on SQLite, [0, 0] lets the
 * confirmation win and [0, 1] the claim). With the sample of orders (Firestore), [0, 0] alone:
 * there the claim wins it, and a race that makes a transaction wait costs the client's retry
 * back-off (one to three seconds measured).
 */
const STAGGER: ReadonlyArray<readonly [number, number]> = [[0, 0], [0, 1], [0, 2], [0, 4], [1, 0], [2, 0], [4, 0]];
const FEWER_STAGGERS: ReadonlyArray<readonly [number, number]> = [[0, 0]];

/** `run` after `turns` turns of the event loop (no clock: a race's sides start at different steps of each other). */
async function later<T>(turns: number, run: () => Promise<T>): Promise<T> {
  for (let i = 0; i < turns; i++) await new Promise<void>((resolve) => setImmediate(resolve));
  return run();
}
