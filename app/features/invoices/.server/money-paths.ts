import fc from "fast-check";
import { createRecordedPayments, type PaymentsPort } from "#app/.server/payments";
import type { DocumentStore } from "#app/.server/store";
import { addDays, createBookingsService, eachDay, priceRental, serviceFeePercent, today, type Booking, type MoneyLine } from "#app/features/bookings/.server";
import { boatTariff, dayPrice, type PricingRules } from "#app/features/bookings";
import type { Listing } from "#app/features/listings/.server";
import type { UserProfile } from "#app/features/profiles/.server";
import { PLATFORM_ISSUER } from "#app/features/legal-pages/.server";
import { invoiceBookingHandler } from "./booking-handler";
import type { Invoice } from "./model";
import { createInvoicesService } from "./service";

/**
 * Test support for the property "a booking's invoices add up to the money that moved, per party":
 * a random booking path (instant book; request then accept, decline, expiry or withdrawal;
 * cancellation by the renter at any moment before the trip, or by the owner), driven through the
 * real bookings service with a clock set by the path, with invoices issued by their declared
 * booking handler — on whatever store the caller gives (SQLite, the Firestore emulator). Without
 * a provider there is no fee and a cancellation lets everything go (decision 048).
 */
export type MoneyPath = {
  /** A provider that charges (authorise, capture) or the `recorded` one (amounts owed). */
  charges: boolean;
  instant: boolean;
  /** What happens to a request (ignored for instant bookings). */
  answer: "accept" | "decline" | "expire" | "withdraw";
  /** A confirmed booking cancelled by one side this many hours before the trip starts, or not at all. */
  cancel: { by: "renter" | "owner"; hoursBefore: number } | null;
  policy: "flexible" | "moderate" | "strict";
  startInDays: number;
  days: number;
  half: "am" | "pm" | null;
  dayPriceCents: number;
  halfDayPriceCents: number;
  weekPriceCents: number | null;
  skipper: { mode: "optional" | "mandatory"; dailyPriceCents: number } | null;
  withSkipper: boolean;
  depositCents: number;
  /** A company owner's rental carries VAT; a private owner's none. */
  company: boolean;
  /** Seasons and a weekend rule (issue 49): each day at its own price. */
  pricing?: PricingRules | null;
};

/** Up to three seasons that share no day, between the paths' first and last possible days, and maybe a weekend rule. */
const pricingRules: fc.Arbitrary<PricingRules> = fc
  .record({
    edges: fc.uniqueArray(fc.integer({ min: 0, max: 120 }), { minLength: 0, maxLength: 6 }),
    prices: fc.array(fc.oneof(fc.record({ dayPriceCents: fc.integer({ min: 100, max: 900_000 }), percent: fc.constant(null) }), fc.record({ dayPriceCents: fc.constant(null), percent: fc.integer({ min: -90, max: 300 }) })), { minLength: 4, maxLength: 4 }),
    weekend: fc.option(fc.uniqueArray(fc.constantFrom(1, 2, 3, 4, 5, 6, 7), { minLength: 1, maxLength: 6 }), { nil: null }),
  })
  .map(({ edges, prices, weekend }) => {
    const sorted = [...edges].sort((a, b) => a - b);
    const seasons = [];
    for (let i = 0; i + 1 < sorted.length; i += 2) {
      seasons.push({ id: `s${i}`, name: `Temporada ${i}`, start: addDays("2027-03-01", sorted[i]!), end: addDays("2027-03-01", sorted[i + 1]!), ...prices[i / 2]! });
    }
    return { seasons, weekend: weekend ? { days: weekend as Array<1 | 2 | 3 | 4 | 5 | 6 | 7>, ...prices[3]! } : null };
  });

/** Hours before the start around each tier's edge (1, 10 and 30 days), and in between. */
const CANCEL_HOURS = [1, 12, 23, 24, 25, 72, 239, 240, 241, 400, 719, 720, 721, 1000, 1500];

