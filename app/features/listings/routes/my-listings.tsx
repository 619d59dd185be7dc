import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { parseWithZod } from "@conform-to/zod";
import { isListingError, type ListingStatus } from "#app/features/listings/.server";
import { FormAlert, Notice } from "#app/components/forms";
import { formatEuros } from "#app/utils/money";
import { ListingPhoto } from "#app/features/listings/components/listing-photo";
import { LocalizedLink } from "#app/components/localized-link";
import { localizePath } from "#app/i18n";
import { LIST_YOUR_BOAT_PATH, MY_LISTINGS_PATH } from "#app/features/listings/form";
import { seoMeta } from "#app/utils/meta";
import { useLang } from "#app/utils/use-lang";
import { listingSummaries, listingTitle, missingItems, type ListingSummary } from "#app/features/listings/routes/listing-form/progress.server";
import { invariantResponse, notFound } from "#app/.server/http/responses";
import { requestContext } from "#app/.server/http/request-context";
import { href } from "#app/utils/href";
import { useNotice } from "#app/utils/notice";
import { usePending, useWhenIdle } from "#app/utils/use-pending";
import { cardClass } from "#app/components/ui/card";
import { formRefusal, transitionSchema, type ListingTransition } from "./listing-status-forms.server";
import { Button } from "#app/components/ui/button";

/**
 * /ajustes/mis-barcos: every boat and dock of the person, with status, cover, place and price,
 * and the status changes of the listings domain (publish, pause, resume, archive) as plain POST
 * forms (`intent` + `id`). Someone else's listing is a 404; a change the status does not allow
 * is a 400 with a message, as is a form no page of ours sends (read through the body gate and
 * one schema per intent, `listing-status-forms.server.ts`). After a change, the flashed notice `listing-form:myListings.notices.<change>`
 * says what happened (decision record 033), as does the listing form's "publish".
 */
export const handle = { i18n: ["listing-form"] };

type Transition = ListingTransition;
const noticeOf: Record<Transition | "saved", string> = {
  publish: "published",
  pause: "paused",
  resume: "resumed",
  archive: "archived",
  saved: "saved",
};
/** The changes each status allows (the domain decides; this only chooses the buttons). */
const actionsFor: Record<ListingStatus, readonly Transition[]> = {
  draft: ["publish", "archive"],
  published: ["pause", "archive"],
  paused: ["resume", "archive"],
  archived: [],
};

export async function loader(args: LoaderFunctionArgs) {
  const { requireUser, t, services, lang } = requestContext(args, "listing-form");
  const user = await requireUser();
  const items = await listingSummaries(services, await services.listings.listByOwner(user.uid), lang);
  return {
    meta: { title: t("meta.myListings.title"), description: t("meta.myListings.description") },
    active: items.filter((item) => item.status !== "archived"),
    archived: items.filter((item) => item.status === "archived"),
  };
}

export async function action(args: ActionFunctionArgs) {
  const { requireUser, request, lang, t, services, formData, redirectWithNotice } = requestContext(args, "listing-form");
  const user = await requireUser();
  const parsed = parseWithZod(await formData(), { schema: transitionSchema(t) });
  if (parsed.status !== "success") return data({ ...formRefusal(parsed, t), missing: [] }, { status: 400 });
  const { intent, id } = parsed.value;
  const { listings } = services;
  const listing = await listings.get(id);
  invariantResponse(listing && listing.ownerUid === user.uid, request);
  const title = (await listingTitle(services, listing, lang)) ?? t("untitled");
  try {
    await listings[intent](user.uid, id);
  } catch (error) {
    if (isListingError(error, "not-found")) notFound(request);
    for (const code of ["invalid-transition", "incomplete", "archived"] as const) {
      if (isListingError(error, code)) {
        const missing = code === "incomplete" ? missingItems(listing, error.missing) : [];
        return data({ id, intent, message: t(`myListings.errors.${code}`, { title }), missing, fields: {} }, { status: 400 });
      }
    }
    throw error;
  }
  return redirectWithNotice(href("settings-my-listings", { lang }), { key: `listing-form:myListings.notices.${noticeOf[intent]}`, values: { title } });
}

