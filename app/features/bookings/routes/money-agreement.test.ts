import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, bookingEmailHandler, createBookingsService, today, type Booking } from "#app/features/bookings/.server";
import { invoiceBookingHandler } from "#app/features/invoices/.server";
import type { WeatherEvidence } from "#app/features/weather/.server";
import { createRecordedPayments } from "#app/.server/payments";
import { createStripePayments } from "#app/.server/payments/stripe";
import { createStripeWebhooks } from "#app/.server/payments/stripe-webhooks";
import type { Services } from "#app/.server/services";
import { createBoat, createOwner } from "#tests/listing-fixtures";
import { emailIds, readPlaces, type Places } from "#tests/money-places";
import { startStripeFake, type StripeFake } from "#tests/stripe-fake/server";
import { createTestServices, createTestUser } from "#tests/test-services";

/**
 * One money story per payment mode (decision 048): for each state a booking can be in — a
 * request, accepted, cancelled at each tier by each side, cancelled or moved for the weather,
 * completed, its deposit claimed and the claim decided — every place that shows a figure for a
 * party says the same: the renter's trip page (price card, money section), the owner's booking
 * page (price card, money section), both lists, /ajustes/cobros, the newest email each side has
 * about it, and the invoices. Without a provider (`recorded`) no service fee is charged or
 * invoiced and nothing is left pending once the trip has ended or was cancelled; with Stripe
 * (the adapter against the local fake) the fee is collected at checkout.
 *
 * The boat costs 420 € a day; trips are two days (840 €; with Stripe 84 € of fee), 500 € deposit.
 */
const RENTAL = 840_00;
const FEE = 84_00;
const DAY = 86_400_000;
const SECRET = "whsec_money_agreement";
let services: Services;
let fake: StripeFake;
let owner: Awaited<ReturnType<typeof createOwner>>;
let renter: Awaited<ReturnType<typeof createTestUser>>;

beforeAll(async () => {
  [services, fake] = await Promise.all([createTestServices(), startStripeFake()]);
  owner = await createOwner(services, { displayName: "Olga Armadora" });
  renter = await createTestUser(services, { displayName: "Rita Arrendataria" });
}, 60_000);
afterAll(async () => {
  await fake?.close();
  await services?.close();
});

const day = (n: number) => addDays(today(new Date()), n);
const unsafe: WeatherEvidence = { source: "fixture", issuedAt: new Date().toISOString(), boatClass: "small", date: day(4), windKnots: 23, gustKnots: 30, waveM: 1.8, beaufort: 6, reasons: [] };

/** A booking engine of `mode` on the test store, whose clock the test sets (`at`), with the app's handlers. */
function engine(mode: "recorded" | "stripe") {
  let clock = Date.now();
  const payments = mode === "stripe" ? createStripePayments({ secretKey: "sk_test_money", apiBase: fake.url, maxNetworkRetries: 0 }) : createRecordedPayments();
  const bookings = createBookingsService({
    store: services.store,
    listings: services.listings,
    payments,
    now: () => new Date(clock),
    customerOf: async (uid) => ({ uid, email: `${uid}@amarre.test`, name: "Rita" }),
    returnUrl: (booking) => `https://amarre.test/ajustes/mis-reservas/${booking.id}`,
    payoutAccountOf: async () => "acct_1OwnerMoney",
    weatherEvidence: async () => unsafe,
    handlers: [invoiceBookingHandler(services.invoices), bookingEmailHandler({ mailbox: services.mailbox, users: services.users, listings: services.listings, origin: "https://amarre.test" })],
  });
  const webhooks = createStripeWebhooks({ store: services.store, webhookSecret: SECRET, bookings });
  const reread = async (id: string) => (await bookings.getFor(id, owner.uid))!.booking;
  return {
    bookings,
    at: (daysFromNow: number) => {
      clock = Date.now() + daysFromNow * DAY;
    },
    /** Books two days from `start` (or one), paying the provider's checkout when there is one. */
    async book(input: { start: number; days?: number; instant: boolean; policy?: "moderate" | "strict" }): Promise<Booking> {
      const boat = await createBoat(services, owner.uid, { instantBooking: input.instant, dayPriceCents: 420_00, cancellationPolicy: input.policy ?? "moderate" });
      const choice = { start: day(input.start), end: day(input.start + (input.days ?? 2) - 1), part: null, people: 2, withSkipper: false };
      const booked = await bookings.book({ uid: renter.uid, lang: "es" }, boat.id, choice);
      if (mode === "recorded") return booked;
      const payload = JSON.stringify(fake.completeCheckout(booked.money.reference!));
      await webhooks.handle({ rawBody: payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) });
      return reread(booked.id);
    },
    reread,
  };
}