export const moneyPaths: fc.Arbitrary<MoneyPath> = fc.record({
  charges: fc.boolean(),
  instant: fc.boolean(),
  answer: fc.constantFrom("accept", "decline", "expire", "withdraw"),
  cancel: fc.option(fc.record({ by: fc.constantFrom("renter", "owner"), hoursBefore: fc.constantFrom(...CANCEL_HOURS) }), { nil: null, freq: 3 }),
  policy: fc.constantFrom("flexible", "moderate", "strict"),
  startInDays: fc.integer({ min: 3, max: 75 }),
  days: fc.integer({ min: 1, max: 9 }),
  half: fc.option(fc.constantFrom("am", "pm"), { nil: null, freq: 3 }),
  dayPriceCents: fc.integer({ min: 1, max: 500_000 }),
  halfDayPriceCents: fc.integer({ min: 1, max: 300_000 }),
  weekPriceCents: fc.option(fc.integer({ min: 1, max: 2_000_000 }), { nil: null }),
  skipper: fc.option(fc.record({ mode: fc.constantFrom("optional", "mandatory"), dailyPriceCents: fc.integer({ min: 0, max: 60_000 }) }), { nil: null }),
  withSkipper: fc.boolean(),
  depositCents: fc.integer({ min: 0, max: 500_000 }),
  company: fc.boolean(),
  pricing: fc.option(pricingRules, { nil: null }),
}) as fc.Arbitrary<MoneyPath>;

/** A provider that charges, answering at once (no checkout redirect). */
function chargingPayments(): PaymentsPort {
  return {
    ...createRecordedPayments(),
    provider: "stripe",
    charges: true,
    async authorize({ key }) {
      return { kind: "authorised", reference: `pi_${key}` };
    },
  };
}

const HOUR = 3_600_000;
const person = (uid: string, name: string, company: boolean): UserProfile => ({
  uid,
  email: `${uid}@amarre.test`,
  displayName: name,
  slug: uid,
  photo: null,
  bio: "",
  languages: [],
  phone: null,
  kind: company ? "professional" : "person",
  company: company ? { name: `${name} S.L.`, taxId: "B07123456", phone: "+34 971 000 000", address: "Moll Vell 3, 07012 Palma" } : null,
  lessor: null,
  createdAt: "2027-01-01T00:00:00.000Z",
  updatedAt: "2027-01-01T00:00:00.000Z",
});

let runs = 0;

/** Runs one path on `store`; returns the booking as it ended and its invoices. */
export async function runMoneyPath(store: DocumentStore, path: MoneyPath): Promise<{ booking: Booking; invoices: Invoice[] }> {
  const run = `${Date.now().toString(36)}${(runs++).toString(36)}`;
  const ownerUid = `owner${run}`;
  const renterUid = `renter${run}`;
  const listing = {
    id: `boat${run}`,
    kind: "boat",
    status: "published",
    ownerUid,
    data: {
      kind: "boat",
      title: "Zoë's Łódź",
      capacity: 8,
      instantBooking: path.instant,
      cancellationPolicy: path.policy,
      dayPriceCents: path.dayPriceCents,
      halfDayPriceCents: path.halfDayPriceCents,
      ...(path.weekPriceCents === null ? {} : { weekPriceCents: path.weekPriceCents }),
      depositCents: path.depositCents,
      skipper: path.skipper ?? { mode: "none" },
    },
    ...(path.pricing ? { pricing: path.pricing } : {}),
  } as unknown as Listing;
  const people = new Map([
    [ownerUid, person(ownerUid, "Łukasz Ωmega", path.company)],
    [renterUid, person(renterUid, "Zoë Renter", false)],
  ]);
  let clock = Date.parse("2027-03-01T09:15:00.000Z");
  const now = () => new Date(clock);
  const invoices = createInvoicesService({
    store,
    users: { getMany: async (uids) => new Map(uids.flatMap((uid) => (people.has(uid) ? [[uid, people.get(uid)!] as const] : []))) },
    subjectTitle: async () => "Zoë's Łódź",
    platform: PLATFORM_ISSUER,
    now,
  });
  const bookings = createBookingsService({
    store,
    listings: { get: async (id) => (id === listing.id ? listing : null), getMany: async (ids) => ids.map((id) => (id === listing.id ? listing : null)), recordOwnerCancellation: async () => {} },
    payments: path.charges ? chargingPayments() : createRecordedPayments(),
    handlers: [invoiceBookingHandler(invoices)],
    now,
  });
  const start = addDays(today(now()), path.startInDays);
  const end = path.half ? start : addDays(start, path.days - 1);
  let booking = await bookings.book({ uid: renterUid, lang: "es" }, listing.id, { start, end, part: path.half, people: 2, withSkipper: path.withSkipper && path.skipper !== null });
  if (!path.instant) {
    clock += HOUR;
    if (path.answer === "accept") booking = (await bookings.act(booking.id, ownerUid, "owner", "accept")).booking;
    else if (path.answer === "decline") booking = (await bookings.act(booking.id, ownerUid, "owner", "decline")).booking;
    else if (path.answer === "withdraw") booking = (await bookings.act(booking.id, renterUid, "renter", "cancel")).booking;
    else {
      clock += 48 * HOUR;
      await bookings.applyDue();
      booking = (await bookings.getFor(booking.id, renterUid))!.booking;
    }
  }
  if (path.cancel && booking.status === "confirmed") {
    // Never before the booking was made: a cancellation "1,500 hours before" a trip in 3 days is now.
    clock = Math.max(clock + HOUR, Date.parse(booking.startsAt) - path.cancel.hoursBefore * HOUR);
    if (clock < Date.parse(booking.startsAt)) {
      const uid = path.cancel.by === "owner" ? ownerUid : renterUid;
      booking = (await bookings.act(booking.id, uid, path.cancel.by, "cancel")).booking;
    }
  }
  return { booking, invoices: await invoices.forBooking(booking.id) };
}

