/**
 * The reconciliation's differences in words (client-safe: the operations page and the team's
 * email say them the same way, from the `admin` namespace's `operations.reconcile` keys).
 */
import type { Lang } from "#app/i18n";
import { formatEuros } from "#app/utils/money";

/** A difference as stored by a run (`features/reconciliation/.server/model.ts`), as much as its words need. */
export type DifferenceWords = {
  line: string | null;
  object: "payment" | "deposit" | "refund" | "transfer" | "balance" | "quote-payment";
  kind: "missing" | "amount" | "state";
  reference: string | null;
  ledger: { cents: number | null; state: string | null };
  stripe: { cents: number | null; state: string | null };
};

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** What a difference is about: a booking (`AMR-…`), or a paperwork quote of a case (`GES-…`). */
export type DifferenceSubject = { bookingId?: string; bookingReference?: string; caseId?: string; caseReference?: string; quoteN?: number };

/** Who a difference is about, in words: "Booking AMR-… · id" or "Case GES-…, quote no. n (id)". */
export function differenceSubject(t: Translate, d: DifferenceSubject): string {
  if (d.caseId) return t("operations.reconcile.quoteSubject", { reference: d.caseReference, n: d.quoteN, id: d.caseId });
  return `${t("operations.reconcile.columns.booking")} ${d.bookingReference ?? ""} · ${d.bookingId ?? ""}`;
}

/** Stripe's own words the page translates; any other is shown as Stripe writes it. */
const STRIPE_STATES = ["succeeded", "requires_capture", "canceled", "reversed", "failed", "pending"];

/** One difference as a sentence: what is missing where, or which figure or state each side gives. `t` reads the `admin` namespace. */
export function differenceSentence(t: Translate, lang: Lang, d: DifferenceWords): string {
  const euros = (cents: number | null) => (cents === null ? "—" : formatEuros(cents, lang));
  const values = {
    object: t(`operations.reconcile.object.${d.object}`),
    reference: d.reference ?? t("operations.reconcile.noReference"),
    line: d.line ?? "—",
    ledger: euros(d.ledger.cents),
    stripe: euros(d.stripe.cents),
    expected: d.ledger.state ? t(`operations.reconcile.expect.${d.ledger.state}`) : "—",
    status: d.stripe.state === null ? "—" : STRIPE_STATES.includes(d.stripe.state) ? t(`operations.reconcile.stripeState.${d.stripe.state}`) : d.stripe.state,
  };
  if (d.kind === "missing") return t(d.ledger.cents === null ? "operations.reconcile.diff.missingOnLedger" : "operations.reconcile.diff.missingAtStripe", values);
  return t(`operations.reconcile.diff.${d.kind}`, values);
}