type Expected = {
  /** What the owner receives from the booking (a request: would receive). */
  owner: number;
  /** What the renter pays for the booking, net of refunds (a request: would pay). */
  pays: number;
  /** The booking's price, fee included. */
  total: number;
  refund: number;
  fee: number;
  claim: number;
};

/** Every disagreement between a place and the figure it shows, as a sentence naming both. */
function disagreements(state: string, mode: "recorded" | "stripe", places: Places, expected: Expected): string[] {
  const found: string[] = [];
  const check = (place: string, shown: number | null | undefined, figure: keyof Expected, value = expected[figure]) => {
    if (shown !== value) found.push(`${state}: ${place} says ${shown === null || shown === undefined ? "nothing" : shown / 100} €, the ${figure} is ${value / 100} €`);
  };
  const { owner: o, renter: r, platform } = places;
  const began = ["completed"].includes(places.status);
  const wasConfirmed = !["pending", "awaiting-payment", "declined", "expired"].includes(places.status);
  check("the owner's price card", o.card, "owner");
  check("the owner's money section", o.money, "owner");
  check("the request list", o.list, "owner");
  if (o.payouts !== null || (expected.owner > 0 && wasConfirmed)) check("/ajustes/cobros", o.payouts, "owner");
  if (wasConfirmed) check("the owner's invoices with the deposit's claim", o.invoices + expected.claim, "owner");
  check("the trip page's price card", r.card, "pays");
  check("the trip page's total", r.cardTotal, "total");
  check("the renter's list", r.list, "pays");
  // Only a booking that was confirmed is invoiced.
  check("the renter's invoices", r.invoices, "pays", wasConfirmed ? expected.pays : 0);
  check("the platform's invoices", platform.invoices, "fee");
  for (const { figure, cents } of [...o.email, ...r.email]) {
    if (figure === "still-owed") found.push(`${state}: the renter's email says they still owe ${cents / 100} €`);
    else check(`the newest email's "${figure}"`, cents, figure as keyof Expected);
  }
  if (mode === "stripe") {
    if (places.status === "pending") check("the trip page's money section (held)", r.money.held ?? null, "total");
    // What the card was charged counts the part of the deposit a claim kept.
    else check("the trip page's money section (charged less refunded, less the deposit's claim)", (r.money.charged ?? 0) - (r.money.refunded ?? 0) - expected.claim, "pays");
  } else {
    // Nothing is charged: what is still to pay is the whole price until the trip begins, and nothing after it or once cancelled.
    const upcoming = (places.status === "pending" || places.status === "confirmed") && !began;
    if (upcoming) check("the trip page's money section (to pay)", r.money.owed ?? null, "pays");
    else if ((r.money.owed ?? 0) > 0) found.push(`${state}: the trip page leaves ${r.money.owed! / 100} € pending with no step to settle it`);
    if (r.cardFee !== null || platform.feeInvoices > 0 || /Tarifa de servicio/.test(r.moneyText)) found.push(`${state}: a service fee is shown or invoiced though Amarre takes no payment`);
  }
  return found;
}