/** The policy's refund of the owner's part, as docs/PRODUCT.md states it, from the hours left before the start. */
function policyPercent(policy: MoneyPath["policy"], hoursLeft: number): number {
  const days = hoursLeft / 24;
  if (policy === "flexible") return days >= 1 ? 100 : 0;
  if (policy === "moderate") return days >= 10 ? 100 : 50;
  return days >= 30 ? 50 : 0;
}

const charged = (line: MoneyLine) => ["direct", "captured"].includes(line.state);
const returned = (line: MoneyLine) => ["credited", "refunded"].includes(line.state);

/** What moved per party, read from the booking's ledger: the rental and fee charged (or owed), less their refunds. */
export function moneyMoved(booking: Booking) {
  const sum = (ids: string[], test: (line: MoneyLine) => boolean) => booking.money.lines.filter((line) => ids.includes(line.id) && test(line)).reduce((total, line) => total + line.amountCents, 0);
  const owner = sum(["rental"], charged) - sum(["refund-rental"], returned);
  const platform = sum(["fee"], charged) - sum(["refund-fee"], returned);
  return { renter: owner + platform, owner, platform };
}

/** What the invoices say per party: the renter's as buyer, the owner's as seller (rental), the platform's (fee). */
export function invoiced(booking: Booking, list: Invoice[]) {
  const sum = (test: (invoice: Invoice) => boolean) => list.filter(test).reduce((total, invoice) => total + invoice.totalCents, 0);
  return {
    renter: sum((invoice) => invoice.buyer.uid === booking.renterUid),
    owner: sum((invoice) => invoice.seller.uid === booking.ownerUid),
    platform: sum((invoice) => invoice.seller.uid === null),
  };
}

/**
 * Everything that must hold for a path, as a list of broken rules (empty when it all holds):
 * the cancellation refunds what the policy says, the ledger moved that, the invoices add up to
 * it per party, each corrective invoice names its rule and corrects an invoice of the booking,
 * and every invoice's lines, base and VAT add up to its total.
 */
