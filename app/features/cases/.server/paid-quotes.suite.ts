import { afterAll, beforeAll, expect, it } from "vitest";
import type { BlobStore } from "#app/.server/blobs";
import { createRecordedPayments, type PaymentsAdapter } from "#app/.server/payments";
import { createStripePayments } from "#app/.server/payments/stripe";
import { readStripeEvent } from "#app/.server/payments/stripe-events";
import type { DocumentStore } from "#app/.server/store";
import { startStripeFake, type StripeFake } from "#tests/stripe-fake/server";
import { createInvoicesService } from "#app/features/invoices/.server";
import { CaseError, madridDay, type Case } from "./model";
import { createCasesService, type CaseEvent, type Viewer } from "./service";

/**
 * Paid quotes (decision 054), run on each store (SQLite and Firestore), with the Stripe adapter
 * against the local fake of Stripe and with the recorded one: accepting opens a Checkout and the
 * provider's event about it starts the work once; refunds up to what was paid, each with its
 * corrective invoice, a double press refunding once; the scheduler's pass moving a quote past its
 * day back to review once, with one email; and a payment that completes while the quote expires.
 */
export function paidQuotesSuite(get: () => { store: DocumentStore; blobs: BlobStore }) {
  const admin: Viewer = { uid: "team-1", role: "admin" };
  const requester: Viewer = { uid: "req-1", role: "user" };
  let fake: StripeFake;
  let clock = new Date();
  beforeAll(async () => {
    fake = await startStripeFake();
  });
  afterAll(() => fake?.close());

  function setup(mode: "stripe" | "recorded") {
    const { store, blobs } = get();
    const events: Array<[CaseEvent, string]> = [];
    const invoices = createInvoicesService({ store, users: { getMany: async () => new Map() }, subjectTitle: async () => "—", platform: { name: "Amarre Marketplace S.L.", taxId: "B67294813", address: "Passeig Marítim 32, Palma" }, now: () => clock });
    // Stripe's clock is the real one (the fake checks Checkout's expiry against it); the cases' may run ahead.
    const payments: PaymentsAdapter = mode === "stripe" ? createStripePayments({ secretKey: "sk_test_quotes", apiBase: fake.url, maxNetworkRetries: 0 }) : createRecordedPayments();
    const cases = createCasesService({
      store,
      blobs,
      now: () => clock,
      notify: async (event, item) => void events.push([event, item.id]),
      invoiceQuote: async (item, quote) =>
        void (await invoices.issueForCaseQuote({ caseId: item.id, reference: item.reference, caseType: item.type, n: quote.n, requesterUid: item.requesterUid!, requesterName: item.contact.name, title: "ITB", description: quote.description, amountCents: quote.amountCents, acceptedAt: quote.answeredAt! })),
      payments,
      quoteReturnUrl: (item, lang) => `https://amarre.test/${lang}/ajustes/mis-gestiones/${item.id}`,
      correctQuote: async (item, quote, refund) => void (await invoices.correctForCaseQuoteRefund({ caseId: item.id, n: quote.n, k: refund.k, amountCents: refund.amountCents, at: refund.doneAt! })),
    });
    const count = (event: CaseEvent, id: string) => events.filter(([e, i]) => e === event && i === id).length;
    return { cases, invoices, events, count, store };
  }

  async function quoted(cases: ReturnType<typeof setup>["cases"], amountCents = 12_100, validDays = 10) {
    const item = await cases.create({ type: "itb-barco", requesterUid: requester.uid, contact: { name: "Lucía Martín", email: "lucia@amarre.test", phone: null }, details: { boatName: "Brisa" }, lang: "en" });
    await cases.move(item.id, admin, "in_review", "");
    await cases.sendQuote(item.id, admin, { amountCents, description: "ITB with the fees", validUntil: madridDay(new Date(clock.getTime() + validDays * 86_400_000)) });
    return item.id;
  }

  /** The requester pays at Checkout; the event Stripe sends, as the webhook reads it. */
  function pay(checkout: string) {
    const read = readStripeEvent(JSON.stringify(fake.completeCheckout(checkout)));
    if (read.kind !== "case-checkout") throw new Error(`the completion was read as ${read.kind}`);
    return { caseId: read.caseId, quoteN: read.quoteN, checkout: read.checkout.id, reference: read.checkout.paymentIntent!, amountCents: read.checkout.amountCents, currency: read.checkout.currency };
  }

  async function refusal(promise: Promise<unknown>) {
    try {
      await promise;
    } catch (error) {
      if (error instanceof CaseError) return { code: error.code, reason: error.reason };
      throw error;
    }
    throw new Error("expected a refusal");
  }

  const checkoutOf = (item: Case) => item.quotes.at(-1)!.payment!;

  it("Stripe: accepting opens one Checkout (automatic capture, the quote's line, case and quote in metadata); its signed completion starts the work once, invoiced and emailed once", async () => {
    clock = new Date();
    const { cases, invoices, count } = setup("stripe");
    const id = await quoted(cases);
    const opened = await cases.acceptQuote(id, requester, 1, { lang: "fr", email: "lucia@amarre.test" });
    expect(opened.status).toBe("quoted");
    const payment = checkoutOf(opened);
    expect(payment).toMatchObject({ mode: "provider", attempt: 1, paidAt: null });
    expect(payment.url).toContain(`/pay/${payment.checkoutId}`);
    const request = fake.requests.find((r) => r.operation === "POST /v1/checkout/sessions" && r.idempotencyKey === `case_${id}_quote_1_checkout_1`)!;
    expect(request.params).toMatchObject({
      mode: "payment",
      metadata: { caseId: id, quote: "1" },
      payment_intent_data: { capture_method: "automatic", metadata: { caseId: id, quote: "1" } },
      line_items: { 0: { quantity: "1", price_data: { currency: "eur", unit_amount: "12100", product_data: { name: "ITB with the fees" } } } },
      success_url: `https://amarre.test/fr/ajustes/mis-gestiones/${id}?checkout=complete`,
      cancel_url: `https://amarre.test/fr/ajustes/mis-gestiones/${id}?checkout=cancelled`,
    });
    // A second press while it is open sends them to the same Checkout, asking Stripe nothing.
    const sessions = fake.requests.filter((r) => r.operation === "POST /v1/checkout/sessions").length;
    expect(checkoutOf(await cases.acceptQuote(id, requester, 1)).checkoutId).toBe(payment.checkoutId);
    expect(fake.requests.filter((r) => r.operation === "POST /v1/checkout/sessions").length).toBe(sessions);
    expect(count("quote-accepted", id)).toBe(0);
    expect(await invoices.getFor(`case_${id}_quote_1`, requester)).toBeNull();

    const paid = pay(payment.checkoutId!);
    expect(fake.paymentIntents.get(paid.reference)).toMatchObject({ status: "succeeded", amount_received: 12_100 });
    // Another checkout, or the right one for another amount, never applies.
    expect(await cases.quotePaid({ ...paid, checkout: "cs_test_someone_else" })).toBe("other-checkout");
    expect(await cases.quotePaid({ ...paid, amountCents: 100 })).toBe("other-amount");
    expect(await cases.quotePaid({ ...paid, caseId: "ZZZZZZZZZZZZZZZZZZZZ" })).toBe("unknown-case");
    expect((await cases.getFor(id, admin))!.item.status).toBe("quoted");
    expect(await cases.quotePaid(paid)).toBe("applied");
    expect(await cases.quotePaid(paid)).toBe("applied");
    const working = (await cases.getFor(id, admin))!.item;
    expect(working.status).toBe("in_progress");
    expect(working.quotes[0]).toMatchObject({ status: "accepted", payment: { reference: paid.reference, amountCents: 12_100, url: null } });
    expect(working.history.at(-1)).toMatchObject({ from: "quoted", to: "in_progress", by: "requester", quote: { n: 1, event: "paid", amountCents: 12_100 } });
    expect(await invoices.getFor(`case_${id}_quote_1`, requester)).toMatchObject({ series: "F", totalCents: 12_100 });
    expect(count("quote-accepted", id)).toBe(1);
  });

  it("Stripe: a Checkout that ran out (its expired event) is no longer offered; accepting again opens the next attempt, paid as the first", async () => {
    clock = new Date();
    const { cases, count } = setup("stripe");
    const id = await quoted(cases);
    const first = checkoutOf(await cases.acceptQuote(id, requester, 1)).checkoutId!;
    const read = readStripeEvent(JSON.stringify(fake.expireCheckout(first)));
    if (read.kind !== "case-checkout") throw new Error(`read as ${read.kind}`);
    expect(await cases.quoteCheckoutExpired({ caseId: read.caseId, quoteN: read.quoteN, checkout: read.checkout.id })).toBe("applied");
    expect(await cases.quoteCheckoutExpired({ caseId: id, quoteN: 1, checkout: "cs_test_someone_else" })).toBe("other-checkout");
    expect(checkoutOf((await cases.getFor(id, admin))!.item)).toMatchObject({ checkoutId: first, url: null, attempt: 1 });
    const again = checkoutOf(await cases.acceptQuote(id, requester, 1));
    expect(again).toMatchObject({ attempt: 2, url: expect.stringContaining("/pay/") });
    expect(again.checkoutId).not.toBe(first);
    expect(fake.requests.some((r) => r.idempotencyKey === `case_${id}_quote_1_checkout_2`)).toBe(true);
    // The first checkout's completion can no longer come; the second's starts the work.
    expect(await cases.quotePaid(pay(again.checkoutId!))).toBe("applied");
    expect((await cases.getFor(id, admin))!.item.status).toBe("in_progress");
    expect(count("quote-accepted", id)).toBe(1);
  });

  it("Stripe: a quote declined or replaced has its open Checkout closed at Stripe", async () => {
    clock = new Date();
    const { cases } = setup("stripe");
    const declined = await quoted(cases);
    const first = checkoutOf(await cases.acceptQuote(declined, requester, 1)).checkoutId!;
    await cases.declineQuote(declined, requester, 1, "Too expensive");
    expect(fake.sessions.get(first)!.status).toBe("expired");
    const replaced = await quoted(cases);
    const second = checkoutOf(await cases.acceptQuote(replaced, requester, 1)).checkoutId!;
    await cases.sendQuote(replaced, admin, { amountCents: 9_000, description: "Cheaper", validUntil: madridDay(new Date(clock.getTime() + 5 * 86_400_000)) });
    expect(fake.sessions.get(second)!.status).toBe("expired");
  });

  it("Stripe: two refunds up to what was paid, each the provider's refund and an R invoice naming the quote; a third is refused; a double press refunds once", async () => {
    clock = new Date();
    const { cases, invoices, count } = setup("stripe");
    const id = await quoted(cases);
    const paid = pay(checkoutOf(await cases.acceptQuote(id, requester, 1)).checkoutId!);
    await cases.quotePaid(paid);
    expect(await refusal(cases.refundQuote(id, admin, { n: 1, k: 1, amountCents: 12_101, reason: "Work not done" }))).toEqual({ code: "refund-amount", reason: "12100" });
    expect(await refusal(cases.refundQuote(id, admin, { n: 1, k: 1, amountCents: 3_000, reason: "  " }))).toMatchObject({ code: "invalid", reason: "reason" });
    // Two team members (or a double press) with the same form at once: refunded once.
    await Promise.all([cases.refundQuote(id, admin, { n: 1, k: 1, amountCents: 3_000, reason: "Fees lower than quoted" }), cases.refundQuote(id, admin, { n: 1, k: 1, amountCents: 3_000, reason: "Fees lower than quoted" })]);
    const refunds = () => [...fake.refunds.values()].filter((r) => r.payment_intent === paid.reference);
    expect(refunds().map((r) => r.amount)).toEqual([3_000]);
    expect(count("quote-refunded", id)).toBe(1);
    expect(await refusal(cases.refundQuote(id, admin, { n: 1, k: 3, amountCents: 100, reason: "Old page" }))).toMatchObject({ code: "stale-refund" });
    expect(await refusal(cases.refundQuote(id, admin, { n: 1, k: 2, amountCents: 9_101, reason: "Too much" }))).toEqual({ code: "refund-amount", reason: "9100" });
    const item = await cases.refundQuote(id, admin, { n: 1, k: 2, amountCents: 9_100, reason: "Work cancelled" });
    expect(refunds().map((r) => r.amount)).toEqual([3_000, 9_100]);
    expect(fake.requests.filter((r) => r.operation === "POST /v1/refunds").map((r) => r.idempotencyKey)).toEqual(expect.arrayContaining([`case_${id}_quote_1_refund_1`, `case_${id}_quote_1_refund_2`]));
    expect(item.quotes[0]!.refunds).toMatchObject([{ k: 1, amountCents: 3_000, state: "done" }, { k: 2, amountCents: 9_100, state: "done" }]);
    expect(item.history.filter((entry) => entry.quote?.event === "refunded").map((entry) => [entry.quote!.amountCents, entry.comment])).toEqual([[3_000, "Fees lower than quoted"], [9_100, "Work cancelled"]]);
    expect(await refusal(cases.refundQuote(id, admin, { n: 1, k: 3, amountCents: 1, reason: "Third" }))).toEqual({ code: "refund-amount", reason: "0" });
    expect(refunds()).toHaveLength(2);
    const original = await invoices.getFor(`case_${id}_quote_1`, requester);
    for (const [k, cents] of [[1, 3_000], [2, 9_100]] as const) {
      expect(await invoices.getFor(`case_${id}_quote_1_R${k}`, requester)).toMatchObject({
        series: "R",
        kind: "corrective",
        totalCents: -cents,
        corrects: { id: original!.id, number: original!.number },
        reason: { rule: "quote-refund", quote: { n: 1, refund: k } },
        lines: [{ kind: "paperwork", amountCents: -cents, description: "ITB with the fees" }],
      });
    }
    expect(count("quote-refunded", id)).toBe(2);
  });

  it("recorded: accepting starts the work at once (paid outside Amarre); a refund is the recorded adapter's and an R invoice", async () => {
    clock = new Date();
    const { cases, invoices, count } = setup("recorded");
    const id = await quoted(cases);
    const accepted = await cases.acceptQuote(id, requester, 1);
    expect(accepted.status).toBe("in_progress");
    expect(checkoutOf(accepted)).toMatchObject({ mode: "direct", checkoutId: null, url: null, reference: `rec_case_${id}_quote_1_checkout_1` });
    expect(count("quote-accepted", id)).toBe(1);
    const refunded = await cases.refundQuote(id, admin, { n: 1, k: 1, amountCents: 2_100, reason: "Fees lower" });
    expect(refunded.quotes[0]!.refunds![0]).toMatchObject({ state: "done", reference: `rec_case_${id}_quote_1_refund_1` });
    expect(await invoices.getFor(`case_${id}_quote_1_R1`, requester)).toMatchObject({ series: "R", totalCents: -2_100 });
  });

  it("the scheduler's pass moves a quote past its day back to review once, with one email, on passes at once and again", async () => {
    clock = new Date();
    const { cases, count } = setup("recorded");
    const id = await quoted(cases, 5_000, 2);
    const fresh = await quoted(cases, 5_000, 20);
    clock = new Date(clock.getTime() + 4 * 86_400_000);
    await Promise.all([cases.applyDue(), cases.applyDue()]);
    await cases.applyDue();
    const item = (await cases.getFor(id, admin))!.item;
    expect(item.status).toBe("in_review");
    expect(item.quotes[0]!.status).toBe("expired");
    expect(item.history.at(-1)).toMatchObject({ from: "quoted", to: "in_review", byUid: null, quote: { n: 1, event: "expired" } });
    expect(item.history.filter((entry) => entry.quote?.event === "expired")).toHaveLength(1);
    expect(count("quote-expired", id)).toBe(1);
    expect((await cases.getFor(fresh, admin))!.item.status).toBe("quoted");
    // The team quotes again from review.
    expect((await cases.sendQuote(id, admin, { amountCents: 6_000, description: "New quote", validUntil: madridDay(new Date(clock.getTime() + 5 * 86_400_000)) })).status).toBe("quoted");
  });

  it("Stripe: a quote whose Checkout is paid while it expires is paid, not expired; one expired first closes its Checkout", async () => {
    clock = new Date();
    const { cases, count } = setup("stripe");
    const racing = await quoted(cases, 7_000, 1);
    const checkout = checkoutOf(await cases.acceptQuote(racing, requester, 1)).checkoutId!;
    // Paid at Stripe; its event has not arrived when the pass runs.
    const paid = pay(checkout);
    const closed = await quoted(cases, 8_000, 1);
    const late = checkoutOf(await cases.acceptQuote(closed, requester, 1)).checkoutId!;
    clock = new Date(clock.getTime() + 3 * 86_400_000);
    await cases.applyDue();
    const paidCase = (await cases.getFor(racing, admin))!.item;
    expect(paidCase.status).toBe("in_progress");
    expect(paidCase.quotes[0]).toMatchObject({ status: "accepted", payment: { reference: paid.reference } });
    expect([count("quote-accepted", racing), count("quote-expired", racing)]).toEqual([1, 0]);
    // Its event arrives after: applied already, nothing again.
    expect(await cases.quotePaid(paid)).toBe("applied");
    expect(count("quote-accepted", racing)).toBe(1);

    const expired = (await cases.getFor(closed, admin))!.item;
    expect(expired.status).toBe("in_review");
    expect(fake.sessions.get(late)!.status).toBe("expired");
    expect(() => fake.completeCheckout(late)).toThrow(/not open/);
    expect(await refusal(cases.acceptQuote(closed, requester, 1))).toMatchObject({ code: "stale-quote" });
    expect(count("quote-expired", closed)).toBe(1);
  });

  it("the reconciliation's read: quotes paid through Stripe whose payment or refunds changed since a moment, those of the cases named again; not those paid outside Amarre", async () => {
    // Far ahead of the other tests' cases, so only this test's changed since `since`.
    const start = Date.now() + 1_000 * 86_400_000;
    clock = new Date(start - 10 * 86_400_000);
    const stripe = setup("stripe");
    const old = await quoted(stripe.cases);
    await stripe.cases.quotePaid(pay(checkoutOf(await stripe.cases.acceptQuote(old, requester, 1)).checkoutId!));
    clock = new Date(start);
    const since = new Date(start - 1).toISOString();
    const whole = await quoted(stripe.cases);
    await stripe.cases.quotePaid(pay(checkoutOf(await stripe.cases.acceptQuote(whole, requester, 1)).checkoutId!));
    const refunded = await quoted(stripe.cases);
    await stripe.cases.quotePaid(pay(checkoutOf(await stripe.cases.acceptQuote(refunded, requester, 1)).checkoutId!));
    await stripe.cases.refundQuote(refunded, admin, { n: 1, k: 1, amountCents: 1_000, reason: "Fees lower" });
    const unpaid = await quoted(stripe.cases);
    await stripe.cases.acceptQuote(unpaid, requester, 1);
    const recorded = setup("recorded");
    const direct = await quoted(recorded.cases);
    await recorded.cases.acceptQuote(direct, requester, 1);
    // The old case changes now, but not its money: not compared unless named.
    await stripe.cases.addNote(old, admin, "Called the requester");
    const read = (input: { ids?: string[]; limit?: number }) => stripe.cases.quoteMoneyActivity({ since, limit: 10, ...input });
    const cases = (found: Awaited<ReturnType<typeof read>>) => found.quotes.map((q) => q.caseId).sort();
    const found = await read({});
    expect([cases(found), found.more]).toEqual([[whole, refunded].sort(), false]);
    expect(found.quotes.find((q) => q.caseId === refunded)!.quote).toMatchObject({ n: 1, payment: { mode: "provider", paidAt: expect.any(String) }, refunds: [{ k: 1, amountCents: 1_000, state: "done" }] });
    expect(found.quotes.every((q) => q.caseReference.startsWith("GES-"))).toBe(true);
    expect(cases(await read({ ids: [old, direct] }))).toEqual([whole, refunded, old].sort());
    const first = await read({ limit: 1 });
    expect([first.quotes.length, first.more]).toEqual([1, true]);
  });
}
