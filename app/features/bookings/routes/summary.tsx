import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { loginRedirectUrl } from "#app/.server/auth/guards";
import { BookingError } from "#app/features/bookings/.server";
import { requestContext } from "#app/.server/http/request-context";
import { PolicyNote, PriceBreakdown, StayDates, useListingTitle } from "#app/features/bookings/components/booking";
import { Button, buttonClass, ButtonLink } from "#app/components/ui/button";
import { cardClass } from "#app/components/ui/card";
import { FormAlert } from "#app/components/forms";
import { BoatListingCard, DockListingCard } from "#app/features/listings";
import { LocalizedLink } from "#app/components/localized-link";
import { href } from "#app/utils/href";
import { formatEuros } from "#app/utils/money";
import { useLang } from "#app/utils/use-lang";
import { seoMeta } from "#app/utils/meta";
import { withQuery } from "#app/features/listings";
import { withoutEmptyParams } from "#app/features/listings";
import { asRefusal, choiceFormSchema, choiceOf, formRefusal, quoteView, readChoice, type Refusal } from "./choice.server";
import type { ChoiceFields } from "#app/features/bookings/view";
import { isListingId } from "#app/features/listings/.server";
import { cardsFor } from "#app/features/listings/index.server";
import { usePending } from "#app/utils/use-pending";
import { SummaryWeather } from "#app/features/weather";
import { SummaryLicence } from "#app/features/licences";
import { licenceAsk, licenceNeeded, takeLicence } from "#app/features/licences/index.server";

/**
 * /boat/rent/boat/ReservationSummary?listing=…&start=…&end=…[&part=am|pm][&people=…][&skipper=on]:
 * the price of the choice, line by line (days, weekly or monthly part, skipper, service fee,
 * total, deposit held), the cancellation policy with its dates for this stay, the forecast's
 * verdict for these days when it reaches them (decision 031; issue 44), and one POST form that
 * confirms it. Visitors see the same and sign in to confirm, coming back to this choice.
 * A refusal is a 400 (409 for taken days) with a translated message and a way back to the days;
 * confirming answers 303 to the booking's page.
 */
export const handle = { i18n: ["bookings", "listing", "seasons", "licences"] };

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, "bookings");
  // The rental form sends its blank fields without JavaScript (`end=&part=`): the clean URL.
  const clean = withoutEmptyParams(ctx.url.searchParams);
  if (clean) throw redirect(withQuery(ctx.url.pathname, clean));
  const viewer = await ctx.getUser();
  const { listingId, choice, fields } = readChoice(ctx.url.searchParams);
  const meta = { title: ctx.t("summary.meta.title"), description: ctx.t("summary.meta.description") };
  const back = `${href("rent", { params: { id: listingId || "-" } })}?${new URLSearchParams(Object.entries(fields).filter(([key, value]) => key !== "listing" && value !== ""))}`;
  let refusal: Refusal | null = null;
  let quote = null;
  let weather = null;
  let licence = null;
  try {
    const result = await ctx.services.bookings.quoteFor(listingId, viewer?.uid ?? null, choice);
    quote = quoteView(result);
    // A boat that needs a licence, without a skipper: the renter gives theirs (issue 49).
    licence = await licenceAsk(ctx, result, viewer?.uid ?? null, fields);
    const [free, trip] = await Promise.all([ctx.services.bookings.isFree(result.listing, result.start, result.end, result.part), ctx.services.weather.forTrip(result.listing, result)]);
    if (!free) refusal = asRefusal(new BookingError("taken"), ctx.t);
    // The trip page's verdict for these days, before confirming; nothing when the forecast does not reach them yet.
    else if (trip?.status === "forecast" && trip.days.length > 0) weather = trip;
  } catch (error) {
    refusal = asRefusal(error, ctx.t);
  }
  const card = quote ? ((await cardsFor(ctx.services, [quote.listingId])).get(quote.listingId) ?? null) : null;
  const tooMany = refusal?.field === "people" && choice.people !== null && choice.people >= 1 ? await tooManyPeople(ctx, listingId, fields, choice.people) : null;
  return data(
    { meta, quote, card, fields, refusal, weather, licence, back: listingId ? back : null, tooMany, signedIn: viewer !== null, loginUrl: loginRedirectUrl(ctx.request), charges: ctx.services.bookings.charges },
    { status: refusal ? refusal.status : 200, headers: { "Cache-Control": "private, no-cache" } },
  );
}

/**
 * More people than the boat takes: besides other days, the rental form without the people (to
 * choose fewer) and the search for boats that take them, near this one and on the same days.
 */
async function tooManyPeople(ctx: ReturnType<typeof requestContext>, listingId: string, fields: ChoiceFields, people: number) {
  const card = isListingId(listingId) ? (await cardsFor(ctx.services, [listingId])).get(listingId) : undefined;
  const kept = Object.entries(fields).filter(([key, value]) => !["listing", "people"].includes(key) && value !== "");
  return {
    people,
    changePeople: `${href("rent", { params: { id: listingId } })}?${new URLSearchParams(kept)}#people`,
    search: href("boat-search", { search: { place: card?.place.city ?? undefined, from: fields.start || undefined, to: fields.end || undefined, people } }),
  };
}

