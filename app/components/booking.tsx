import { useTranslation } from "react-i18next";
import { formatEuros } from "#app/utils/money";
import type { MoneyView } from "#app/.server/domain/bookings";
import { formatDay, formatMoment, type BookingStatusView, type BookingView, type PolicyView, type PriceView, type QuoteView } from "#app/utils/bookings";
import { dockTitle, type ListingCardView } from "#app/utils/listings/view";
import { useLang } from "#app/utils/use-lang";

/** The pieces of the booking pages: the stay, the price breakdown, the status, the history. */


/** A listing's title from its card (docks have none of their own). */
export function useListingTitle() {
  const { t } = useTranslation("listing");
  return (card: ListingCardView | undefined | null) => (!card ? t("untitled") : card.kind === "dock" ? dockTitle(t, card) : (card.title ?? t("untitled")));
}

/** "14 jun 2027 – 16 jun 2027 · 3 days", or a half day. */
export function StayDates({ stay }: { stay: Pick<QuoteView, "start" | "end" | "part" | "days"> }) {
  const { t } = useTranslation("bookings");
  const lang = useLang();
  if (stay.part) return <>{t("stay.halfDay", { date: formatDay(stay.start, lang), part: t(`parts.${stay.part}`) })}</>;
  if (stay.start === stay.end) return <>{t("stay.oneDay", { date: formatDay(stay.start, lang) })}</>;
  return <>{t("stay.range", { from: formatDay(stay.start, lang), to: formatDay(stay.end, lang), count: stay.days })}</>;
}

export function StatusBadge({ status, side = "renter" }: { status: BookingStatusView; side?: "renter" | "owner" }) {
  const { t } = useTranslation("bookings");
  const tone: Record<BookingStatusView, string> = {
    "awaiting-payment": "bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100",
    pending: "bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100",
    confirmed: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100",
    completed: "bg-sea-50 text-sea-900 dark:bg-white/10 dark:text-white",
    declined: "bg-slate-200 text-slate-800 dark:bg-white/10 dark:text-slate-200",
    expired: "bg-slate-200 text-slate-800 dark:bg-white/10 dark:text-slate-200",
    cancelled: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
  };
  return <span className={`inline-block rounded-full px-3 py-0.5 text-sm font-semibold ${tone[status]}`}>{t(status === "pending" && side === "owner" ? "status.pendingOwner" : `status.${status}`)}</span>;
}

