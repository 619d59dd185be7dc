import { useTranslation } from "react-i18next";
import { formatEuros } from "#app/utils/money";
import type { BookingFigures, MoneyView } from "#app/features/bookings/.server";
import { formatDay, formatMoment, type BookingStatusView, type BookingView, type PolicyView, type PriceView, type QuoteView } from "#app/features/bookings/view";
import { dockTitle, type ListingCardView } from "#app/features/listings";
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

/**
 * Each line of the price, the fee (when one is charged), the total and the deposit held. For a
 * booking (`figures`, decision 048) the card ends on the figure the money section shows for the
 * side reading it: what the renter pays after a refund, what the owner receives after a refund
 * and with a deposit's claim — each step between the price and it on its own line.
 */
export function PriceBreakdown({ price, role = "renter", figures = null, charges = true }: { price: PriceView; role?: "renter" | "owner"; figures?: BookingFigures | null; charges?: boolean }) {
  const { t } = useTranslation("bookings");
  const lang = useLang();
  const euros = (cents: number) => formatEuros(cents, lang);
  const settled = figures && !figures.prospective ? figures : null;
  // What the booking no longer costs (or gives): refunded, no longer owed, or never booked.
  const cut = settled ? (role === "renter" ? price.totalCents - settled.renterPaysCents : price.ownerCents + settled.claimCents - settled.ownerReceivesCents) : 0;
  const cutLabel = settled && settled.renterRefundCents > 0 ? (charges ? "refunded" : "credited") : "notBooked";
  // A cut is written with the money section's minus sign (−), not the locale's hyphen.
  const row = (label: string, cents: number, key: string, strong = false) => (
    <div className={`flex justify-between gap-4 py-2${strong ? " text-base font-bold" : ""}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums" data-price={key}>{cents < 0 ? `−${euros(-cents)}` : euros(cents)}</dd>
    </div>
  );
  return (
    <dl className="divide-y divide-slate-200 text-sm dark:divide-white/10">
      {price.lines.map((line, i) => (
        <div key={i} className="flex justify-between gap-4 py-2">
          {/* A season's or the weekend's days say so: "3 días × 120 € (temporada alta)" (issue 49). */}
          <dt>{t(`price.lines.${line.unit}`, { count: line.count, price: euros(line.unitCents) })}{line.season ? ` (${line.season})` : line.weekend ? ` (${t("seasons:line.weekend")})` : ""}</dt>
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
          {/* No fee without online payments (decision 048). */}
          {price.serviceFeeCents > 0 ? row(t("price.fee"), price.serviceFeeCents, "fee") : null}
          {row(t("price.total"), price.totalCents, "total", cut === 0)}
          {cut !== 0 ? row(t(`price.adjust.renter.${cutLabel}`), -cut, "cut") : null}
          {cut !== 0 ? row(t("price.paid"), settled!.renterPaysCents, "pays", true) : null}
        </>
      ) : (
        <>
          {cut !== 0 ? row(t(`price.adjust.owner.${cutLabel}`), -cut, "cut") : null}
          {settled && settled.claimCents > 0 ? row(t("price.claim"), settled.claimCents, "claim") : null}
          {row(t("price.earnings"), settled ? settled.ownerReceivesCents : price.ownerCents, "earns", true)}
        </>
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

/**
 * The cancellation policy in words, with its dates still ahead for this stay. Without online
 * payments (`charges` false) nothing is paid before the trip, so cancelling costs nothing and the
 * note says that instead of refunds (decision 048).
 */
export function PolicyNote({ policy, deadlines, charges = true }: { policy: PolicyView; deadlines: QuoteView["deadlines"]; charges?: boolean }) {
  const { t } = useTranslation("bookings");
  const lang = useLang();
  if (!charges) {
    return (
      <div className="text-sm">
        <p className="font-semibold">{t(`policy.${policy}.name`)}</p>
        <p className="mt-1 text-slate-700 dark:text-slate-300">{t("policy.direct")}</p>
      </div>
    );
  }
  return (
    <div className="text-sm">
      <p className="font-semibold">{t(`policy.${policy}.name`)}</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-slate-700 dark:text-slate-300">
        {deadlines.map((deadline) => (
          <li key={deadline.until}>{t("policy.until", { percent: deadline.percent, date: formatMoment(deadline.until, lang) })}</li>
        ))}
        <li>{t(deadlines.length === 0 ? "policy.noRefund" : `policy.${policy}.after`)}</li>
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
 * and its state with its date, then the sums that matter to this side, the owner's from the
 * booking's figures (decision 048). Without a provider that charges, the page says what is owed
 * and when, never "paid", and nothing stays to pay once the trip has begun or was called off; a
 * request shows what acceptance will owe (`money.preview`).
 */
export function MoneyStory({ money, figures, side, policy, withSkipper = false }: { money: MoneyView; figures: BookingFigures; side: "renter" | "owner"; policy: PolicyView; withSkipper?: boolean }) {
  const { t } = useTranslation("bookings");
  const lang = useLang();
  const euros = (cents: number) => formatEuros(cents, lang);
  const lines = money.lines.filter((line) => (side === "renter" ? line.kind !== "payout" : true));
  const intro = money.preview ? `preview.${side}` : lines.length === 0 ? "none" : money.charges ? "charges" : "direct";
  if (lines.length === 0) return <p className="text-sm">{t(`money.intro.${intro}`)}</p>;
  // Without a provider: still to pay before the trip, settled at the handover after it, or nothing (declined, cancelled).
  const direct: [string, number] = money.owedCents > 0 ? ["owed", money.owedCents] : figures.renterPaysCents > 0 ? ["settled", figures.renterPaysCents] : ["notDue", 0];
  const totals: Array<[string, number]> = side === "renter"
    ? money.charges
      ? [["charged", money.chargedCents], ["held", money.heldCents], ["refunded", money.refundedCents]]
      : [direct]
    : [[figures.prospective ? "wouldEarn" : "earns", figures.ownerReceivesCents]];
  return (
    <div className="space-y-3 text-sm">
      <p>{t(`money.intro.${intro}`)}</p>
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
            <dd className="tabular-nums" data-money-total={key === "wouldEarn" ? "earns" : key}>{euros(cents)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
