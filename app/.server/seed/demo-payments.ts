import { createRecordedPayments, type PaymentsPort } from "../payments";

/**
 * The payments the demo's trips are made with: none (`recorded`), whatever `PAYMENTS_PROVIDER`
 * says (decision 024). The demo trips are records of what happened between demo people who have
 * no cards: through Stripe each would open a Checkout nobody pays (the booking would wait, then
 * lapse) and a first start would need Stripe to answer. Their money is owed and settled directly,
 * and stays so on a server that charges, since a booking's ledger keeps its own provider
 * (`money.charges`); every booking made afterwards goes through the configured provider.
 */
export function demoPayments(): PaymentsPort {
  return createRecordedPayments();
}
