import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { bookingFigures, lineOf, moneyView, type Booking } from "#app/features/bookings/.server";
import { parseForm } from "#app/.server/http/form";
import { requestContext, type RequestContext } from "#app/.server/http/request-context";
import { isPaymentsError } from "#app/.server/payments/errors";
import { PayoutAccountError, type PayoutAccount } from "#app/features/payouts/.server";
import { PayoutAccountSection, type PayoutAccountView, type PayoutConnectView } from "#app/features/payouts/components/payout-account";
import { disabledReasonWord, requirementWords } from "#app/features/payouts/requirements";
import { payoutsFormSchema } from "../schemas";
import { cardsFor } from "#app/features/listings/index.server";
import { StayDates, useListingTitle } from "#app/features/bookings";
import { cardClass } from "#app/components/ui/card";
import { LocalizedLink } from "#app/components/localized-link";
import { formatEuros } from "#app/utils/money";
import type { LineState } from "#app/features/bookings/.server";
import { formatMoment } from "#app/features/bookings";
import { href } from "#app/utils/href";
import { seoMeta } from "#app/utils/meta";
import { useLang } from "#app/utils/use-lang";

/**
 * /ajustes/cobros: what each booking of the person's listings earns them, when it is paid and
 * what has been paid — read from each booking's ledger (the `payout` line, and the part of a
 * deposit a claim gave them), with the rental invoice issued in their name. Only the owner's own
 * bookings are listed (the bookings service reads them by owner).
 *
 * With Stripe (decision 052) the page also holds the owner's payout account: a POST
 * `intent=connect-payouts` makes it once and answers 303 to Stripe's onboarding; back from Stripe
 * (`?connect=return`) its state is read again from Stripe and what Stripe still needs is listed in
 * words; `intent=stripe-dashboard` answers 303 to a fresh single-use link to Stripe's Express
 * dashboard (never put in the page); `?connect=refresh` (Stripe's link expired) offers the button
 * again. Payouts due while the account cannot receive them wait, and are shown so.
 */
export const handle = { i18n: ["bookings", "listing"] };

type PayoutState = Extract<LineState, "direct" | "scheduled" | "paid-out" | "voided" | "settled" | "waiting">;

function payoutRow(booking: Booking, invoiceNumber: string | null, invoiceId: string | null) {
  const payout = lineOf(booking.money, "payout");
  const claim = lineOf(booking.money, "claim");
  const view = moneyView(booking.money);
  return {
    id: booking.id,
    status: booking.status,
    start: booking.start,
    end: booking.end,
    part: booking.part,
    days: booking.days,
    listingId: booking.listingId,
    amountCents: bookingFigures(booking).ownerReceivesCents,
    // As shown: a payout owed directly whose trip has begun reads as settled at the handover.
    state: (view.lines.find((line) => line.id === "payout")?.state ?? "voided") as PayoutState,
    dueAt: payout?.dueAt ?? null,
    claimCents: claim?.amountCents ?? 0,
    invoice: invoiceId && invoiceNumber ? { id: invoiceId, number: invoiceNumber } : null,
  };
}

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, "bookings");
  const user = await ctx.requireUser();
  const [asOwner, invoices, profile] = await Promise.all([
    ctx.services.bookings.listForOwner(user.uid),
    ctx.services.invoices.listFor(user.uid),
    ctx.services.users.get(user.uid),
  ]);
  // Bookings that earn (or earned) the owner money: a payout line that is not void, or a claim.
  const earning = asOwner.filter((b) => b.money.lines.some((l) => (l.kind === "payout" && l.state !== "voided") || l.kind === "claim"));
  const rentalInvoices = new Map(invoices.issued.filter((invoice) => invoice.kind === "rental").map((invoice) => [invoice.bookingId, invoice]));
  const rows = earning
    .map((b) => {
      const invoice = rentalInvoices.get(b.id);
      return payoutRow(b, invoice ? `${invoice.series}-${invoice.number}` : null, invoice?.id ?? null);
    })
    // Newest first; a payout waiting for the owner's account has no date of its own: its trip's start.
    .sort((a, b) => ((a.dueAt ?? a.start) < (b.dueAt ?? b.start) ? 1 : -1));
  const cards = await cardsFor(ctx.services, rows.map((row) => row.listingId));
  const sum = (...states: PayoutState[]) => rows.filter((row) => states.includes(row.state)).reduce((total, row) => total + row.amountCents, 0);
  const iban = profile?.lessor?.iban ?? null;
  const waiting = rows.filter((row) => row.state === "waiting");
  return {
    meta: { title: ctx.t("payouts.meta"), description: ctx.t("payouts.intro") },
    charges: ctx.services.bookings.charges,
    connect: ctx.services.payoutAccounts.enabled ? await connectView(ctx, user.uid, { count: waiting.length, cents: waiting.reduce((total, row) => total + row.amountCents, 0) }) : null,
    rows: rows.map((row) => ({ ...row, card: cards.get(row.listingId) ?? null })),
    // To come (scheduled, or owed directly on a trip not begun) and done (transferred, or settled at the handover).
    totals: { upcoming: sum("scheduled", "direct", "waiting"), paid: sum("paid-out", "settled") },
    // Only the last four characters of the account: enough to recognise it.
    iban: iban ? `•••• ${iban.replace(/\s+/g, "").slice(-4)}` : null,
  };
}

