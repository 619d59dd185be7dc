import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useSearchParams, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { addDays, MAX_BOAT_DAYS, MAX_DAYS_AHEAD, MAX_DOCK_DAYS } from "#app/features/bookings/.server";
import { isListingId } from "#app/features/listings/.server";
import { hasRules } from "#app/features/bookings/day-prices";
import { requestContext } from "#app/.server/http/request-context";
import { invariantResponse } from "#app/.server/http/responses";
import { AvailabilityCalendar, CalendarPager, CalendarWeatherNote } from "#app/features/bookings/components/availability-calendar";
import { useListingTitle } from "#app/features/bookings/components/booking";
import { cardClass } from "#app/components/ui/card";
import { ChoiceInput, labelClass, TextInput } from "#app/components/forms";
import { BoatListingCard, DockListingCard } from "#app/features/listings";
import { formatEuros } from "#app/utils/money";
import { href } from "#app/utils/href";
import { seoMeta } from "#app/utils/meta";
import { withQuery } from "#app/features/listings";
import { useLang } from "#app/utils/use-lang";
import { useCompactGetSubmit } from "#app/utils/use-compact-get-submit";
import { withoutEmptyParams } from "#app/features/listings";
import { calendarFor, calendarWeather } from "./booking-box.server";
import { cardsFor } from "#app/features/listings/index.server";
import { Button } from "#app/components/ui/button";

/**
 * /boat/rent/boat/{id}: choosing the days of a boat (or of a berth for rent): the first and last
 * day (or one half day), the people and the skipper, with the availability three months at a
 * time, paged month by month (`?mes=YYYY-MM`) up to the booking horizon, a boat's days ringed where
 * the forecast makes them unsafe for it (issue 44, the boat page's calendar's rule). A
 * plain GET form leads to the summary (/boat/rent/boat/ReservationSummary), which prices the
 * choice and confirms it; nothing here needs JavaScript.
 */
export const handle = { i18n: ["bookings", "listing", "seasons"] };

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, "bookings");
  const id = args.params.id ?? "";
  // Blank parameters (`end=&part=`): the same page at its clean URL.
  const clean = withoutEmptyParams(ctx.url.searchParams);
  if (clean) throw redirect(withQuery(ctx.url.pathname, clean));
  const viewer = await ctx.getUser();
  const listing = isListingId(id) ? await ctx.services.listings.get(id) : null;
  invariantResponse(listing && listing.status === "published" && (listing.kind !== "dock" || listing.data.kind === "rent"), ctx.request);
  const card = (await cardsFor(ctx.services, [listing.id])).get(listing.id)!;
  // The months shown: three from `?mes=` (this month by default), up to the booking horizon.
  const [{ today: first, calendar, pages }, weather] = await Promise.all([calendarFor(ctx, listing.id), calendarWeather(ctx, listing)]);
  const boat = listing.kind === "boat" ? listing.data : null;
  const dock = listing.kind === "dock" ? listing.data : null;
  return data(
    {
      meta: { title: ctx.t("rent.meta.title", { title: card.kind === "boat" ? (card.title ?? "") : "" }), description: ctx.t("rent.meta.description") },
      card,
      own: viewer?.uid === listing.ownerUid,
      kind: listing.kind,
      today: first,
      lastDay: addDays(first, MAX_DAYS_AHEAD),
      maxDays: listing.kind === "boat" ? MAX_BOAT_DAYS : MAX_DOCK_DAYS,
      calendar,
      pages,
      weather,
      // Each free day's price when the boat has seasons or a weekend rule (issue 49).
      prices: boat?.dayPriceCents && listing.kind === "boat" && hasRules(listing.pricing) ? { rules: listing.pricing, baseCents: boat.dayPriceCents } : null,
      terms: {
        instant: boat?.instantBooking === true,
        capacity: boat?.capacity ?? null,
        dayPriceCents: boat?.dayPriceCents ?? dock?.dailyPriceCents ?? null,
        halfDayPriceCents: boat?.halfDayPriceCents ?? null,
        weekPriceCents: boat?.weekPriceCents ?? null,
        monthPriceCents: dock?.monthlyPriceCents ?? null,
        depositCents: boat?.depositCents ?? null,
        skipper: boat?.skipper ?? null,
        policy: boat?.cancellationPolicy ?? "moderate",
        availableFrom: dock?.availableFrom ?? null,
        availableTo: dock?.availableTo ?? null,
      },
    },
    { headers: { "Cache-Control": "private, no-cache" } },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...seoMeta(data?.meta), { name: "robots", content: "noindex" }];

