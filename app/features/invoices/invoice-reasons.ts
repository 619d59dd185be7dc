/**
 * The values a corrective invoice's reason is written with (`invoices:reasons.<rule>`), the same
 * on the invoices page and in the PDF: when, the policy's name, the share refunded, and for a
 * trip moved for the weather the days before and after (one day, or the first and the last); a
 * quote's refund the quote's number and the refund's.
 */
type Days = { start: string; end: string };
export type ReasonView = { rule: string; policy: string | null; percent: number; at: string; moved?: { from: Days; to: Days }; quote?: { n: number; refund: number } };

export function reasonValues(reason: ReasonView, day: (iso: string) => string, policyName: (policy: string) => string) {
  const span = (days: Days) => (days.start === days.end ? day(days.start) : `${day(days.start)} – ${day(days.end)}`);
  return {
    date: day(reason.at),
    policy: reason.policy ? policyName(reason.policy) : "",
    percent: reason.percent,
    from: reason.moved ? span(reason.moved.from) : "",
    to: reason.moved ? span(reason.moved.to) : "",
    quote: reason.quote?.n ?? "",
    refund: reason.quote?.refund ?? "",
  };
}
