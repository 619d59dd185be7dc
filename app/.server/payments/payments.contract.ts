/**
 * The payments contract: one suite every adapter of the payments port passes
 * (`payments.test.ts` runs it on `recorded` and on `stripe` against the local fake of Stripe).
 * It holds the port's promises as the booking domain relies on them:
 * - an authorisation is `direct` exactly when the adapter does not charge; a charging adapter
 *   answers `redirect` (the renter acts at Checkout) for a booking and `authorised` for a deposit;
 * - a checkout's completion names the checkout by the authorisation's reference, with the booking,
 *   amount and currency it was opened for (what the bookings compare before applying it);
 * - every call is idempotent by its key: repeated, it answers the same and moves money once;
 * - a charging adapter never takes more than is held, nor returns more than was taken, never
 *   captures what was let go, and says why with a `PaymentsError`;
 * - a transfer to an owner without a connected account is recorded, never refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPaymentsError, type PaymentsErrorKind } from "./errors";
import type { Authorization, PaymentsPort } from "./index";

export interface PaymentsHarness {
  payments: PaymentsPort;
  /**
   * What the renter does after a booking's authorisation (paying at Checkout for `redirect`);
   * answers the reference the booking holds from then on (for Stripe: the PaymentIntent the
   * webhook hands over).
   */
  completeAuthorization(authorization: Authorization): Promise<string>;
  /**
   * What the provider's event says when the renter completes a booking's checkout, as the
   * webhook reads it (adapters that answer `redirect` only): the checkout, the booking it names,
   * the amount and currency paid. The bookings apply it only when these match (decision 024).
   */
  completion?(authorization: Authorization): Promise<{ checkout: string; bookingId: string; amountCents: number | null; currency: string | null }>;
  /** Money the provider really moved for a reference (charging adapters only). */
  moved?(reference: string): Promise<{ held: number; captured: number; refunded: number }>;
  cleanup(): Promise<void>;
}

const customer = { uid: "renter-1", email: "renter@amarre.test", name: "Zoë Łukasz" };
let sequence = 0;
const fresh = (what: string) => `contract-${Date.now().toString(36)}-${++sequence}-${what}`;

/** The kind of `PaymentsError` a call was refused with (the contract suites' shared check). */
export async function refusal(promise: Promise<unknown>): Promise<PaymentsErrorKind> {
  try {
    await promise;
  } catch (error) {
    if (isPaymentsError(error)) return error.kind;
    throw error;
  }
  throw new Error("expected the call to be refused");
}