/** Each line of the price, the fee, the total and the deposit held. */
export function PriceBreakdown({ price, role = "renter" }: { price: PriceView; role?: "renter" | "owner" }) {
  const { t } = useTranslation("bookings");
  const lang = useLang();
  const euros = (cents: number) => formatEuros(cents, lang);
  return (
    <dl className="divide-y divide-slate-200 text-sm dark:divide-white/10">
      {price.lines.map((line) => (
        <div key={line.unit} className="flex justify-between gap-4 py-2">
          <dt>{t(`price.lines.${line.unit}`, { count: line.count, price: euros(line.unitCents) })}</dt>
          <dd className="tabular-nums">{euros(line.totalCents)}</dd>
        </div>
      ))}
      {price.skipperCents > 0 ? (
        <div className="flex justify-between gap-4 py-2">
          <dt>{t("price.skipper", { count: price.skipperDays })}</dt>
          <dd className="tabular-nums">{euros(price.skipperCents)}</dd>
        </div>
      ) : null}
      {role === "renter" ? (
        <>
          <div className="flex justify-between gap-4 py-2">
            <dt>{t("price.fee")}</dt>
            <dd className="tabular-nums">{euros(price.serviceFeeCents)}</dd>
          </div>
          <div className="flex justify-between gap-4 py-2 text-base font-bold">
            <dt>{t("price.total")}</dt>
            <dd className="tabular-nums">{euros(price.totalCents)}</dd>
          </div>
        </>
      ) : (
        <div className="flex justify-between gap-4 py-2 text-base font-bold">
          <dt>{t("price.earnings")}</dt>
          <dd className="tabular-nums">{euros(price.ownerCents)}</dd>
        </div>
      )}
      {price.depositCents > 0 ? (
        <div className="flex justify-between gap-4 py-2 text-slate-600 dark:text-slate-400">
          <dt>{t("price.deposit")}</dt>
          <dd className="tabular-nums">{euros(price.depositCents)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** The cancellation policy in words, with its dates for this stay. */
export function PolicyNote({ policy, deadlines }: { policy: PolicyView; deadlines: QuoteView["deadlines"] }) {
  const { t } = useTranslation("bookings");
  const lang = useLang();
  return (
    <div className="text-sm">
      <p className="font-semibold">{t(`policy.${policy}.name`)}</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-slate-700 dark:text-slate-300">
        {deadlines.map((deadline) => (
          <li key={deadline.until}>{t("policy.until", { percent: deadline.percent, date: formatMoment(deadline.until, lang) })}</li>
        ))}
        <li>{t(`policy.${policy}.after`)}</li>
        <li>{t("policy.fee")}</li>
      </ul>
    </div>
  );
}

/** Who did what and when. */
export function BookingHistory({ history }: { history: BookingView["history"] }) {
  const { t } = useTranslation("bookings");
  const lang = useLang();
  return (
    <ol className="space-y-2 text-sm">
      {history.map((entry) => (
        <li key={`${entry.at}-${entry.action}`} className="flex flex-wrap gap-x-3">
          <time dateTime={entry.at} className="tabular-nums text-slate-600 dark:text-slate-400">{formatMoment(entry.at, lang)}</time>
          <span>{t(`history.${entry.action}`, { by: t(`history.by.${entry.by}`) })}</span>
        </li>
      ))}
    </ol>
  );
}

/**
 * The booking's money as its ledger tells it (decision 023): each line — what, to whom, how much —
 * and its state with its date, then the sums that matter to this side. Without a provider that
 * charges, the page says what is owed and when, never "paid".
 */
export function MoneyStory({ money, side, policy, withSkipper = false }: { money: MoneyView; side: "renter" | "owner"; policy: PolicyView; withSkipper?: boolean }) {
  const { t } = useTranslation("bookings");
  const lang = useLang();
  const euros = (cents: number) => formatEuros(cents, lang);
  const lines = money.lines.filter((line) => (side === "renter" ? line.kind !== "payout" : true));
  if (lines.length === 0) return <p className="text-sm">{t(`money.intro.${money.charges ? "charges" : "direct"}`)}</p>;
  const totals: Array<[string, number]> = side === "renter"
    ? money.charges
      ? [["charged", money.chargedCents], ["held", money.heldCents], ["refunded", money.refundedCents]]
      : [["owed", money.owedCents]]
    : [["earns", money.ownerEarnsCents]];
  return (
    <div className="space-y-3 text-sm">
      <p>{t(`money.intro.${money.charges ? "charges" : "direct"}`)}</p>
      <ul className="divide-y divide-slate-200 dark:divide-white/10" aria-label={t("money.title")}>
        {lines.map((line) => {
          const label =
            line.kind === "refund"
              ? t(`money.kinds.${line.id === "refund-fee" ? "refund-fee" : "refund-rental"}`)
              : t(`money.kinds.${line.kind === "rental" && withSkipper ? "rentalSkipper" : line.kind}`);
          const negative = line.kind === "refund";
          return (
            <li key={line.id} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-2" data-money-line={line.id} data-state={line.state}>
              <span className="min-w-0">
                <span className="font-medium">{label}</span>
                {line.reason ? <span className="block text-slate-600 dark:text-slate-400">{t(`money.reason.${line.reason.rule}`, { percent: line.reason.percent, policy: t(`policy.${policy}.name`).toLowerCase() })}</span> : null}
                <span className="block text-slate-600 dark:text-slate-400">
                  {t(`money.state.${line.kind}.${line.state}`, { date: line.dueAt ? formatMoment(line.dueAt, lang) : "" })}
                  {line.processing ? ` · ${t("money.processing")}` : null}
                </span>
              </span>
              <span className={`tabular-nums font-semibold ${line.state === "voided" || line.state === "released" ? "text-slate-500 line-through dark:text-slate-400" : ""}`}>
                {negative ? "−" : ""}
                {euros(line.amountCents)}
              </span>
            </li>
          );
        })}
      </ul>
      <dl className="space-y-1">
        {totals.map(([key, cents]) => (
          <div key={key} className="flex justify-between gap-4 font-bold">
            <dt>{t(`money.totals.${key}`)}</dt>
            <dd className="tabular-nums" data-money-total={key}>{euros(cents)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
