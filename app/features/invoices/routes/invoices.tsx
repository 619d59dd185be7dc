import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useSearchParams, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { subjectTitle, type Invoice } from "#app/features/invoices/.server";
import { requestContext } from "#app/.server/http/request-context";
import { cardClass } from "#app/components/ui/card";
import { Pagination } from "#app/components/pagination";
import { formatMoment } from "#app/features/bookings";
import { dateTimeFormat, numberFormat } from "#app/framework/intl";
import { href } from "#app/utils/href";
import { languageOf, type Lang } from "#app/i18n";
import { seoMeta } from "#app/utils/meta";
import { useLang } from "#app/utils/use-lang";
import { reasonValues } from "#app/features/invoices/invoice-reasons";

/**
 * /ajustes/facturas: the person's invoices, newest first — those they received as a renter and
 * those issued in their name as an owner — each downloadable as a PDF in the page's language.
 */
export const handle = { i18n: ["invoices", "search"] };

const PAGE_SIZE = 25;

function row(invoice: Invoice, as: "buyer" | "seller", lang: Lang) {
  // What was invoiced as the PDF names it in this language (a case's type by its name here), and
  // the booking's or case's short reference (`AMR-7K3Q9`, `GES-7K3Q9`).
  const title = subjectTitle(invoice.subject, lang);
  return {
    id: invoice.id,
    number: `${invoice.series}-${invoice.number}`,
    kind: invoice.kind,
    issuedAt: invoice.issuedAt,
    party: as === "buyer" ? invoice.seller.name : invoice.buyer.name,
    subject: invoice.subject.reference ? `${title} · ${invoice.subject.reference}` : title,
    totalCents: invoice.totalCents,
    /** A corrective invoice: the invoice it corrects and why. */
    corrects: invoice.corrects ? { number: `${invoice.corrects.series}-${invoice.corrects.number}`, issuedAt: invoice.corrects.issuedAt } : null,
    reason: invoice.reason,
  };
}

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, "invoices");
  const user = await ctx.requireUser();
  // One page of each list (`?recibidas=2`, `?emitidas=3`), never the whole lists.
  const pageOf = async (side: "buyer" | "seller", param: string) => {
    const { invoices, ...where } = await ctx.services.invoices.pageFor(user.uid, side, Number(ctx.url.searchParams.get(param)), PAGE_SIZE);
    return { rows: invoices.map((invoice) => row(invoice, side, ctx.lang)), page: where.page, pageCount: where.pageCount, total: where.total };
  };
  const [received, issued] = await Promise.all([pageOf("buyer", "recibidas"), pageOf("seller", "emitidas")]);
  return { meta: { title: ctx.t("page.meta"), description: ctx.t("page.intro") }, received, issued };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...seoMeta(data?.meta), { name: "robots", content: "noindex" }];

type Row = ReturnType<typeof row>;

export default function Invoices() {
  const { t } = useTranslation("invoices");
  const { received, issued } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="space-y-8">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">{t("page.title")}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{t("page.intro")}</p>
      </header>
      {received.total === 0 && issued.total === 0 ? <p className={cardClass()}>{t("page.empty")}</p> : null}
      {received.total > 0 ? <InvoiceTable id="received" param="recibidas" title={t("page.received")} list={received} /> : null}
      {issued.total > 0 ? <InvoiceTable id="issued" param="emitidas" title={t("page.issued")} list={issued} /> : null}
    </main>
  );
}

