import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requestContext } from "#app/.server/http/request-context";
import { invariantResponse } from "#app/.server/http/responses";
import { PriceBreakdown, StatusBadge, StayDates } from "#app/features/bookings/components/booking";
import { bookingFigures } from "#app/features/bookings/.server";
import { LocalizedLink } from "#app/components/localized-link";
import { cardClass } from "#app/components/ui/card";
import { formatMoment } from "#app/features/bookings/view";
import { href } from "#app/utils/href";
import { seoMeta } from "#app/utils/meta";
import { formatEuros } from "#app/utils/money";
import { differenceSentence } from "#app/features/reconciliation";
import { BookingLicence } from "#app/features/licences";
import { bookingLicenceView } from "#app/features/licences/index.server";
import { useLang } from "#app/utils/use-lang";

/**
 * /admin/reservas/{id}: a booking's money as the team checks it against the payments provider
 * (decision 053) — the booking, its people, its price as the summary showed it (each line with its
 * season or the weekend, decision 062), the renter's licence copied to it (decision 063), its
 * ledger lines with their state, amount, the provider's reference and whether a call is still to
 * be made, and what the last reconciliation found different for it. Read only: nothing is
 * corrected here. Admins only (others 403, signed-out people to sign in); an unknown booking is a 404.
 */
export const handle = { i18n: ["admin", "bookings", "licences"] };

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, "admin");
  const admin = await ctx.requireAdmin();
  const { bookings, listings, users, operations } = ctx.services;
  const found = await bookings.getAs(args.params.id ?? "", { uid: admin.uid, admin: true });
  invariantResponse(found, ctx.request);
  const { booking } = found;
  const [listing, people, last, licence] = await Promise.all([
    listings.get(booking.listingId),
    users.getMany([booking.ownerUid, booking.renterUid]),
    operations.reconciliation?.lastFinished() ?? null,
    // The licence copied to the booking (decision 063), as its owner reads it; its photo through the same resource route.
    bookingLicenceView(ctx, booking.id, { uid: admin.uid, role: "admin" }, booking.end),
  ]);
  return {
    meta: { title: ctx.t("booking.meta", { reference: booking.reference }), description: ctx.t("booking.intro") },
    booking: {
      id: booking.id,
      reference: booking.reference,
      status: booking.status,
      start: booking.start,
      end: booking.end,
      part: booking.part,
      days: booking.days,
      provider: booking.money.provider,
      charges: booking.money.charges,
      paymentReference: booking.money.reference,
    },
    listing: await listings.titleOf(listing, ctx.lang),
    owner: people.get(booking.ownerUid)?.displayName ?? "—",
    renter: people.get(booking.renterUid)?.displayName ?? "—",
    lines: booking.money.lines.map((l) => ({ id: l.id, kind: l.kind, state: l.state, amountCents: l.amountCents, dueAt: l.dueAt, reference: l.reference, pending: l.op !== null })),
    // The price as the summary showed it: each line with its season or the weekend (decision 062).
    price: booking.price,
    figures: bookingFigures(booking),
    licence,
    reconciliation: last ? { at: last.finishedAt ?? last.startedAt, differences: last.differences.filter((d) => d.bookingId === booking.id) } : null,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.meta);

const th = "py-2 pr-4 font-semibold";
const td = "py-2 pr-4 align-top";

export default function AdminBooking() {
  const { t } = useTranslation("admin");
  const { t: tb } = useTranslation("bookings");
  const lang = useLang();
  const page = useLoaderData<typeof loader>();
  const { booking } = page;
  const c = (key: string) => t(`booking.columns.${key}`);
  return (
    <main id="main" className="container-page space-y-6 py-10">
      <p>
        <LocalizedLink to={`${href("admin-operations")}#conciliacion`} className="text-sm font-semibold text-sea-800 underline dark:text-sea-200">{t("booking.back")}</LocalizedLink>
      </p>
      <header>
        <h1 className="text-3xl font-bold">{t("booking.title", { reference: booking.reference })}</h1>
        <p className="mt-1">{page.listing}</p>
        <p className="mt-1">{t("booking.people", { owner: page.owner, renter: page.renter })}</p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
          <StayDates stay={booking} /> · <StatusBadge status={booking.status} side="owner" /> · <span className="font-mono">{booking.id}</span>
        </p>
      </header>
      <section aria-labelledby="price-title" className={cardClass()} data-section="price">
        <h2 id="price-title" className="text-xl font-bold">{tb("detail.price")}</h2>
        <div className="mt-3 max-w-xl"><PriceBreakdown price={page.price} figures={page.figures} charges={booking.charges} /></div>
      </section>
      {page.licence ? <BookingLicence licence={page.licence} side="team" /> : null}
      <section aria-labelledby="lines-title" className={cardClass()} data-section="lines">
        <h2 id="lines-title" className="text-xl font-bold">{t("booking.lines")}</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {booking.charges ? t("booking.mode.stripe") : t("booking.mode.recorded")}
          {booking.paymentReference ? <> · <code className="text-xs">{booking.paymentReference}</code></> : null}
        </p>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200 dark:border-white/10">
                {[c("line"), c("state"), c("amount"), c("reference")].map((h) => <th key={h} scope="col" className={th}>{h}</th>)}
              </tr>
            </thead>
            <tbody>
              {page.lines.map((l) => (
                <tr key={l.id} className="border-b border-slate-100 last:border-0 dark:border-white/5" data-line={l.id} data-state={l.state}>
                  <td className={td}><code>{l.id}</code></td>
                  <td className={td}>
                    {tb(`money.state.${l.kind}.${l.state}`, { date: l.dueAt ? formatMoment(l.dueAt, lang) : "" })}
                    {l.pending ? <span className="block text-xs font-semibold">{tb("money.processing")}</span> : null}
                  </td>
                  <td className={td + " tabular-nums"}>{formatEuros(l.amountCents, lang)}</td>
                  <td className={td + " break-all font-mono text-xs"}>{l.reference ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section aria-labelledby="differences-title" className={cardClass()} data-section="differences">
        <h2 id="differences-title" className="text-xl font-bold">{t("booking.differences")}</h2>
        {page.reconciliation === null ? (
          <p className="mt-3">{t("operations.reconcile.never")}</p>
        ) : (
          <>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("booking.lastRun", { at: formatMoment(page.reconciliation.at, lang) })}</p>
            {page.reconciliation.differences.length === 0 ? (
              <p className="mt-3" data-differences="0">{t("booking.noDifferences")}</p>
            ) : (
              <ul className="mt-3 space-y-2" data-differences={page.reconciliation.differences.length}>
                {page.reconciliation.differences.map((d, i) => <li key={`${d.line ?? "stripe"}-${d.reference ?? i}-${d.object}`}>{differenceSentence(t, lang, d)}</li>)}
              </ul>
            )}
          </>
        )}
      </section>
    </main>
  );
}