export async function action(args: ActionFunctionArgs) {
  const ctx = requestContext(args, "bookings");
  const user = await ctx.requireUser({ checkRevoked: true });
  const form = await ctx.formData();
  const submission = parseWithZod(form, { schema: choiceFormSchema(ctx.t) });
  if (submission.status !== "success") {
    const refusal = formRefusal(submission.error);
    return data({ refusal }, { status: refusal.status });
  }
  const { listingId, choice } = choiceOf(submission.value);
  try {
    // The renter's licence, kept on their profile and checked before booking (issue 49); a copy goes with the booking.
    const quote = await ctx.services.bookings.quoteFor(listingId, user.uid, choice);
    // Days already taken are said first: no licence is asked for them.
    if (licenceNeeded(quote) && !(await ctx.services.bookings.isFree(quote.listing, quote.start, quote.end, quote.part))) throw new BookingError("taken");
    const licenceRefusal = await takeLicence(ctx, user.uid, quote, form);
    if (licenceRefusal) return data({ refusal: null, licenceRefusal }, { status: 400 });
    const booking = await ctx.services.bookings.book({ uid: user.uid, lang: ctx.lang }, listingId, choice);
    if (licenceNeeded(quote)) await ctx.services.licences.give(booking);
    // A provider that charges takes the renter to its checkout first; it sends them back to the booking.
    if (booking.money.checkout) return redirect(booking.money.checkout.url, 303);
    // The trip's page opens with its banner: booked (instant) or request sent.
    return ctx.redirectWithNotice(href("settings-reservation", { lang: ctx.lang, params: { id: booking.id } }), { key: booking.status === "confirmed" ? "bookings:trip.banner.booked.title" : "bookings:trip.banner.requested.title" });
  } catch (error) {
    const refusal = asRefusal(error, ctx.t);
    return data({ refusal }, { status: refusal.status });
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...seoMeta(data?.meta), { name: "robots", content: "noindex" }];

export default function ReservationSummary() {
  const { t } = useTranslation("bookings");
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const titleOf = useListingTitle();
  const lang = useLang();
  const { quote, card, fields } = loaderData;
  const refusal = actionData?.refusal ?? loaderData.refusal;
  const submitting = usePending();
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-extrabold tracking-tight">{t("summary.title")}</h1>
      {refusal ? (
        <div className="mt-6 space-y-4">
          <FormAlert id="booking-refusal" errors={[refusal.message]} />
          <div className="flex flex-wrap gap-3">
            {loaderData.tooMany ? (
              <>
                <ButtonLink variant="secondary" size="md" to={loaderData.tooMany.changePeople}>{t("summary.changePeople")}</ButtonLink>
                <ButtonLink variant="secondary" size="md" to={loaderData.tooMany.search}>{t("summary.similarBoats", { count: loaderData.tooMany.people })}</ButtonLink>
              </>
            ) : null}
            {loaderData.back ? (
              <ButtonLink variant="secondary" size="md" to={loaderData.back}>{t("summary.changeDays")}</ButtonLink>
            ) : (
              <ButtonLink variant="secondary" size="md" to={href("boat-search")}>{t("summary.search")}</ButtonLink>
            )}
          </div>
        </div>
      ) : null}
      {quote && card ? (
        <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_20rem]">
          <div className="space-y-6">
            <section aria-labelledby="stay-title" className={cardClass()}>
              <h2 id="stay-title" className="text-xl font-bold">{titleOf(card)}</h2>
              <p className="mt-1 text-lg"><StayDates stay={quote} /></p>
              <ul className="mt-2 space-y-0.5 text-sm text-slate-700 dark:text-slate-300">
                {quote.people !== null ? <li>{t("stay.people", { count: quote.people })}</li> : null}
                {quote.withSkipper ? <li>{t("stay.withSkipper")}</li> : null}
                <li>{quote.instant ? t("summary.instant") : t("summary.request")}</li>
              </ul>
            </section>
            {loaderData.weather && !refusal ? <SummaryWeather weather={loaderData.weather} end={quote.end} /> : null}
            <section aria-labelledby="price-title" className={cardClass()}>
              <h2 id="price-title" className="text-xl font-bold">{t("summary.price")}</h2>
              <div className="mt-3"><PriceBreakdown price={quote.price} /></div>
              <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
                {loaderData.charges
                  ? t("summary.paymentNote.charges")
                  : t("summary.paymentNote.direct", { rental: formatEuros(quote.price.ownerCents, lang) })}
              </p>
            </section>
            <section aria-labelledby="policy-title" className={cardClass()}>
              <h2 id="policy-title" className="text-xl font-bold">{t("summary.policy")}</h2>
              <div className="mt-3"><PolicyNote policy={quote.cancellationPolicy} deadlines={quote.deadlines} charges={loaderData.charges} /></div>
            </section>
            {refusal ? null : loaderData.signedIn ? (
              <Form method="post" encType={loaderData.licence ? "multipart/form-data" : undefined} className="flex flex-wrap items-center gap-4">
                {loaderData.licence ? <div className="w-full"><SummaryLicence ask={loaderData.licence} refusal={actionData && "licenceRefusal" in actionData ? actionData.licenceRefusal : null} /></div> : null}
                {Object.entries(fields).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
                <Button variant="primary" size="lg" type="submit"  disabled={submitting}>{quote.instant ? t("summary.confirm") : t("summary.sendRequest")}</Button>
                {loaderData.back ? <LocalizedLink to={loaderData.back} className="font-semibold text-sea-800 underline dark:text-sea-200">{t("summary.changeDays")}</LocalizedLink> : null}
              </Form>
            ) : (
              <div className="flex flex-wrap items-center gap-4">
                <a href={loaderData.loginUrl} className={buttonClass("primary", "lg")}>{t("summary.signIn")}</a>
                <p className="text-sm text-slate-600 dark:text-slate-400">{t("summary.signInNote")}</p>
              </div>
            )}
          </div>
          <aside className="self-start">{card.kind === "boat" ? <BoatListingCard card={card} headingLevel={2} /> : <DockListingCard card={card} headingLevel={2} />}</aside>
        </div>
      ) : null}
    </main>
  );
}