export default function Rent() {
  const { t } = useTranslation("bookings");
  const lang = useLang();
  const data = useLoaderData<typeof loader>();
  const [search] = useSearchParams();
  const submitClean = useCompactGetSubmit();
  const titleOf = useListingTitle();
  const { card, terms, kind } = data;
  const title = titleOf(card);
  const euros = (cents: number) => formatEuros(cents, lang);
  const halfDays = kind === "boat" && terms.halfDayPriceCents !== null;
  const minStart = terms.availableFrom && terms.availableFrom > data.today ? terms.availableFrom : data.today;
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-extrabold tracking-tight">{t("rent.title", { title })}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">{terms.instant ? t("rent.instant") : t("rent.request")}</p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-8">
          {data.own ? (
            <p role="status" className="rounded-xl bg-amber-50 p-4 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">{t("rent.own")}</p>
          ) : null}
          <section aria-labelledby="choose-title" className={cardClass()}>
            <h2 id="choose-title" className="text-xl font-bold">{t("rent.choose")}</h2>
            <Form method="get" action={href("reservation-summary", { lang })} onSubmit={submitClean} className="mt-4 space-y-5">
              <input type="hidden" name="listing" value={card.id} />
              <div className="grid gap-4 sm:grid-cols-2">
                <div>
                  <label htmlFor="start" className={labelClass}>{t("fields.start")}</label>
                  <TextInput id="start" name="start" type="date" required min={minStart} max={data.lastDay} defaultValue={search.get("start") ?? ""} />
                </div>
                <div>
                  <label htmlFor="end" className={labelClass}>{t("fields.end")}</label>
                  <TextInput id="end" name="end" type="date" min={minStart} max={terms.availableTo ?? data.lastDay} defaultValue={search.get("end") ?? ""} aria-describedby="end-hint" />
                  <p id="end-hint" className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("fields.endHint", { max: data.maxDays })}</p>
                </div>
              </div>
              {halfDays ? (
                <fieldset>
                  <legend className={labelClass}>{t("fields.duration")}</legend>
                  <div className="mt-2 grid gap-2 sm:grid-cols-3">
                    {(["", "am", "pm"] as const).map((part) => (
                      <label key={part || "days"} className="flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 dark:border-white/20">
                        <ChoiceInput type="radio" name="part" value={part} defaultChecked={(search.get("part") ?? "") === part} />
                        {part ? t(`fields.halfDay.${part}`) : t("fields.fullDays")}
                      </label>
                    ))}
                  </div>
                </fieldset>
              ) : null}
              {kind === "boat" ? (
                <div className="grid gap-4 sm:grid-cols-2">
                  <div>
                    <label htmlFor="people" className={labelClass}>{t("fields.people")}</label>
                    <TextInput id="people" name="people" type="number" inputMode="numeric" required min={1} max={terms.capacity ?? 1} defaultValue={search.get("people") ?? "2"} aria-describedby="people-hint" />
                    <p id="people-hint" className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("fields.peopleHint", { count: terms.capacity ?? 1 })}</p>
                  </div>
                  {terms.skipper?.mode === "optional" ? (
                    <label className="flex items-start gap-3 self-end rounded-lg border border-slate-300 px-3 py-2 dark:border-white/20">
                      <ChoiceInput type="checkbox" name="skipper" defaultChecked={search.get("skipper") === "on"} />
                      <span>{t("fields.skipper", { price: euros(terms.skipper.dailyPriceCents) })}</span>
                    </label>
                  ) : terms.skipper?.mode === "mandatory" ? (
                    <p className="self-end text-sm">{t("fields.skipperMandatory", { price: euros(terms.skipper.dailyPriceCents) })}</p>
                  ) : null}
                </div>
              ) : null}
              <Button variant="primary" size="lg" type="submit">{t("rent.submit")}</Button>
            </Form>
          </section>
          <section aria-labelledby="availability-title">
            <h2 id="availability-title" className="scroll-mt-24 text-xl font-bold">{t("calendar.title")}</h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("calendar.legend")}</p>
            {data.weather ? <CalendarWeatherNote weather={data.weather} /> : null}
            <CalendarPager pages={data.pages} anchor="availability-title" />
            {data.prices ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("seasons:calendar.prices")}</p> : null}
            <AvailabilityCalendar months={data.calendar} today={data.today} weather={data.weather} prices={data.prices} />
          </section>
        </div>
        <aside className="space-y-4 self-start">
          {card.kind === "boat" ? <BoatListingCard card={card} headingLevel={2} /> : <DockListingCard card={card} headingLevel={2} />}
          <dl className={`${cardClass()} space-y-1 text-sm`}>
            {terms.dayPriceCents !== null ? <Term label={t("terms.day")} value={euros(terms.dayPriceCents)} /> : null}
            {terms.halfDayPriceCents !== null ? <Term label={t("terms.halfDay")} value={euros(terms.halfDayPriceCents)} /> : null}
            {terms.weekPriceCents !== null ? <Term label={t("terms.week")} value={euros(terms.weekPriceCents)} /> : null}
            {terms.monthPriceCents !== null ? <Term label={t("terms.month")} value={euros(terms.monthPriceCents)} /> : null}
            {terms.depositCents ? <Term label={t("terms.deposit")} value={euros(terms.depositCents)} /> : null}
            <Term label={t("terms.policy")} value={t(`policy.${terms.policy}.name`)} />
          </dl>
        </aside>
      </div>
    </main>
  );
}

function Term({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
