import { startStripeFake } from "#tests/stripe-fake/server";
import { createRecordedPayments } from "./index";
import { describeQuotePaymentsContract } from "./quote-payments.contract";
import { createStripePayments } from "./stripe";
import { readStripeEvent } from "./stripe-events";

/** The paid quotes' contract on both adapters: `recorded`, and `stripe` against the local fake. */
describeQuotePaymentsContract("recorded", async () => ({ payments: createRecordedPayments(), cleanup: async () => undefined }));

describeQuotePaymentsContract("stripe (local fake checked against Stripe's OpenAPI description)", async () => {
  const fake = await startStripeFake();
  return {
    payments: createStripePayments({ secretKey: "sk_test_quote_contract", apiBase: fake.url, maxNetworkRetries: 0 }),
    async pay(collection) {
      const read = readStripeEvent(JSON.stringify(fake.completeCheckout(collection.reference)));
      if (read.kind !== "case-checkout") throw new Error(`the completion event was read as ${read.kind}`);
      return { checkout: read.checkout.id, caseId: read.caseId, quoteN: read.quoteN, amountCents: read.checkout.amountCents, currency: read.checkout.currency, paymentIntent: read.checkout.paymentIntent! };
    },
    payable: async (checkout) => fake.sessions.get(checkout)?.status === "open",
    async moved(reference) {
      const pi = fake.paymentIntents.get(reference);
      if (!pi) throw new Error(`no PaymentIntent ${reference}`);
      const refunded = [...fake.refunds.values()].filter((r) => r.payment_intent === reference).reduce((sum, r) => sum + (r.amount as number), 0);
      return { held: pi.amount_capturable as number, captured: pi.amount_received as number, refunded };
    },
    cleanup: () => fake.close(),
  };
});
