import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requestContext } from "#app/.server/http/request-context";
import { LocalizedLink } from "#app/components/localized-link";
import { formatEuros } from "#app/utils/money";
import { formatMoment } from "#app/features/bookings";
import { href } from "#app/utils/href";
import { seoMeta } from "#app/utils/meta";
import { useLang } from "#app/utils/use-lang";

/** /admin/fianzas: the open deposit claims, oldest first, each with both people and whether the renter answered. */
export const handle = { i18n: ["admin", "deposits"] };

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, "deposits");
  await ctx.requireAdmin();
  const { deposits, users, listings } = ctx.services;
  const open = await deposits.listOpen();
  const [people, found] = await Promise.all([users.getMany(open.flatMap((c) => [c.ownerUid, c.renterUid])), listings.getMany([...new Set(open.map((c) => c.listingId))])]);
  const byId = new Map(found.filter((l) => l !== null).map((l) => [l.id, l]));
  const claims = await Promise.all(
    open.map(async (claim) => ({
      bookingId: claim.bookingId,
      listing: await listings.titleOf(byId.get(claim.listingId) ?? null, ctx.lang),
      owner: people.get(claim.ownerUid)?.displayName ?? "—",
      renter: people.get(claim.renterUid)?.displayName ?? "—",
      amountCents: claim.amountCents,
      depositCents: claim.depositCents,
      createdAt: claim.createdAt,
      answered: claim.answer !== null,
    })),
  );
  return { meta: { title: ctx.t("admin.meta"), description: ctx.t("admin.intro") }, claims };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.meta);

export default function AdminDeposits() {
  const { t } = useTranslation("deposits");
  const lang = useLang();
  const { claims } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="container-page space-y-6 py-10">
      <header>
        <h1 className="text-3xl font-bold">{t("admin.title")}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{t("admin.intro")}</p>
      </header>
      {claims.length === 0 ? (
        <p>{t("admin.empty")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200 dark:border-white/10">
                <th className="py-2 pr-4">{t("admin.columns.listing")}</th>
                <th className="py-2 pr-4">{t("admin.columns.people")}</th>
                <th className="py-2 pr-4">{t("admin.columns.amount")}</th>
                <th className="py-2 pr-4">{t("admin.columns.answered")}</th>
                <th className="py-2">{t("admin.columns.since")}</th>
              </tr>
            </thead>
            <tbody>
              {claims.map((claim) => (
                <tr key={claim.bookingId} className="border-b border-slate-100 dark:border-white/5" data-claim-row={claim.bookingId}>
                  <td className="py-2 pr-4">
                    <LocalizedLink to={href("admin-deposit", { params: { bookingId: claim.bookingId } })} className="font-semibold text-sea-800 underline dark:text-sea-200">
                      {claim.listing}
                    </LocalizedLink>
                    <span className="block font-mono text-xs text-slate-500 dark:text-slate-400">{claim.bookingId}</span>
                  </td>
                  <td className="py-2 pr-4">{claim.owner} → {claim.renter}</td>
                  <td className="py-2 pr-4 tabular-nums">{formatEuros(claim.amountCents, lang)} / {formatEuros(claim.depositCents, lang)}</td>
                  <td className="py-2 pr-4">{claim.answered ? t("admin.answered") : t("admin.notAnswered")}</td>
                  <td className="py-2 tabular-nums">{formatMoment(claim.createdAt, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}