function InvoiceTable({ id, param, title, list }: { id: string; param: string; title: string; list: { rows: Row[]; page: number; pageCount: number; total: number } }) {
  const { t } = useTranslation("invoices");
  const lang = useLang();
  const [search] = useSearchParams();
  const rows = list.rows;
  const hrefFor = (page: number) => {
    const params = new URLSearchParams(search);
    params.set(param, String(page));
    return `${href("settings-invoices")}?${params}#${id}-title`;
  };
  const money = numberFormat(languageOf(lang).iso, { style: "currency", currency: "EUR" });
  // The day of a moment in Madrid's time, as the PDF prints it: "1 de abril de 2027".
  const longDay = (iso: string) => dateTimeFormat(languageOf(lang).iso, { dateStyle: "long", timeZone: "Europe/Madrid" }).format(new Date(iso));
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {title} <span className="text-base font-normal text-slate-600 dark:text-slate-400">({list.total})</span>
      </h2>
      {/* A table from tablets up; on phones each invoice is a card (number and total, date and PDF,
          then what and who), without scrolling sideways. */}
      <div className="mt-3 rounded-2xl border border-slate-200 sm:overflow-x-auto dark:border-white/10">
        <table className="block w-full text-left text-sm sm:table sm:min-w-[40rem]">
          <thead className="hidden bg-slate-50 sm:table-header-group dark:bg-white/5">
            <tr>
              <th scope="col" className="px-4 py-2">{t("page.columns.number")}</th>
              <th scope="col" className="px-4 py-2">{t("page.columns.date")}</th>
              <th scope="col" className="px-4 py-2">{t("page.columns.kind")}</th>
              <th scope="col" className="px-4 py-2">{t("page.columns.party")}</th>
              <th scope="col" className="px-4 py-2 text-right">{t("page.columns.total")}</th>
              <th scope="col" className="px-4 py-2">{t("page.columns.file")}</th>
            </tr>
          </thead>
          <tbody className="block divide-y divide-slate-200 sm:table-row-group dark:divide-white/10">
            {rows.map((item) => (
              <tr key={item.id} data-invoice-card className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 p-4 sm:table-row sm:p-0">
                <th scope="row" className="col-start-1 row-start-1 break-all font-mono font-semibold sm:whitespace-nowrap sm:break-normal sm:px-4 sm:py-2">{item.number}</th>
                <td className="col-start-1 row-start-2 text-slate-600 sm:px-4 sm:py-2 sm:text-inherit dark:text-slate-400 sm:dark:text-inherit">{formatMoment(item.issuedAt, lang)}</td>
                <td className="col-span-2 row-start-3 sm:px-4 sm:py-2">
                  {t(`kinds.${item.kind}`)}
                  <span className="block text-xs text-slate-500 dark:text-slate-400">{item.subject}</span>
                  {item.corrects ? (
                    <span className="block text-xs text-slate-600 dark:text-slate-300">
                      {item.corrects.issuedAt
                        ? t("corrects", { number: item.corrects.number, date: longDay(item.corrects.issuedAt) })
                        : t("correctsNumber", { number: item.corrects.number })}
                    </span>
                  ) : null}
                  {item.reason ? (
                    <span className="block text-xs text-slate-600 dark:text-slate-300">
                      {t(`reasons.${item.reason.rule}`, reasonValues(item.reason, longDay, (policy) => t(`policies.${policy}`)))}
                    </span>
                  ) : null}
                </td>
                <td className="col-span-2 row-start-4 sm:px-4 sm:py-2">
                  <span className="text-slate-600 sm:hidden dark:text-slate-400">{t("page.columns.party")}: </span>
                  {item.party}
                </td>
                <td className="col-start-2 row-start-1 text-right text-base font-bold tabular-nums sm:px-4 sm:py-2 sm:text-sm sm:font-normal">
                  <span className="sr-only sm:hidden">{t("page.columns.total")}: </span>
                  {money.format(item.totalCents / 100)}
                </td>
                <td className="col-start-2 row-start-2 text-right sm:px-4 sm:py-2 sm:text-left">
                  <a
                    href={href("invoice-pdf", { params: { invoiceId: item.id }, search: { lang } })}
                    download
                    aria-label={t("page.downloadLabel", { number: item.number })}
                    className="font-semibold text-sea-800 underline dark:text-sea-200"
                  >
                    {t("page.download")}
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={list.page} pageCount={list.pageCount} hrefFor={hrefFor} />
    </section>
  );
}
