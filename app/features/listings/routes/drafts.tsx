import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { parseWithZod } from "@conform-to/zod";
import { isListingError } from "#app/features/listings/.server";
import { FormAlert, Notice } from "#app/components/forms";
import { ListingPhoto } from "#app/features/listings/components/listing-photo";
import { LocalizedLink } from "#app/components/localized-link";
import { languageOf, localizePath } from "#app/i18n";
import { DRAFTS_PATH, LIST_YOUR_BOAT_PATH } from "#app/features/listings/form";
import { seoMeta } from "#app/utils/meta";
import { useLang } from "#app/utils/use-lang";
import { listingSummaries } from "#app/features/listings/routes/listing-form/progress.server";
import { dateTimeFormat } from "#app/framework/intl";
import { requestContext } from "#app/.server/http/request-context";
import { notFound } from "#app/.server/http/responses";
import { href } from "#app/utils/href";
import { useNotice } from "#app/utils/notice";
import { usePending } from "#app/utils/use-pending";
import { cardClass } from "#app/components/ui/card";
import { discardSchema, formRefusal } from "./listing-status-forms.server";
import { Button } from "#app/components/ui/button";

/**
 * /ajustes/recopilar-borrador-alquiler: the person's drafts, last changed first, with how many
 * steps each has done, a link that resumes it at its first open step, and a "discard" that
 * deletes it and its photos for good (behind a confirmation that needs no JavaScript). The form
 * is read through the body gate and one schema (`listing-status-forms.server.ts`): a form no page
 * of ours sends is a translated 400.
 */
export const handle = { i18n: ["listing-form"] };

export async function loader(args: LoaderFunctionArgs) {
  const { requireUser, t, services, lang } = requestContext(args, "listing-form");
  const user = await requireUser();
  const items = await listingSummaries(services, await services.listings.drafts(user.uid), lang);
  return {
    meta: { title: t("meta.drafts.title"), description: t("meta.drafts.description") },
    drafts: items,
  };
}

export async function action(args: ActionFunctionArgs) {
  const { requireUser, request, lang, t, services, formData, redirectWithNotice } = requestContext(args, "listing-form");
  const user = await requireUser();
  // A form no page of ours sends: a translated 400 with the wrong field's message.
  const parsed = parseWithZod(await formData(), { schema: discardSchema(t) });
  if (parsed.status !== "success") {
    const { id, message, fields } = formRefusal(parsed, t);
    return data({ id, message, fields }, { status: 400 });
  }
  const { id } = parsed.value;
  try {
    // The draft and its photos, for good (nothing else points at them).
    await services.listingPhotos.discardDraft(user.uid, id);
  } catch (error) {
    // Someone else's listing, or none: it does not exist for this person.
    if (isListingError(error, "not-found")) notFound(request);
    if (isListingError(error, "invalid-transition")) {
      return data({ id, message: t("drafts.notADraft"), fields: {} }, { status: 400 });
    }
    throw error;
  }
  return redirectWithNotice(href("settings-drafts", { lang }), { key: "listing-form:drafts.discarded" });
}

export default function Drafts() {
  const { t } = useTranslation("listing-form");
  const { drafts } = useLoaderData<typeof loader>();
  const notice = useNotice("listing-form:drafts.saved", "listing-form:drafts.discarded");
  const actionData = useActionData<typeof action>();
  const busy = usePending();
  const lang = useLang();
  const dateFormat = dateTimeFormat(languageOf(lang).iso, { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Madrid" });
  return (
    <main id="main" className="space-y-8">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">{t("drafts.title")}</h1>
        <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">{t("drafts.intro")}</p>
      </header>
      {notice && !actionData ? <Notice>{notice.text}</Notice> : null}
      {actionData ? <FormAlert errors={[actionData.message]} /> : null}
      {drafts.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 p-8 text-center dark:border-white/20">
          <p className="text-slate-600 dark:text-slate-400">{t("drafts.empty")}</p>
          <LocalizedLink to={LIST_YOUR_BOAT_PATH} className="mt-4 inline-block font-semibold text-sea-700 hover:underline dark:text-sea-300">
            {t("drafts.start")} →
          </LocalizedLink>
        </div>
      ) : (
        <ul aria-label={t("drafts.list")} className="space-y-4">
          {drafts.map((draft) => {
            const title = draft.title ?? t("untitled");
            const percent = Math.round((draft.progress.done / draft.progress.total) * 100);
            return (
              <li key={draft.id} className={cardClass("sm", { extra: "flex flex-wrap items-center gap-5" })} id={`listing-${draft.id}`} data-listing-id={draft.id}>
                <ListingPhoto
                  photo={draft.cover}
                  fallback={draft.kind === "boat" ? `/images/boats/${draft.variant ?? "motor"}.svg` : "/images/docks.svg"}
                  alt=""
                  sizes="8rem"
                  className="aspect-[4/3] w-32 shrink-0 rounded-lg"
                />
                <div className="min-w-44 flex-1">
                  <p className="text-xs font-semibold uppercase tracking-wide text-sea-700 dark:text-sea-300">
                    {draft.kind === "boat" ? t(`types.${draft.variant ?? "motor"}`) : t(`dockKinds.${draft.variant ?? "sale"}`)}
                  </p>
                  <h2 className="truncate text-lg font-bold">{title}</h2>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {t("drafts.updated", { date: dateFormat.format(new Date(draft.updatedAt)) })}
                  </p>
                  <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
                    <progress value={draft.progress.done} max={draft.progress.total} className="sr-only">
                      {percent}%
                    </progress>
                    <span aria-hidden="true" className="h-2 w-40 overflow-hidden rounded-full bg-slate-200 dark:bg-white/10">
                      <span className={`block h-full bg-emerald-600 ${widthClass(percent)}`} />
                    </span>
                    <span className="text-sm">{t("drafts.progress", { done: draft.progress.done, total: draft.progress.total })}</span>
                  </div>
                </div>
                <div className="flex items-center gap-2 sm:flex-col sm:items-stretch">
                  <LocalizedLink
                    to={draft.resumeHref}
                    aria-label={t("drafts.resumeLabel", { title })}
                    className="inline-flex items-center justify-center rounded-lg bg-sea-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-sea-800"
                  >
                    {t("drafts.resume")}
                  </LocalizedLink>
                  <details className="group text-sm">
                    <summary className="cursor-pointer list-none rounded-lg px-4 py-2 text-center font-semibold text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-white/10">
                      <span aria-hidden="true">{t("drafts.discard")}</span>
                      <span className="sr-only">{t("drafts.discardLabel", { title })}</span>
                    </summary>
                    <Form method="post" action={localizePath(DRAFTS_PATH, lang)} className="mt-2 max-w-56 space-y-2 rounded-lg border border-red-200 p-3 dark:border-red-400/30">
                      <p>{t("drafts.discardWarning")}</p>
                      <input type="hidden" name="id" value={draft.id} />
                      <Button variant="danger" size="block" name="intent" value="discard" disabled={busy}>
                        {t("drafts.discardConfirm")}
                      </Button>
                    </Form>
                  </details>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </main>
  );
}

/** The progress bar's width in steps of 10% (the CSP allows no inline styles). */
function widthClass(percent: number): string {
  const classes = ["w-0", "w-1/10", "w-2/10", "w-3/10", "w-4/10", "w-5/10", "w-6/10", "w-7/10", "w-8/10", "w-9/10", "w-full"];
  return classes[Math.min(10, Math.max(0, Math.round(percent / 10)))];
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...seoMeta(data?.meta), { name: "robots", content: "noindex" }];