/** The payout account's section (Stripe only): read again from Stripe when the owner comes back from it. */
async function connectView(ctx: RequestContext, uid: string, waiting: PayoutConnectView["waiting"]): Promise<PayoutConnectView> {
  const came = ctx.url.searchParams.get("connect");
  const { payoutAccounts } = ctx.services;
  let account: PayoutAccount | null;
  let unavailable = false;
  try {
    account = came === "return" ? await payoutAccounts.refresh(uid) : await payoutAccounts.get(uid);
  } catch (error) {
    if (!isPaymentsError(error)) throw error;
    console.warn(`[payouts] reading the payout account of ${uid} from Stripe failed: ${error.kind}${error.code ? ` (${error.code})` : ""}`);
    account = await payoutAccounts.get(uid);
    unavailable = true;
  }
  return { account: accountView(account), expired: came === "refresh", unavailable, waiting };
}

function accountView(account: PayoutAccount | null): PayoutAccountView {
  if (!account) return { state: "none", due: [], disabled: null, detailsSubmitted: false };
  return {
    state: account.payoutsEnabled ? "enabled" : "pending",
    due: requirementWords(account.currentlyDue),
    disabled: disabledReasonWord(account.disabledReason),
    detailsSubmitted: account.detailsSubmitted,
  };
}

type ActionReply = { intent: string; error: string };

export async function action(args: ActionFunctionArgs) {
  const ctx = requestContext(args, "bookings");
  const user = await ctx.requireUser();
  const form = await ctx.formData();
  const { payoutAccounts, users } = ctx.services;
  const parsed = parseForm(form, payoutsFormSchema, ctx.t);
  const intent = parsed.typed.intent ?? "";
  const reply = (status: number, key: string) => data<ActionReply>({ intent, error: ctx.t(`payouts.connect.errors.${key}`) }, { status });
  if (!parsed.ok) return reply(400, "unknown");
  if (!payoutAccounts.enabled) return reply(400, "no-provider");
  try {
    if (parsed.value.intent === "connect-payouts") {
      const back = (connect: "return" | "refresh") => ctx.origin + href("settings-payouts", { lang: ctx.lang, search: { connect } });
      const profile = await users.get(user.uid);
      return redirect(await payoutAccounts.onboardingLink(user.uid, { email: profile?.email ?? null, returnUrl: back("return"), refreshUrl: back("refresh") }), 303);
    }
    return redirect(await payoutAccounts.dashboardLink(user.uid), 303);
  } catch (error) {
    if (error instanceof PayoutAccountError) return reply(409, error.code);
    if (!isPaymentsError(error)) throw error;
    console.warn(`[payouts] ${intent} for ${user.uid} failed at Stripe: ${error.kind}${error.code ? ` (${error.code})` : ""}`);
    return reply(503, "unavailable");
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...seoMeta(data?.meta), { name: "robots", content: "noindex" }];

export default function Payouts() {
  const { t } = useTranslation("bookings");
  const lang = useLang();
  const titleOf = useListingTitle();
  const { rows, totals, charges, iban, connect } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const euros = (cents: number) => formatEuros(cents, lang);
  const shown = ["upcoming", "paid"] as const;
  return (
    <main id="main" className="space-y-6">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">{t("payouts.title")}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{t("payouts.intro")}</p>
      </header>
      <section className={cardClass()}>
        <p className="text-sm">{t(charges ? "payouts.charges" : "payouts.direct")}</p>
        <dl className="mt-3 flex flex-wrap gap-x-10 gap-y-2">
          {shown.map((key) => (
            <div key={key}>
              <dt className="text-sm text-slate-600 dark:text-slate-400">{t(`payouts.totals.${key}`)}</dt>
              <dd className="text-2xl font-bold tabular-nums" data-payout-total={key}>{euros(totals[key])}</dd>
            </div>
          ))}
        </dl>
        {/* With Stripe, payouts go to the bank account the owner gave Stripe (the payout account below). */}
        {connect ? null : (
          <p className="mt-3 text-sm">
            {iban ? t("payouts.iban", { iban }) : (
              <LocalizedLink to={href("settings-lessor")} className="font-semibold text-sea-800 underline dark:text-sea-200">{t("payouts.noIban")}</LocalizedLink>
            )}
          </p>
        )}
      </section>
      {connect ? <PayoutAccountSection view={connect} error={answer && "error" in answer ? answer.error : null} /> : null}
      {rows.length === 0 ? (
        <p className={cardClass()}>{t("payouts.empty")}</p>
      ) : (
        <ul className="space-y-3" aria-label={t("payouts.title")}>
          {rows.map((row) => (
            <li key={row.id} className={`${cardClass()} grid gap-2 sm:grid-cols-[1fr_auto] sm:items-center`} data-payout={row.id}>
              <div className="min-w-0">
                <p className="font-semibold">
                  <LocalizedLink to={href("settings-rental", { params: { id: row.id } })} className="text-sea-800 underline-offset-2 hover:underline dark:text-sea-200">
                    {titleOf(row.card)}
                  </LocalizedLink>
                </p>
                <p className="text-sm"><StayDates stay={row} /></p>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {t(`money.state.payout.${row.state}`, { date: row.dueAt ? formatMoment(row.dueAt, lang) : "" })}
                  {row.claimCents > 0 ? ` · ${t("money.kinds.claim")}: ${euros(row.claimCents)}` : null}
                </p>
                {row.invoice ? (
                  <a href={href("invoice-pdf", { params: { invoiceId: row.invoice.id }, search: { lang } })} className="text-sm font-semibold text-sea-800 underline dark:text-sea-200">
                    {t("payouts.invoice", { number: row.invoice.number })}
                  </a>
                ) : null}
              </div>
              <p className="text-xl font-bold tabular-nums sm:text-right">{euros(row.amountCents)}</p>
            </li>
          ))}
        </ul>
      )}
      <p>
        <LocalizedLink to={href("settings-invoices")} className="font-semibold text-sea-800 underline dark:text-sea-200">{t("payouts.invoicesLink")}</LocalizedLink>
      </p>
    </main>
  );
}
