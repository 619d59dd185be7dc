import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { addDays, MAX_DAYS_AHEAD, today } from "#app/features/bookings/.server";
import { hasCalendar, type Listing } from "#app/features/listings/.server";
import { requestContext, type RequestContext } from "#app/.server/http/request-context";
import { parseForm, unknownIntent } from "#app/.server/http/form";
import { calendarFormSchema } from "../schemas.server";
import { AvailabilityCalendar, CalendarPager } from "#app/features/bookings";
import { StatusBadge, StayDates, useListingTitle } from "#app/features/bookings";
import { cardClass } from "#app/components/ui/card";
import { FormAlert, labelClass, Notice, SelectInput, TextInput } from "#app/components/forms";
import { CopyField } from "#app/components/copy-field";
import { LocalizedLink } from "#app/components/localized-link";
import { href } from "#app/utils/href";
import { seoMeta } from "#app/utils/meta";
import { asRefusal, type Refusal } from "#app/features/bookings/index.server";
import { calendarFor } from "#app/features/bookings/index.server";
import { cardsFor } from "#app/features/listings/index.server";
import { CalendarImports, type ImportedCalendarView } from "#app/features/calendar/components/calendar-imports";
import { FAILURES_BEFORE_BACKOFF, heldDays, isCalendarSyncError, timeZoneOf, type CalendarImport } from "#app/features/calendar/.server";
import { useNotice } from "#app/utils/notice";
import { usePending } from "#app/utils/use-pending";
import { Button, ButtonLink } from "#app/components/ui/button";
import { isSeasonIntent, seasonAction, seasonsView, type SeasonReply } from "./seasons.server";
import { SEASON_NOTICES, seasonPrices, SeasonsPanel } from "#app/features/calendar/components/seasons-panel";

/**
 * /ajustes/mi-calendario: the owner's calendar, one listing at a time (a select of their boats
 * and berths for rent): three months with every held day (paged month by month, `?mes=`, up to
 * the booking horizon), the bookings and requests with
 * their renters, the blocked days with a button to free each, a form to block days, and the
 * listing's iCal feed at a secret address (`/ical/{id}/{token}.ics`) that a button replaces, and
 * the other platforms' calendars it imports (`intent=add-calendar`, `sync-now`, `remove-calendar`,
 * `export-imported`; decision record 030).
 */
export const handle = { i18n: ["bookings", "listing", "seasons"] };

const NOTICES = ["blocked", "unblocked", "rotated", "calendar-added", "calendar-synced", "calendar-sync-failed", "calendar-removed", "export-on", "export-off"] as const;

async function ownedBookable(ctx: RequestContext, uid: string) {
  return (await ctx.services.listings.listByOwner(uid)).filter(hasCalendar);
}