export function brokenRules(path: MoneyPath, booking: Booking, list: Invoice[]): string[] {
  const broken: string[] = [];
  const check = (ok: boolean, rule: string) => {
    if (!ok) broken.push(rule);
  };
  const { price } = booking;
  // The summary's price (the same function on the same choice) is the booking's, to the cent; without
  // a week or a half day it is the sum of each day's price (seasons, weekends: issue 49).
  const tariff = boatTariff({ dayPriceCents: path.dayPriceCents, halfDayPriceCents: path.halfDayPriceCents, weekPriceCents: path.weekPriceCents ?? undefined, depositCents: path.depositCents, skipper: path.skipper ?? { mode: "none" } }, serviceFeePercent(path.charges), path.pricing ?? null);
  const withSkipper = path.withSkipper && path.skipper !== null;
  const summary = priceRental(tariff, path.half ? { kind: "half-day", part: path.half, withSkipper, start: booking.start } : { kind: "days", days: booking.days, withSkipper, start: booking.start });
  // (compared field by field: a store may hand a map's keys back in another order)
  const figures = (p: typeof price) => JSON.stringify([p.rentalCents, p.skipperCents, p.serviceFeeCents, p.totalCents, p.ownerCents, p.depositCents, p.lines.map((l) => [l.unit, l.count, l.unitCents, l.totalCents, l.season ?? null, l.weekend ?? false])]);
  check(figures(summary) === figures(price), `the summary says ${figures(summary)}, the booking ${figures(price)}`);
  if (!path.half && path.weekPriceCents === null) {
    const days = eachDay(booking.start, booking.end).reduce((sum, day) => sum + dayPrice(path.pricing, path.dayPriceCents, day).cents, 0);
    check(price.rentalCents === days, `rental ${price.rentalCents}, the days' prices add up to ${days}`);
  }
  const confirmedOnce = booking.history.some((entry) => entry.to === "confirmed");
  const cancellation = booking.cancellation;
  let expected = { renter: 0, owner: 0, platform: 0 };
  if (confirmedOnce) {
    let rentalBack = 0;
    let feeBack = 0;
    if (cancellation) {
      if (!path.charges) {
        // Nothing was paid without a provider: the whole amount is let go, whoever cancels (decision 048).
        rentalBack = price.ownerCents;
        feeBack = price.serviceFeeCents;
        check(cancellation.rule === "unpaid" && cancellation.percent === 100, `a cancellation without payments recorded as ${cancellation.rule} ${cancellation.percent}%`);
      } else if (cancellation.by === "owner") {
        rentalBack = price.ownerCents;
        feeBack = price.serviceFeeCents;
      } else {
        const percent = policyPercent(path.policy, (Date.parse(booking.startsAt) - Date.parse(cancellation.at)) / HOUR);
        rentalBack = Math.floor((price.ownerCents * percent) / 100);
        check(cancellation.rule === "policy" && cancellation.percent === percent, `renter's cancellation recorded as ${cancellation.rule} ${cancellation.percent}%, policy says ${percent}%`);
      }
      check(cancellation.rentalRefundCents === rentalBack && cancellation.feeRefundCents === feeBack, `refund recorded ${cancellation.rentalRefundCents}+${cancellation.feeRefundCents}, expected ${rentalBack}+${feeBack}`);
      check(cancellation.refundCents === cancellation.rentalRefundCents + cancellation.feeRefundCents, "refundCents is not rental + fee");
    }
    expected = { renter: price.totalCents - rentalBack - feeBack, owner: price.ownerCents - rentalBack, platform: price.serviceFeeCents - feeBack };
  }
  // No fee, and so no fee invoice, without a provider (decision 048).
  check(path.charges || price.serviceFeeCents === 0, `a fee of ${price.serviceFeeCents} without payments`);
  const ledger = moneyMoved(booking);
  const invoiceSums = invoiced(booking, list);
  check(JSON.stringify(ledger) === JSON.stringify(expected), `ledger moved ${JSON.stringify(ledger)}, expected ${JSON.stringify(expected)}`);
  check(JSON.stringify(invoiceSums) === JSON.stringify(expected), `invoices say ${JSON.stringify(invoiceSums)}, expected ${JSON.stringify(expected)}`);
  const correctives = list.filter((invoice) => invoice.kind === "corrective");
  check(correctives.length === (cancellation && confirmedOnce ? (cancellation.rentalRefundCents > 0 ? 1 : 0) + (cancellation.feeRefundCents > 0 ? 1 : 0) : 0), `${correctives.length} corrective invoices`);
  for (const invoice of list) {
    check(invoice.lines.reduce((sum, line) => sum + line.amountCents, 0) === invoice.totalCents, `${invoice.id}: lines do not add up to the total`);
    check(invoice.baseCents + invoice.vatCents === invoice.totalCents, `${invoice.id}: base + VAT is not the total`);
    check(invoice.vatPercent === (invoice.seller.uid === null || path.company ? 21 : null), `${invoice.id}: VAT ${invoice.vatPercent}`);
    if (invoice.kind === "corrective") {
      const original = list.find((other) => other.id === invoice.corrects?.id);
      check(original !== undefined && original.number === invoice.corrects?.number && original.issuedAt === invoice.corrects?.issuedAt, `${invoice.id}: corrects no invoice of the booking`);
      check(invoice.reason?.rule === cancellation?.rule && invoice.reason?.percent === cancellation?.percent && invoice.reason?.policy === (cancellation?.rule === "policy" ? path.policy : null), `${invoice.id}: reason ${JSON.stringify(invoice.reason)}`);
      check(invoice.totalCents < 0, `${invoice.id}: a correction of ${invoice.totalCents}`);
    } else {
      const days = invoice.lines.find((line) => line.kind === "rental" || line.kind === "half-day");
      if (invoice.kind === "rental") check(path.half ? days?.kind === "half-day" && days.part === path.half : days?.quantity === booking.days, `${invoice.id}: rental line ${JSON.stringify(days)}`);
    }
  }
  return broken;
}

/** How many paths a property runs (FAST_CHECK_RUNS overrides, e.g. for a longer soak). */
export function propertyRuns(fallback: number): number {
  const asked = Number(process.env.FAST_CHECK_RUNS);
  return Number.isInteger(asked) && asked > 0 ? asked : fallback;
}