export function describePaymentsContract(name: string, setup: () => Promise<PaymentsHarness>) {
  describe(`payments contract: ${name}`, () => {
    let h: PaymentsHarness;
    let payments: PaymentsPort;
    beforeAll(async () => {
      h = await setup();
      payments = h.payments;
    });
    afterAll(async () => {
      await h?.cleanup();
    });

    /** A booking's authorisation the renter has completed: its reference. */
    async function heldBooking(amountCents: number, bookingId = fresh("booking")) {
      const authorization = await payments.authorize({
        key: `${bookingId}:authorize`,
        bookingId,
        purpose: "booking",
        amountCents,
        customer,
        returnUrl: `https://amarre.test/ajustes/mis-reservas/${bookingId}`,
      });
      return { bookingId, authorization, reference: await h.completeAuthorization(authorization) };
    }

    it("names its provider and says whether it charges", () => {
      expect(["recorded", "stripe"]).toContain(payments.provider);
      expect(payments.charges).toBe(payments.provider !== "recorded");
    });

    it("authorises a booking: direct without charging, else a redirect to pay with its expiry", async () => {
      const before = Date.now();
      const { authorization, reference } = await heldBooking(123_200);
      expect(typeof authorization.reference).toBe("string");
      expect(authorization.reference.length).toBeGreaterThan(0);
      if (!payments.charges) {
        expect(authorization.kind).toBe("direct");
        return;
      }
      expect(authorization.kind).toBe("redirect");
      if (authorization.kind !== "redirect") return;
      expect(authorization.url).toMatch(/^https?:\/\//);
      const expires = Date.parse(authorization.expiresAt);
      expect(expires).toBeGreaterThanOrEqual(before + 30 * 60_000);
      expect(expires).toBeLessThanOrEqual(Date.now() + 40 * 60_000);
      expect(await h.moved!(reference)).toEqual({ held: 123_200, captured: 0, refunded: 0 });
    });

    it("a booking's checkout, once completed, is named by the provider's event as the authorisation's reference, for that booking, amount and currency", async () => {
      const bookingId = fresh("booking");
      const authorization = await payments.authorize({ key: `${bookingId}:authorize`, bookingId, purpose: "booking", amountCents: 77_700, customer, returnUrl: "https://amarre.test/r" });
      if (authorization.kind !== "redirect") return;
      expect(await h.completion!(authorization)).toEqual({ checkout: authorization.reference, bookingId, amountCents: 77_700, currency: "eur" });
    });

    it("a booking's checkout with its lines (the rental, the fee) holds their sum, and the event names that sum; lines that miss the amount are refused where money moves", async () => {
      const bookingId = fresh("booking");
      const lines = [{ name: "Alquiler: Llaüt, 14 abr 2027", amountCents: 60_000 }, { name: "Tarifa de servicio de Amarre", amountCents: 6_000 }];
      const authorization = await payments.authorize({ key: `${bookingId}:authorize`, bookingId, purpose: "booking", amountCents: 66_000, customer, returnUrl: "https://amarre.test/r", lines });
      const wrong = { key: `${bookingId}:wrong`, bookingId, purpose: "booking" as const, amountCents: 66_001, customer, returnUrl: "https://amarre.test/r", lines };
      // Without a provider nothing is held, so there is nothing for the lines to disagree with.
      if (authorization.kind !== "redirect") return void expect(await payments.authorize(wrong)).toMatchObject({ kind: "direct" });
      expect(await h.completion!(authorization)).toEqual({ checkout: authorization.reference, bookingId, amountCents: 66_000, currency: "eur" });
      expect(await refusal(payments.authorize(wrong))).toBe("refused");
    });

    it("answers the same authorisation for the same key, once", async () => {
      const bookingId = fresh("booking");
      const input = { key: `${bookingId}:authorize`, bookingId, purpose: "booking" as const, amountCents: 45_000, customer, returnUrl: "https://amarre.test/r" };
      const first = await payments.authorize(input);
      const again = await payments.authorize(input);
      expect(again).toEqual(first);
    });

    it("captures at most what is held, once per key", async () => {
      const { reference } = await heldBooking(50_000);
      const captured = await payments.capture({ key: `${reference}:capture`, reference, amountCents: 40_000 });
      const again = await payments.capture({ key: `${reference}:capture`, reference, amountCents: 40_000 });
      expect(again).toEqual(captured);
      if (payments.charges) expect(await h.moved!(reference)).toMatchObject({ captured: 40_000 });
    });

    it("refuses to capture more than is held", async () => {
      const { reference } = await heldBooking(50_000);
      if (!payments.charges) {
        await expect(payments.capture({ key: `${reference}:capture`, reference, amountCents: 50_000 })).resolves.toBeTruthy();
        return;
      }
      expect(await refusal(payments.capture({ key: `${reference}:capture`, reference, amountCents: 50_001 }))).toBe("refused");
      expect(await h.moved!(reference)).toMatchObject({ captured: 0 });
      // Still held: the right amount can be taken afterwards, under another key.
      await payments.capture({ key: `${reference}:capture-2`, reference, amountCents: 50_000 });
      expect(await h.moved!(reference)).toMatchObject({ captured: 50_000 });
    });

    it("cancels an authorisation: nothing charged, nothing capturable after, cancelling again is harmless", async () => {
      const { reference } = await heldBooking(30_000);
      await payments.cancel({ key: `${reference}:cancel`, reference });
      await payments.cancel({ key: `${reference}:cancel`, reference });
      await payments.cancel({ key: `${reference}:cancel-again`, reference });
      if (!payments.charges) return;
      expect(await h.moved!(reference)).toEqual({ held: 0, captured: 0, refunded: 0 });
      expect(await refusal(payments.capture({ key: `${reference}:capture`, reference, amountCents: 1_000 }))).toBe("refused");
    });

    it("cancels a booking whose renter has not paid yet (the Checkout expires)", async () => {
      const bookingId = fresh("booking");
      const authorization = await payments.authorize({ key: `${bookingId}:authorize`, bookingId, purpose: "booking", amountCents: 20_000, customer, returnUrl: "https://amarre.test/r" });
      await expect(payments.cancel({ key: `${bookingId}:cancel`, reference: authorization.reference })).resolves.toBeUndefined();
    });

    it("refuses to cancel what was captured", async () => {
      const { reference } = await heldBooking(30_000);
      await payments.capture({ key: `${reference}:capture`, reference, amountCents: 30_000 });
      if (!payments.charges) return;
      expect(await refusal(payments.cancel({ key: `${reference}:cancel`, reference }))).toBe("refused");
    });

    it("refunds part of a capture, once per key, and never more than was taken", async () => {
      const { reference } = await heldBooking(112_000);
      await payments.capture({ key: `${reference}:capture`, reference, amountCents: 112_000 });
      const first = await payments.refund({ key: `${reference}:refund-rental`, reference, amountCents: 100_000, reason: "policy 100% (renter cancelled 10 days before)" });
      const again = await payments.refund({ key: `${reference}:refund-rental`, reference, amountCents: 100_000, reason: "policy 100% (renter cancelled 10 days before)" });
      expect(again).toEqual(first);
      if (!payments.charges) return;
      expect(await h.moved!(reference)).toMatchObject({ captured: 112_000, refunded: 100_000 });
      expect(await refusal(payments.refund({ key: `${reference}:refund-too-much`, reference, amountCents: 12_001, reason: "too much" }))).toBe("refused");
      await payments.refund({ key: `${reference}:refund-fee`, reference, amountCents: 12_000, reason: "owner cancelled" });
      expect(await h.moved!(reference)).toMatchObject({ refunded: 112_000 });
      expect(await refusal(payments.refund({ key: `${reference}:refund-more`, reference, amountCents: 1, reason: "nothing left" }))).toBe("refused");
    });

    it("refuses to refund what was only held", async () => {
      const { reference } = await heldBooking(10_000);
      const attempt = payments.refund({ key: `${reference}:refund`, reference, amountCents: 5_000, reason: "x" });
      if (!payments.charges) return void (await attempt);
      expect(await refusal(attempt)).toBe("refused");
    });

    it("holds a deposit on the booking's card, then captures part of it or lets it go", async () => {
      const { bookingId, reference } = await heldBooking(80_000);
      const deposit = await payments.authorize({ key: `${bookingId}:deposit`, bookingId, purpose: "deposit", amountCents: 50_000, customer, returnUrl: "https://amarre.test/r", paymentReference: reference });
      expect(deposit.kind).toBe(payments.charges ? "authorised" : "direct");
      const again = await payments.authorize({ key: `${bookingId}:deposit`, bookingId, purpose: "deposit", amountCents: 50_000, customer, returnUrl: "https://amarre.test/r", paymentReference: reference });
      expect(again).toEqual(deposit);
      if (payments.charges) {
        expect(deposit.reference).not.toBe(reference);
        expect(await h.moved!(deposit.reference)).toEqual({ held: 50_000, captured: 0, refunded: 0 });
      }
      // The owner's claim: part of it is taken, the rest is released.
      await payments.capture({ key: `${bookingId}:claim`, reference: deposit.reference, amountCents: 15_000 });
      if (payments.charges) expect(await h.moved!(deposit.reference)).toMatchObject({ captured: 15_000 });

      // Another trip: a clean return lets the deposit go.
      const second = await heldBooking(80_000);
      const released = await payments.authorize({ key: `${second.bookingId}:deposit`, bookingId: second.bookingId, purpose: "deposit", amountCents: 50_000, customer, returnUrl: "https://amarre.test/r", paymentReference: second.reference });
      await payments.cancel({ key: `${second.bookingId}:release`, reference: released.reference });
      if (payments.charges) expect(await h.moved!(released.reference)).toEqual({ held: 0, captured: 0, refunded: 0 });
    });

    it("refuses a deposit without the booking's payment when it charges", async () => {
      const bookingId = fresh("booking");
      const attempt = payments.authorize({ key: `${bookingId}:deposit`, bookingId, purpose: "deposit", amountCents: 50_000, customer, returnUrl: "https://amarre.test/r", paymentReference: null });
      if (!payments.charges) return void expect((await attempt).kind).toBe("direct");
      expect(await refusal(attempt)).toBe("refused");
    });

    it("transfers the owner's share to their account, once per key; without an account it is recorded, not refused", async () => {
      const bookingId = fresh("booking");
      const paid = await payments.transfer({ key: `${bookingId}:payout`, bookingId, amountCents: 100_800, destination: "acct_1OwnerDemo" });
      const again = await payments.transfer({ key: `${bookingId}:payout`, bookingId, amountCents: 100_800, destination: "acct_1OwnerDemo" });
      expect(again).toEqual(paid);
      const byHand = await payments.transfer({ key: `${bookingId}:payout-2`, bookingId, amountCents: 100_800, destination: null });
      expect(byHand.reference.length).toBeGreaterThan(0);
      expect(byHand.reference).not.toBe(paid.reference);
    });

    it("refuses amounts that are not positive whole cents when it charges", async () => {
      const { reference } = await heldBooking(10_000);
      for (const amountCents of [0, -5, 10.5]) {
        const attempt = payments.capture({ key: `${reference}:capture-${amountCents}`, reference, amountCents });
        if (!payments.charges) await attempt;
        else expect(await refusal(attempt)).toBe("refused");
      }
    });
  });
}