/** An imported calendar as the page shows it: its conflicts as the days they hold in the listing's zone. */
function importView(record: CalendarImport, listing: Listing, first: string): ImportedCalendarView {
  const zone = timeZoneOf(listing);
  const horizonEnd = addDays(first, MAX_DAYS_AHEAD + 1);
  let host = record.url;
  try {
    const url = new URL(record.url);
    host = url.host + (url.pathname.length > 24 ? `${url.pathname.slice(0, 24)}…` : url.pathname);
  } catch {
    // stored URLs are parsed on the way in
  }
  return {
    id: record.id,
    url: record.url,
    host,
    lastSuccessAt: record.lastSuccessAt,
    lastAttemptAt: record.lastAttemptAt,
    error: record.error ? { code: record.error.code, status: record.error.status } : null,
    // Failed often enough in a row to be fetched less often (decision 046): how often, and when next.
    backoff: (record.failures ?? 0) >= FAILURES_BEFORE_BACKOFF ? { failures: record.failures ?? 0, nextTryAt: record.nextSyncAt } : null,
    events: record.events.length,
    conflicts: record.conflicts.flatMap((conflict) => {
      const held = heldDays(conflict, listing.kind, zone, first, horizonEnd);
      if (held.length === 0) return [];
      const start = held[0].day;
      const end = held[held.length - 1].day;
      const part = held.length === 1 ? held[0].part : null;
      return [{ key: `${conflict.uid}-${conflict.start}`, start, end, part, days: held.filter((h, n) => n === 0 || h.day !== held[n - 1].day).length, summary: conflict.summary, bookingIds: conflict.bookingIds }];
    }),
  };
}

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, "bookings");
  const user = await ctx.requireUser();
  const { bookings, users } = ctx.services;
  const listings = await ownedBookable(ctx, user.uid);
  const meta = { title: ctx.t("calendar.page.meta"), description: ctx.t("calendar.page.intro") };
  if (listings.length === 0) return { meta, empty: true as const };
  const selected = listings.find((l) => l.id === ctx.url.searchParams.get("listing")) ?? listings[0];
  const first = today(new Date());
  // The months shown: three from `?mes=` (this month by default), up to the booking horizon.
  const [cards, { calendar, pages }, held, blocks, token, imports, exportImported] = await Promise.all([
    cardsFor(ctx.services, listings.map((l) => l.id)),
    calendarFor(ctx, selected.id),
    bookings.forListing(selected.id, first),
    bookings.blocks(user.uid, selected.id),
    bookings.feedToken(user.uid, selected.id),
    ctx.services.calendarSync.list(user.uid, selected.id),
    ctx.services.calendarSync.exportsImported(selected.id),
  ]);
  const renters = await users.getMany(held.map((b) => b.renterUid));
  return {
    meta,
    empty: false as const,
    options: listings.map((l) => ({ id: l.id, card: cards.get(l.id) ?? null })),
    selected: selected.id,
    today: first,
    lastDay: addDays(first, MAX_DAYS_AHEAD),
    calendar,
    pages,
    bookings: held.map((b) => ({ id: b.id, status: b.status, start: b.start, end: b.end, part: b.part, days: b.days, renter: renters.get(b.renterUid)?.displayName ?? null })),
    blocks: blocks.map((b) => ({ id: b.id, start: b.start, end: b.end, days: 1 + Math.round((Date.parse(b.end) - Date.parse(b.start)) / 86_400_000) })),
    feedUrl: ctx.origin + href("calendar-feed", { params: { listingId: selected.id, file: `${token}.ics` } }),
    imports: imports.map((record) => importView(record, selected, first)),
    exportImported,
    seasons: seasonsView(selected),
  };
}

