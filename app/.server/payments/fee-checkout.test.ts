import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, today, type Booking } from "#app/features/bookings/.server";
import { formatDay } from "#app/features/bookings/view";
import type { Services } from "#app/.server/services";
import { createBoat, createOwner } from "#tests/listing-fixtures";
import { startStripeFake, type StripeFake } from "#tests/stripe-fake/server";
import { createTestServices } from "#tests/test-services";
import { PaymentsError } from "./errors";
import { createStripePayments } from "./stripe";

/**
 * The fee in Stripe mode (decision 048, amended by issue 46), through the app's own wiring
 * (`services.ts` on `PAYMENTS_PROVIDER=stripe`) against the Stripe fake: one Checkout Session
 * with two lines — the rental (with the skipper) and Amarre's service fee, named in the renter's
 * language — summing to what is held; the fee invoiced by the platform (series F) at
 * confirmation; and refunded only when the owner cancels or the weather does, kept on a
 * renter's cancellation — read on the fake's refunds, the money Stripe actually gave back.
 */
const SECRET = "whsec_fee_checkout";
let services: Services;
let fake: StripeFake;
let dir: string;
let ownerUid = "";
let boatId = "";

beforeAll(async () => {
  // The Bay of Palma is unsafe three days from now (the weather's fixture), calm otherwise.
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-fee-checkout-"));
  const forecast = path.join(dir, "forecast.json");
  fs.writeFileSync(forecast, JSON.stringify({ places: [{ name: "Bahía de Palma", lat: 39.5593, lng: 2.6296, radiusKm: 30, days: [{ offset: 3, windKnots: 26, gustKnots: 34, waveM: 2.1, warnings: [] }] }], calm: { windKnots: 7, gustKnots: 11, waveM: 0.3 } }));
  fake = await startStripeFake();
  services = await createTestServices({ PAYMENTS_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_fee", STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_BASE: fake.url, WEATHER_FIXTURE_FILE: forecast });
  ownerUid = (await createOwner(services, { displayName: "Armadora Tarifa" })).uid;
  boatId = (await createBoat(services, ownerUid, { title: "Llaüt Sa Dragonera", instantBooking: true, dayPriceCents: 300_00, skipper: { mode: "optional", dailyPriceCents: 150_00 } })).id;
}, 120_000);
afterAll(async () => {
  await services?.close();
  await fake?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The renter pays at the fake's Checkout; Stripe's signed event reaches the app's webhook. */
async function pay(booking: Booking): Promise<Booking> {
  const payload = JSON.stringify(fake.completeCheckout(booking.money.reference!));
  const answer = await services.paymentWebhooks!.handle({ rawBody: payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) });
  expect(answer.status).toBe(200);
  return (await services.bookings.getFor(booking.id, ownerUid))!.booking;
}

const day = (n: number) => addDays(today(new Date()), n);
const book = (renter: string, lang: string, start: string, end: string, withSkipper = false) => services.bookings.book({ uid: renter, lang }, boatId, { start, end, part: null, people: 2, withSkipper });
const linesOf = (booking: Booking) => fake.sessions.get(booking.money.checkoutId!)!._lines as Array<{ name: string; amount: number; quantity: number }>;
const refundedOn = (intent: string) => [...fake.refunds.values()].filter((r) => r.payment_intent === intent && r.status === "succeeded").map((r) => r.amount as number).sort((a, b) => a - b);

describe("the service fee in Stripe mode", { timeout: 60_000 }, () => {
  it("one Checkout, two lines in the renter's language (the rental, with the skipper when chosen, and Amarre's fee) summing to what is held", async () => {
    const cases = [
      { lang: "es" as const, start: day(50), end: day(51), skipper: true, rental: "Alquiler con patrón: Llaüt Sa Dragonera", fee: "Tarifa de servicio de Amarre", owner: 900_00 },
      { lang: "en" as const, start: day(54), end: day(54), skipper: false, rental: "Rental: Llaüt Sa Dragonera", fee: "Amarre service fee", owner: 300_00 },
      { lang: "fr" as const, start: day(57), end: day(59), skipper: false, rental: "Location : Llaüt Sa Dragonera", fee: "Frais de service Amarre", owner: 900_00 },
      { lang: "de" as const, start: day(62), end: day(62), skipper: true, rental: "Miete mit Skipper: Llaüt Sa Dragonera", fee: "Amarre-Servicegebühr", owner: 450_00 },
    ];
    for (const c of cases) {
      const booked = await book(`fee-renter-${c.lang}`, c.lang, c.start, c.end, c.skipper);
      const fee = c.owner / 10;
      expect([c.lang, booked.price.ownerCents, booked.price.serviceFeeCents, booked.price.totalCents]).toEqual([c.lang, c.owner, fee, c.owner + fee]);
      const session = fake.sessions.get(booked.money.checkoutId!)!;
      expect(session.amount_total).toBe(c.owner + fee);
      const lines = linesOf(booked);
      expect(lines.map((l) => [l.amount, l.quantity])).toEqual([[c.owner, 1], [fee, 1]]);
      // "<rental>: <title>, <the days as the renter reads them>" (their exact words: checkout-lines.test.ts).
      const days = c.start === c.end ? formatDay(c.start, c.lang) : `${formatDay(c.start, c.lang)} – ${formatDay(c.end, c.lang)}`;
      expect(lines.map((l) => l.name)).toEqual([`${c.rental}, ${days}`, c.fee]);
    }
  });

  it("the same authorisation again sends the same lines (Stripe replays it); lines that do not sum to the amount are refused before Stripe", async () => {
    const payments = createStripePayments({ secretKey: "sk_test_fee", apiBase: fake.url, maxNetworkRetries: 0 });
    const input = {
      key: "fee-retry:booking",
      bookingId: "fee-retry",
      purpose: "booking" as const,
      amountCents: 330_00,
      customer: { uid: "u-retry", email: null, name: null },
      returnUrl: "https://amarre.test/ajustes/mis-reservas/fee-retry",
      lines: [{ name: "Alquiler: Llaüt, 14 abr 2027", amountCents: 300_00 }, { name: "Tarifa de servicio de Amarre", amountCents: 30_00 }],
    };
    const first = await payments.authorize(input);
    const again = await payments.authorize(input);
    expect(again.reference).toBe(first.reference);
    expect(fake.requests.filter((r) => r.idempotencyKey === input.key).map((r) => [r.status, r.replayed])).toEqual([[200, false], [200, true]]);
    const before = fake.sessions.size;
    const short = await payments.authorize({ ...input, key: "fee-short:booking", lines: [{ name: "Alquiler", amountCents: 300_00 }] }).catch((error: unknown) => error);
    expect(short).toBeInstanceOf(PaymentsError);
    expect(short).toMatchObject({ kind: "refused" });
    expect(fake.sessions.size).toBe(before);
    // The lines are part of what the key stands for: other lines under the same key are Stripe's conflict.
    const renamed = await payments.authorize({ ...input, lines: [{ ...input.lines[0]!, name: "Alquiler: otro barco" }, input.lines[1]!] }).catch((error: unknown) => error);
    expect(renamed).toMatchObject({ kind: "conflict" });
  });

  it("confirmed: the platform issues the fee's invoice (series F); the renter cancels: the policy's share of the rental refunded, the fee kept", async () => {
    const booked = await pay(await book("fee-renter-cancels", "es", day(40), day(40)));
    expect(booked.status).toBe("confirmed");
    const fee = booked.price.serviceFeeCents;
    const invoices = await services.invoices.forBooking(booked.id);
    const feeInvoice = invoices.find((i) => i.kind === "fee");
    expect(feeInvoice).toMatchObject({ series: "F", totalCents: fee, seller: { uid: null, name: services.config.INVOICE_ISSUER_NAME }, buyer: { uid: "fee-renter-cancels" } });
    expect(invoices.find((i) => i.kind === "rental")).toMatchObject({ seller: { uid: ownerUid }, totalCents: booked.price.ownerCents });

    const intent = booked.money.reference!;
    const cancelled = (await services.bookings.act(booked.id, "fee-renter-cancels", "renter", "cancel")).booking;
    expect(cancelled.cancellation).toMatchObject({ by: "renter", feeRefundCents: 0 });
    const rentalBack = cancelled.cancellation!.rentalRefundCents;
    expect(rentalBack).toBeGreaterThan(0);
    expect(refundedOn(intent)).toEqual([rentalBack]);
    expect(fake.paymentIntents.get(intent)).toMatchObject({ amount_received: booked.price.totalCents });
    expect((await services.invoices.forBooking(booked.id)).filter((i) => i.kind === "corrective").map((i) => i.corrects?.id)).toEqual([`${booked.id}_rental`]);
  });

  it("the owner cancels: the rental and the fee refunded, the fee's invoice corrected", async () => {
    const booked = await pay(await book("fee-renter-owner", "en", day(44), day(45), true));
    const intent = booked.money.reference!;
    const cancelled = (await services.bookings.act(booked.id, ownerUid, "owner", "cancel")).booking;
    expect(cancelled.cancellation).toMatchObject({ by: "owner", rentalRefundCents: booked.price.ownerCents, feeRefundCents: booked.price.serviceFeeCents });
    expect(refundedOn(intent)).toEqual([booked.price.serviceFeeCents, booked.price.ownerCents]);
    const corrective = (await services.invoices.forBooking(booked.id)).filter((i) => i.kind === "corrective");
    expect(corrective.map((i) => [i.corrects?.id, i.series, i.totalCents]).sort()).toEqual(
      [
        [`${booked.id}_fee`, "R", -booked.price.serviceFeeCents],
        [`${booked.id}_rental`, expect.any(String), -booked.price.ownerCents],
      ].sort(),
    );
  });

  it("cancelled for the weather by the renter: everything refunded, the fee included", async () => {
    const booked = await pay(await book("fee-renter-weather", "fr", day(3), day(3)));
    const intent = booked.money.reference!;
    const cancelled = (await services.bookings.cancelForWeather(booked.id, "fee-renter-weather", "renter")).booking;
    expect(cancelled.cancellation).toMatchObject({ rule: "weather", rentalRefundCents: booked.price.ownerCents, feeRefundCents: booked.price.serviceFeeCents });
    expect(refundedOn(intent)).toEqual([booked.price.serviceFeeCents, booked.price.ownerCents]);
    expect(refundedOn(intent).reduce((a, b) => a + b, 0)).toBe(booked.price.totalCents);
  });
});