/** Reads every place once `step` has brought the booking to `state`, and compares. */
async function expectAgreement(state: string, mode: "recorded" | "stripe", step: () => Promise<Booking>, expected: Expected) {
  const before = await emailIds(services, [renter.uid, owner.uid]);
  const booking = await step();
  const places = await readPlaces(services, booking, { renter, owner }, before);
  expect(disagreements(state, mode, places, expected)).toEqual([]);
  return booking;
}

describe.each(["recorded", "stripe"] as const)("every place tells the same money story (%s)", { timeout: 60_000 }, (mode) => {
  const charges = mode === "stripe";
  const total = charges ? RENTAL + FEE : RENTAL;
  const fee = charges ? FEE : 0;
  const figures = (owner: number, pays: number, refund = 0, claim = 0, platform = fee): Expected => ({ owner, pays, total, refund, fee: platform, claim });

  it("a request waiting for an answer, and the same request accepted", async () => {
    const run = engine(mode);
    // A request: the owner would receive the rental, as the email about it says; nothing is invoiced yet.
    const request = await expectAgreement("a request", mode, () => run.book({ start: 30, instant: false }), { ...figures(RENTAL, total), fee: 0 });
    await expectAgreement("the request accepted", mode, async () => (await run.bookings.act(request.id, owner.uid, "owner", "accept")).booking, figures(RENTAL, total));
  });

  it("cancelled by the renter at each tier of the policy", async () => {
    const run = engine(mode);
    const cancel = async (booking: Booking) => (await run.bookings.act(booking.id, renter.uid, "renter", "cancel")).booking;
    // With a provider the policy refunds the rental's share and keeps the fee; without one nothing was paid and nothing is owed.
    const whole = await run.book({ start: 20, instant: true });
    await expectAgreement("cancelled by the renter 20 days ahead (moderate: all of the rental back)", mode, () => cancel(whole), charges ? figures(0, FEE, RENTAL) : figures(0, 0, RENTAL, 0, 0));
    const half = await run.book({ start: 5, instant: true });
    await expectAgreement("cancelled by the renter 5 days ahead (moderate: half back)", mode, () => cancel(half), charges ? figures(RENTAL / 2, RENTAL / 2 + FEE, RENTAL / 2) : figures(0, 0, RENTAL, 0, 0));
    const none = await run.book({ start: 20, instant: true, policy: "strict" });
    await expectAgreement("cancelled by the renter 20 days ahead (strict: nothing back)", mode, () => cancel(none), charges ? figures(RENTAL, total, 0) : figures(0, 0, RENTAL, 0, 0));
  });

  it("cancelled by the owner, and for the weather; moved for the weather", async () => {
    const run = engine(mode);
    const byOwner = await run.book({ start: 20, instant: true });
    await expectAgreement("cancelled by the owner", mode, async () => (await run.bookings.act(byOwner.id, owner.uid, "owner", "cancel")).booking, figures(0, 0, total, 0, 0));
    const stormy = await run.book({ start: 4, instant: true });
    await expectAgreement("cancelled for the weather", mode, async () => (await run.bookings.cancelForWeather(stormy.id, renter.uid, "renter")).booking, figures(0, 0, total, 0, 0));
    const moved = await run.book({ start: 4, instant: true });
    await expectAgreement("moved for the weather", mode, () => run.bookings.moveForWeather(moved.id, owner.uid, "owner", day(40)), figures(RENTAL, total));
  });

  it("completed, its deposit claimed, the claim decided", async () => {
    const run = engine(mode);
    run.at(-10);
    const done = await run.book({ start: -4, instant: true });
    const claimed = await run.book({ start: -2, instant: true });
    run.at(0);
    await expectAgreement("completed", mode, async () => (await run.bookings.applyDue(), run.reread(done.id)), figures(RENTAL, total));
    await expectAgreement("its deposit claimed", mode, () => run.bookings.claimDeposit(claimed.id, owner.uid), figures(RENTAL, total));
    await expectAgreement("the claim decided: 150 € of the 500 € deposit to the owner", mode, () => run.bookings.settleDeposit(claimed.id, 150_00), figures(RENTAL + 150_00, total, 0, 150_00));
  });
});