export async function action(args: ActionFunctionArgs) {
  const ctx = requestContext(args, "bookings");
  const user = await ctx.requireUser({ checkRevoked: true });
  const body = await ctx.formData();
  // Seasons and the weekend rule (issue 49): their own forms and replies (`seasons.server.ts`).
  if (isSeasonIntent(body.get("intent"))) return seasonAction(ctx, user.uid, body);
  const parsed = parseForm(body, calendarFormSchema, ctx.t);
  const typed = (name: string) => (parsed.typed[name] ?? "").slice(0, 128);
  const intent = typed("intent");
  const listingId = typed("listing");
  // Back to the months the owner was looking at (`mes`, from the block and unblock forms).
  const month: Record<string, string> = /^\d{4}-\d{2}$/.test(typed("mes")) ? { mes: typed("mes") } : {};
  const back = (notice: (typeof NOTICES)[number]) => ctx.redirectWithNotice(href("settings-calendar", { lang: ctx.lang, search: { listing: listingId, ...month } }), { key: `bookings:calendar.page.notice.${notice}` });
  const url = (parsed.typed.url ?? "").slice(0, 2100);
  const refused = (refusal: Refusal) => data({ intent, refusal, fields: { start: typed("start"), end: typed("end"), url } }, { status: refusal.status === 404 ? 400 : refusal.status });
  if (!parsed.ok) {
    if (unknownIntent(parsed)) return refused({ status: 400, field: null, message: ctx.t("errors.unknownAction") });
    const [field, message] = Object.entries(parsed.fields)[0]!;
    return refused({ status: 400, field, message, fields: parsed.fields });
  }
  const form = parsed.value;
  try {
    switch (form.intent) {
      case "add-calendar":
        await ctx.services.calendarSync.add(user.uid, form.listing, form.url);
        return back("calendar-added");
      case "sync-now": {
        const record = await ctx.services.calendarSync.syncNow(user.uid, form.calendar);
        return back(record.error && record.error.at === record.lastAttemptAt ? "calendar-sync-failed" : "calendar-synced");
      }
      case "remove-calendar":
        await ctx.services.calendarSync.remove(user.uid, form.calendar);
        return back("calendar-removed");
      case "export-imported":
        await ctx.services.calendarSync.setExportImported(user.uid, form.listing, form.on);
        return back(form.on ? "export-on" : "export-off");
      case "block":
        await ctx.services.bookings.block(user.uid, form.listing, form.start, form.end || form.start);
        return back("blocked");
      case "unblock":
        await ctx.services.bookings.unblock(user.uid, form.block);
        return back("unblocked");
      case "rotate":
        await ctx.services.bookings.feedToken(user.uid, form.listing, { rotate: true });
        return back("rotated");
    }
  } catch (error) {
    if (isCalendarSyncError(error)) {
      if (error.code === "not-found") return refused({ status: 404, field: null, message: ctx.t("calendar.page.notYours") });
      const message =
        error.code === "fetch"
          ? ctx.t("calendar.imports.addFailed", { reason: ctx.t(`calendar.imports.reason.${error.reason ?? "not-calendar"}`, { status: error.status ?? "" }) })
          : ctx.t(`calendar.imports.errors.${error.code}`);
      return refused({ status: 400, field: "url", message });
    }
    const refusal = asRefusal(error, ctx.t);
    if (refusal.status === 404) refusal.message = ctx.t("calendar.page.notYours");
    return refused(refusal);
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...seoMeta(data?.meta), { name: "robots", content: "noindex" }];

export default function CalendarPage() {
  const { t } = useTranslation("bookings");
  const loaderData = useLoaderData<typeof loader>();
  const notice = useNotice(...NOTICES.map((name) => `bookings:calendar.page.notice.${name}` as const), ...SEASON_NOTICES);
  const replied = useActionData<typeof action>();
  const actionData = replied && "refusal" in replied ? replied : undefined;
  const seasonReply = replied && "seasons" in replied ? (replied as SeasonReply).seasons : null;
  const busy = usePending({ untilIdle: true });
  const titleOf = useListingTitle();
  if (loaderData.empty) {
    return (
      <main id="main" className="space-y-6">
        <h1 className="text-3xl font-extrabold tracking-tight">{t("calendar.page.title")}</h1>
        <div className={cardClass()}>
          <p>{t("calendar.page.empty")}</p>
          <ButtonLink variant="primary" size="lg" to={href("settings-list-boat")} className="mt-4">{t("owner.list.emptyAction")}</ButtonLink>
        </div>
      </main>
    );
  }
  const { options, selected } = loaderData;
  return (
    <main id="main" className="space-y-8">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">{t("calendar.page.title")}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{t("calendar.page.intro")}</p>
      </header>
      {notice ? <Notice>{notice.text}</Notice> : null}
      {actionData?.refusal ? <FormAlert id="calendar-refusal" errors={[actionData.refusal.message]} /> : null}
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <label htmlFor="listing" className={labelClass}>{t("calendar.page.listing")}</label>
          <SelectInput id="listing" name="listing" defaultValue={selected}>
            {options.map((option) => (
              <option key={option.id} value={option.id}>{titleOf(option.card)}</option>
            ))}
          </SelectInput>
        </div>
        <Button variant="secondary" size="md" type="submit">{t("calendar.page.show")}</Button>
      </Form>
      <section aria-labelledby="months-title">
        <h2 id="months-title" className="scroll-mt-24 text-xl font-bold">{t("calendar.title")}</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("calendar.legend")}</p>
        <CalendarPager pages={loaderData.pages} anchor="months-title" params={{ listing: selected }} />
        <AvailabilityCalendar months={loaderData.calendar} today={loaderData.today} prices={seasonPrices(loaderData.seasons)} />
      </section>
      {loaderData.seasons ? <SeasonsPanel listingId={selected} view={loaderData.seasons} reply={seasonReply} busy={busy} /> : null}
      <section aria-labelledby="held-title" className={cardClass()}>
        <h2 id="held-title" className="text-xl font-bold">{t("calendar.page.held")}</h2>
        {loaderData.bookings.length === 0 && loaderData.blocks.length === 0 ? <p className="mt-2 text-sm">{t("calendar.page.nothingHeld")}</p> : null}
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-white/10">
          {loaderData.bookings.map((booking) => (
            <li key={booking.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <LocalizedLink to={href("settings-rental", { params: { id: booking.id } })} className="font-semibold text-sea-800 underline dark:text-sea-200">
                  <StayDates stay={booking} />
                </LocalizedLink>
                {booking.renter ? <p className="text-sm text-slate-600 dark:text-slate-400">{t("owner.with", { name: booking.renter })}</p> : null}
              </div>
              <StatusBadge status={booking.status} side="owner" />
            </li>
          ))}
          {loaderData.blocks.map((block) => (
            <li key={block.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <p>
                <span className="font-semibold"><StayDates stay={{ ...block, part: null }} /></span>{" "}
                <span className="text-sm text-slate-600 dark:text-slate-400">· {t("calendar.page.blocked")}</span>
              </p>
              <Form method="post">
                <input type="hidden" name="intent" value="unblock" />
                <input type="hidden" name="listing" value={selected} />
                <input type="hidden" name="block" value={block.id} />
                <input type="hidden" name="mes" value={loaderData.pages.month} />
                <Button variant="secondary" size="md" type="submit"  disabled={busy}>{t("calendar.page.unblock")}</Button>
              </Form>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="block-title" className={cardClass()}>
        <h2 id="block-title" className="text-xl font-bold">{t("calendar.page.blockTitle")}</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("calendar.page.blockIntro")}</p>
        <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <input type="hidden" name="intent" value="block" />
          <input type="hidden" name="listing" value={selected} />
          <input type="hidden" name="mes" value={loaderData.pages.month} />
          <div>
            <label htmlFor="block-start" className={labelClass}>{t("fields.start")}</label>
            <TextInput id="block-start" name="start" type="date" required min={loaderData.today} max={loaderData.lastDay} defaultValue={actionData?.fields.start} />
          </div>
          <div>
            <label htmlFor="block-end" className={labelClass}>{t("fields.end")}</label>
            <TextInput id="block-end" name="end" type="date" min={loaderData.today} max={loaderData.lastDay} defaultValue={actionData?.fields.end} />
          </div>
          <Button variant="primary" size="lg" type="submit"  disabled={busy}>{t("calendar.page.block")}</Button>
        </Form>
      </section>
      <CalendarImports
        listingId={selected}
        calendars={loaderData.imports}
        exportImported={loaderData.exportImported}
        busy={busy}
        urlError={actionData?.intent === "add-calendar" && actionData.refusal.field === "url" ? actionData.refusal.message : null}
        urlValue={actionData?.intent === "add-calendar" ? actionData.fields.url : ""}
      />
      <section aria-labelledby="feed-title" className={cardClass()}>
        <h2 id="feed-title" className="text-xl font-bold">{t("calendar.page.feedTitle")}</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("calendar.page.feedIntro")}</p>
        <label htmlFor="feed-url" className={`${labelClass} mt-4`}>{t("calendar.page.feedUrl")}</label>
        <CopyField id="feed-url" value={loaderData.feedUrl} />
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="rotate" />
          <input type="hidden" name="listing" value={selected} />
          <Button variant="secondary" size="md" type="submit"  disabled={busy}>{t("calendar.page.rotate")}</Button>
        </Form>
      </section>
    </main>
  );
}