export default function MyListings() {
  const { t } = useTranslation("listing-form");
  const { active, archived } = useLoaderData<typeof loader>();
  const flashed = useNotice(...Object.values(noticeOf).map((key) => `listing-form:myListings.notices.${key}` as const));
  const actionData = useActionData<typeof action>();
  const failed = useWhenIdle(actionData);
  return (
    <main id="main" className="space-y-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">{t("myListings.title")}</h1>
          <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">{t("myListings.intro")}</p>
        </div>
        <LocalizedLink
          to={LIST_YOUR_BOAT_PATH}
          className="inline-flex items-center justify-center rounded-lg bg-sea-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-sea-800"
        >
          {t("myListings.start")}
        </LocalizedLink>
      </header>
      {flashed ? <Notice>{flashed.text}</Notice> : null}
      {failed && !active.some((item) => item.id === failed.id) ? <FormAlert errors={[failed.message]} /> : null}
      {active.length === 0 && archived.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-white/20 dark:text-slate-400">
          {t("myListings.empty")}
        </p>
      ) : null}
      {active.length > 0 ? (
        <section aria-labelledby="listings-title">
          <h2 id="listings-title" className="sr-only">{t("myListings.list")}</h2>
          <ul className="space-y-4">
            {active.map((item) => (
              <ListingRow key={item.id} item={item} failure={failed?.id === item.id ? failed : undefined} />
            ))}
          </ul>
          <p className="mt-4 text-xs text-slate-500 dark:text-slate-400">{t("myListings.archiveHint")}</p>
        </section>
      ) : null}
      {archived.length > 0 ? (
        <section aria-labelledby="archived-title">
          <h2 id="archived-title" className="text-xl font-bold">{t("myListings.archivedList")}</h2>
          <ul className="mt-4 space-y-4 opacity-75">
            {archived.map((item) => (
              <ListingRow key={item.id} item={item} failure={undefined} />
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}

const statusClass: Record<ListingStatus, string> = {
  draft: "bg-sand-100 text-sand-700 dark:bg-white/10 dark:text-sand-300",
  published: "bg-emerald-500/15 text-emerald-800 dark:text-emerald-300",
  paused: "bg-slate-200 text-slate-700 dark:bg-white/10 dark:text-slate-200",
  archived: "bg-slate-100 text-slate-500 dark:bg-white/5 dark:text-slate-400",
};

function ListingRow({
  item,
  failure,
}: {
  item: ListingSummary;
  failure: { message: string; missing: Array<{ key: string; href: string }> } | undefined;
}) {
  const { t } = useTranslation("listing-form");
  const lang = useLang();
  const busy = usePending();
  const title = item.title ?? t("untitled");
  const linkClass = "inline-flex items-center rounded-lg px-3 py-1.5 text-sm font-semibold text-sea-700 hover:underline dark:text-sea-300";
  const headingId = `listing-${item.id}-title`;
  return (
    <li id={`listing-${item.id}`} className={cardClass("sm")} data-listing-id={item.id} data-status={item.status}>
      <div className="flex flex-wrap gap-5">
        <ListingPhoto
          photo={item.cover}
          fallback={item.kind === "boat" ? `/images/boats/${item.variant ?? "motor"}.svg` : "/images/docks.svg"}
          alt={item.cover ? "" : t("myListings.noPhoto")}
          sizes="10rem"
          className="aspect-[4/3] w-40 shrink-0 rounded-lg"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusClass[item.status]}`}>{t(`status.${item.status}`)}</span>
            <span className="text-xs font-semibold uppercase tracking-wide text-sea-700 dark:text-sea-300">
              {item.kind === "boat" ? t(`types.${item.variant ?? "motor"}`) : t(`dockKinds.${item.variant ?? "sale"}`)}
            </span>
          </div>
          <h3 id={headingId} className="mt-1 truncate text-lg font-bold">{title}</h3>
          <p className="text-sm text-slate-600 dark:text-slate-400">{item.place ?? t("myListings.noPlace")}</p>
          <p className="mt-1 font-semibold">
            {item.price ? t(`price.${item.price.unit}`, { price: formatEuros(item.price.cents, lang) }) : t("myListings.noPrice")}
          </p>
          {item.status === "draft" ? (
            <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
              {t("myListings.progress", { done: item.progress.done, total: item.progress.total })}
            </p>
          ) : null}
        </div>
      </div>
      {failure ? (
        <div className="mt-4 space-y-2">
          <FormAlert errors={[failure.message]} />
          {failure.missing.length > 0 ? (
            <LocalizedLink to={item.resumeHref} className={linkClass}>
              {t("myListings.completeIt")} →
            </LocalizedLink>
          ) : null}
        </div>
      ) : null}
      {item.status !== "archived" ? (
        <div role="group" aria-label={t("myListings.actionsFor", { title })} className="mt-4 flex flex-wrap items-center gap-2 border-t border-slate-200 pt-4 dark:border-white/10">
          <LocalizedLink to={item.status === "draft" ? item.resumeHref : item.editHref} className={linkClass}>
            {t("myListings.actions.edit")}
          </LocalizedLink>
          {item.status === "published" ? (
            <LocalizedLink to={item.viewHref} className={linkClass}>
              {t("myListings.actions.view")}
            </LocalizedLink>
          ) : null}
          <span className="ml-auto flex flex-wrap gap-2">
            {actionsFor[item.status].map((intent) => (
              <Form key={intent} method="post" action={localizePath(MY_LISTINGS_PATH, lang)}>
                <input type="hidden" name="id" value={item.id} />
                <Button variant="secondary" size="sm" name="intent" value={intent} disabled={busy}>
                  {t(`myListings.actions.${intent}`)}
                </Button>
              </Form>
            ))}
          </span>
        </div>
      ) : null}
    </li>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...seoMeta(data?.meta), { name: "robots", content: "noindex" }];
