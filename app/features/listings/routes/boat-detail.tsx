import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation, type MetaFunction } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { withLoaderHeaders } from "#app/utils/headers";
import { boatCard, boatTripTotal, mapPoints, ownersOf, photoViews } from "#app/features/listings/views.server";
import { serviceFeePercent } from "#app/features/bookings";
import { listingPageMeta, loadListingPage, recordView } from "#app/features/listings/routes/pages.server";
import { BoatListingCard, formatMetres } from "#app/features/listings/components/listing-card";
import { ContactOwnerLink, DescriptionSection, DetailSection, FactList, LeadPrice, ListingDetailLayout, ListingHeader, LocationSection, OwnerCard, PriceBox, RequestToBook, ReviewsSection, TickList, useEuros } from "#app/features/listings/components/listing-detail";
import { formatEuros } from "#app/utils/money";
import { drawnCards, summarize, toSearchParams, withQuery, type OwnerView } from "#app/features/listings/view";
import { bookingTarget, readTrip, rentSearch, tripDays, tripSearch, withoutEmptyParams } from "#app/features/listings/trip";
import { addDays, MAX_BOAT_DAYS, MAX_DAYS_AHEAD, today } from "#app/features/bookings/.server";
import { localizePath } from "#app/i18n";
import { href } from "#app/utils/href";
import { BookingBar } from "#app/features/bookings";
import { listingMeta } from "#app/features/listings/meta";
import { useLang } from "#app/utils/use-lang";
import { listingReviews } from "#app/features/reviews/index.server";
import { visitorPageHeaders } from "#app/.server/page-cache";
import { SHARED_WITH_VISITORS } from "#app/utils/headers";
import { requestContext } from "#app/.server/http/request-context";
import { bookingBoxOf, ownerStandingOf } from "#app/features/bookings/index.server";
import { contactOwnerAction } from "#app/features/chats/index.server";
import { requiredLicence } from "#app/features/licences/.server";
import { ContactOwnerForm } from "#app/features/chats";
import { AvailabilitySection, BookingEstimate, estimateOf, type BookingBox, type TripChoice } from "#app/features/bookings";
import { OwnerStanding } from "#app/features/bookings";


/**
 * /boat/{id}: a boat's page. Published boats are public; a draft, paused or archived one is a
 * 404 for everyone but its owner, who sees it with a banner saying so. Booking happens on
 * /boat/rent/boat/{id}; "Contact the owner" is a form on the page that opens a conversation.
 *
 * The days and people of the search (`from`, `to`, `people`) come along: the price box opens
 * with them and their total, the phones' booking bar shows it and, with days and people known,
 * leads straight to the summary (the rental form only asks for what is missing); the links to
 * the rental form and to similar boats nearby (with their totals for those days) carry them on.
 * The button says "Reservar" on instant listings, "Solicitar reserva" on the others. The
 * availability pages month by month (`?mes=YYYY-MM`) up to the booking horizon. What cannot be booked (a past day, more people than
 * the boat takes) is left out, never an error; blank parameters redirect to the clean URL.
 */
/** Visitors share this page (the visitors\' page cache, decision record 007). */
export const handle = { i18n: ["listing", "favourites", "bookings", "reviews", "chats", "seasons"], pageCache: SHARED_WITH_VISITORS };

export const headers = withLoaderHeaders;

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args);
  const viewer = await ctx.getUser();
  const page = await loadListingPage(ctx, viewer, args.params.id, "boat");
  const { listing, lang, t, place, description } = page;
  const clean = withoutEmptyParams(ctx.url.searchParams);
  if (clean) throw redirect(localizePath(withQuery(href("boat", { params: { id: listing.id } }), clean), lang), 301);
  const d = listing.data;
  const title = d.title ?? t("untitled");
  const typeName = d.type ? t(`boatTypes.${d.type}`) : t("boatTypes.boat");
  const fallbackDescription =
    d.dayPriceCents !== undefined
      ? t("detail.meta.boatDescription", { type: typeName, place: place.label ?? "", count: d.capacity ?? 1, price: formatEuros(d.dayPriceCents, lang) })
      : typeName;

  const published = listing.status === "published";
  const [viewCookie, bookingBox, reviews, similarBoats, standing] = await Promise.all([
    published ? recordView(ctx, listing.id) : null,
    bookingBoxOf(ctx, listing),
    listingReviews(ctx.services, listing),
    published ? ctx.services.listings.similarBoats(listing) : Promise.resolve([]),
    // The owner's standing (issue 49): one read, shown on the owner's card.
    ownerStandingOf(ctx, listing.ownerUid),
  ]);
  const first = bookingBox?.today ?? today(new Date());
  const trip = readTrip(ctx.url.searchParams, { today: first, lastDay: addDays(first, MAX_DAYS_AHEAD), maxDays: MAX_BOAT_DAYS, capacity: d.capacity ?? null });
  const tripParams = toSearchParams(tripSearch(trip));
  const similarOwners = await ownersOf(ctx.services.users, similarBoats.map((boat) => boat.ownerUid));
  // Cards below the fold: what they draw, without the placeholder only the first results show.
  const similar = drawnCards(similarBoats.map((boat) => boatCard(boat, page.portIndex, similarOwners))).map((card, i) => ({
    ...card,
    photo: card.photo && { ...card.photo, placeholder: null },
    href: withQuery(card.href, tripParams),
    trip: boatTripTotal(similarBoats[i], tripDays(trip), serviceFeePercent(ctx.services.bookings.charges), trip.from),
  }));

  return data(
    {
    signedIn: viewer !== null,
    favourite: page.favourite,
    meta: listingPageMeta(page, title, {
      title: place.city ? t("detail.meta.boatTitle", { title, place: place.city }) : t("detail.meta.titleOnly", { title }),
      description: description ? summarize(description.text) : fallbackDescription,
    }),
    boat: {
      id: listing.id,
      status: listing.status,
      title,
      type: d.type ?? null,
      description: page.descriptionView,
      make: d.make ?? null,
      model: d.model ?? null,
      year: d.year ?? null,
      lengthM: d.lengthM ?? null,
      capacity: d.capacity ?? null,
      // A water scooter has no cabins or berths (its form does not ask them; older ones say 0).
      cabins: d.type === "jetski" ? null : (d.cabins ?? null),
      berths: d.type === "jetski" ? null : (d.berths ?? null),
      enginePowerHp: d.enginePowerHp ?? null,
      fuel: d.fuel ?? null,
      equipment: d.equipment ?? [],
      place,
      prices: {
        day: d.dayPriceCents ?? null,
        halfDay: d.halfDayPriceCents ?? null,
        week: d.weekPriceCents ?? null,
        hour: d.hourPriceCents ?? null,
        deposit: d.depositCents ?? null,
      },
      skipper: d.skipper ?? null,
      // What the renter needs: the owner's choice, never below the law's minimum (issue 49).
      licence: d.type ? requiredLicence(d) : null,
      fuelPolicy: d.fuelPolicy ?? null,
      instantBooking: d.instantBooking === true,
      cancellationPolicy: d.cancellationPolicy ?? null,
      // Without online payments nothing is paid before the trip, so no refund to describe (decision 048).
      charges: ctx.services.bookings.charges,
      ownerCancellations: listing.ownerCancellations ?? 0,
      minimumAge: d.minimumAge ?? null,
      guidedWithoutLicence: d.guidedWithoutLicence === true,
      photos: photoViews(listing),
      fallbackImage: `/images/boats/${d.type ?? "motor"}.svg`,
    },
    ...page.ownership,
    bookingBox,
    trip,
    similar,
    reviews,
    standing,
    points: mapPoints([boatCard(listing, page.portIndex, new Map())], () => title),
    },
    // The recently-viewed cookie of a visitor: such a response is never cached publicly.
    {
      headers: {
        ...(viewCookie ? { "Set-Cookie": viewCookie, "Cache-Control": "private, no-store" } : {}),
        ...visitorPageHeaders({
          viewer,
          viewedListingId: listing.status === "published" ? listing.id : null,
          tags: [`listing:${listing.id}`, `user:${listing.ownerUid}`, ...similar.map((card) => `listing:${card.id}`)],
        }),
      },
    },
  );
}

/** "Contact the owner": opens or continues the conversation about this boat (see `contactOwnerAction`). */
export const action = (args: ActionFunctionArgs) => contactOwnerAction(args, "boat");

type BoatView = ReturnType<typeof useLoaderData<typeof loader>>["boat"];

/** The page starts afresh for another boat or another trip (a link to a similar boat). */
export default function BoatPage() {
  const { boat } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return <BoatPageContent key={`${boat.id}${search}`} />;
}

function BoatPageContent() {
  const { t } = useTranslation("listing");
  const { boat, owner, ownerSince, isOwner, editUrl, points, favourite, signedIn, bookingBox, trip, similar, reviews, standing } = useLoaderData<typeof loader>();
  const bookable = boat.status === "published" && !isOwner;
  // The days and people chosen: the search's at first, then the price box's as they change.
  const [choice, setChoice] = useState<TripChoice>({ start: trip.from ?? "", end: trip.to ?? "", people: trip.people === null ? "" : String(trip.people) });
  const estimate = bookingBox ? estimateOf(bookingBox, choice) : null;
  const people = /^\d+$/.test(choice.people) ? Number(choice.people) : null;
  const rentQuery = rentSearch({ from: choice.start || null, to: choice.end || null, people });
  // Days and people known (and free): the button prices them at once on the summary.
  const target = bookingTarget(boat.id, { from: choice.start || null, to: choice.end || null, people }, true);
  const bookHref = estimate?.taken || target.to === "rent" ? href("rent", { params: { id: boat.id }, search: rentQuery }) : href("reservation-summary", { search: target.search });
  // Instant listings are booked ("Reservar"), the others asked for ("Solicitar reserva").
  const bookLabel = boat.instantBooking ? t("detail.book") : t("detail.requestToBook");

  return (
    <ListingDetailLayout
      listing={boat}
      fallbackImage={boat.fallbackImage}
      editUrl={isOwner ? editUrl : null}
      header={
        <ListingHeader
          listing={boat}
          kind={boat.type ? t(`boatTypes.${boat.type}`) : t("boatTypes.boat")}
          favourite={favourite}
          signedIn={signedIn}
          professional={owner?.professional === true}
        >
          {boat.capacity !== null ? <span>{t("facts.capacity", { count: boat.capacity })}</span> : null}
          {boat.instantBooking ? <span className="rounded-full bg-sand-400 px-2.5 py-0.5 text-xs font-semibold text-sea-950">{t("badges.instant")}</span> : null}
        </ListingHeader>
      }
      aside={<BoatPriceBox boat={boat} owner={owner} bookable={bookable} box={bookingBox} choice={choice} onChoice={setChoice} rentQuery={rentQuery} bookLabel={bookLabel} />}
      bottomBar={
        bookable ? (
          <BookingBar
            price={boat.prices.day === null ? null : { cents: boat.prices.day, unit: "day" }}
            estimate={estimate && !estimate.taken && estimate.totalCents !== null ? { days: estimate.days, totalCents: estimate.totalCents } : null}
            people={people}
            bookHref={bookHref}
            bookLabel={bookLabel}
            label={t("bar.label")}
          />
        ) : null
      }
    >
      <DescriptionSection description={boat.description} />

      <BoatSpecs boat={boat} />

      <LocationSection place={boat.place} points={points} />

      {owner ? (
        <OwnerCard owner={owner} memberSince={ownerSince} heading={t("detail.owner")}>
          <OwnerStanding standing={standing} className="mt-4" />
          {bookable ? <ContactOwnerForm ownerName={owner.displayName} signedIn={signedIn} /> : null}
        </OwnerCard>
      ) : null}

      {bookingBox ? <AvailabilitySection box={bookingBox} params={{ from: choice.start, to: choice.end, people: choice.people }} /> : null}
      <ReviewsSection reviews={reviews} />

      {similar.length > 0 ? <SimilarBoats similar={similar} /> : null}
    </ListingDetailLayout>
  );
}

/** What the boat is (make, model, size, engine), what it carries, and the conditions of a trip on it (licence, skipper, fuel, cancellation). */
function BoatSpecs({ boat }: { boat: BoatView }) {
  const { t } = useTranslation("listing");
  const lang = useLang();
  const skipper = boat.skipper;
  const euros = useEuros();
  return (
    <>
      <DetailSection id="specs-heading" title={t("detail.specs")}>
        <FactList
          facts={[
            { label: t("detail.make"), value: boat.make },
            { label: t("detail.model"), value: boat.model },
            { label: t("detail.year"), value: boat.year },
            { label: t("detail.length"), value: boat.lengthM === null ? null : formatMetres(boat.lengthM, lang) },
            { label: t("detail.capacity"), value: boat.capacity === null ? null : t("facts.people", { count: boat.capacity }) },
            { label: t("detail.cabins"), value: boat.cabins },
            { label: t("detail.berths"), value: boat.berths },
            { label: t("detail.enginePower"), value: boat.enginePowerHp === null ? null : t("detail.horsepower", { value: boat.enginePowerHp }) },
            { label: t("detail.fuel"), value: boat.fuel ? t(`fuel.${boat.fuel}`) : null },
          ]}
        />
      </DetailSection>

      {boat.equipment.length > 0 ? (
        <DetailSection id="equipment-heading" title={t("detail.equipment")}>
          <TickList items={boat.equipment.map((item) => ({ key: item, label: t(`equipment.${item}`) }))} />
        </DetailSection>
      ) : null}

      <DetailSection id="conditions-heading" title={t("detail.conditions")}>
        <FactList
          facts={[
            { label: t("detail.licence"), value: boat.licence ? t(`licences.${boat.licence}`) : null },
            {
              label: t("detail.skipper"),
              value: skipper
                ? skipper.mode === "none"
                  ? t("skipper.none")
                  : t(`skipper.${skipper.mode}`, { price: euros(skipper.dailyPriceCents) })
                : null,
            },
            { label: t("detail.fuelPolicy"), value: boat.fuelPolicy ? t(`fuelPolicies.${boat.fuelPolicy}`) : null },
            { label: t("detail.instantBooking"), value: boat.instantBooking ? t("detail.instantYes") : t("detail.instantNo") },
            { label: t("detail.minimumAge"), value: boat.minimumAge === null ? null : t("detail.years", { count: boat.minimumAge }) },
            { label: t("detail.guided"), value: boat.type === "jetski" ? (boat.guidedWithoutLicence ? t("detail.guidedYes") : t("detail.guidedNo")) : null },
          ]}
        />
        {boat.cancellationPolicy ? (
          <div className="mt-6 rounded-xl bg-sea-50 p-4 dark:bg-white/5">
            <h3 className="font-semibold">{t("detail.cancellation", { policy: t(`cancellation.${boat.cancellationPolicy}.name`) })}</h3>
            {boat.charges ? (
              <>
                <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t(`cancellation.${boat.cancellationPolicy}.text`)}</p>
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("cancellation.serviceFee")}</p>
              </>
            ) : (
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t("cancellation.direct")}</p>
            )}
          </div>
        ) : null}
        {boat.ownerCancellations > 0 ? (
          <p className="mt-3 text-sm font-semibold text-amber-900 dark:text-amber-200">{t("detail.ownerCancellations", { count: boat.ownerCancellations })}</p>
        ) : null}
      </DetailSection>
    </>
  );
}

/** Boats like this one nearby (similar.ts), as search cards. */
function SimilarBoats({ similar }: { similar: ReturnType<typeof useLoaderData<typeof loader>>["similar"] }) {
  const { t } = useTranslation("listing");
  return (
    <DetailSection id="similar-heading" title={t("similar.title")}>
      <p className="-mt-2 mb-4 text-sm text-slate-600 dark:text-slate-400">{t("similar.text")}</p>
      <ul className="grid gap-4 sm:grid-cols-2" data-testid="similar-boats">
        {similar.map((card) => (
          <li key={card.id}>
            <BoatListingCard card={card} />
          </li>
        ))}
      </ul>
    </DetailSection>
  
  );
}

/** The boat's prices, and the way to book it (and to contact its owner) for anyone but the owner. */
function BoatPriceBox({
  boat,
  owner,
  bookable,
  box,
  choice,
  onChoice,
  rentQuery,
  bookLabel,
}: {
  boat: BoatView;
  owner: OwnerView | null;
  bookable: boolean;
  box: BookingBox | null;
  choice: TripChoice;
  onChoice: (choice: TripChoice) => void;
  rentQuery: Record<string, string | number | undefined>;
  bookLabel: string;
}) {
  const { t } = useTranslation("listing");
  const euros = useEuros();
  return (
    <PriceBox headingId="booking-heading" title={t("detail.prices")}>
      <LeadPrice cents={boat.prices.day} unit="day" />
      <FactList
        narrow
        facts={[
          { label: t("detail.halfDay"), value: euros(boat.prices.halfDay) },
          { label: t("detail.week"), value: euros(boat.prices.week) },
          { label: t("detail.hour"), value: euros(boat.prices.hour) },
          { label: t("detail.deposit"), value: euros(boat.prices.deposit) },
        ]}
      />
      {boat.prices.deposit !== null ? <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">{t("detail.depositNote")}</p> : null}
      {bookable ? (
        <div className="mt-6 space-y-3">
          {box ? <BookingEstimate listingId={boat.id} box={box} submitLabel={bookLabel} initial={choice} onChange={onChoice} /> : null}
          <RequestToBook listingId={boat.id} search={rentQuery} label={bookLabel} note={boat.instantBooking ? t("detail.instantNote") : t("detail.requestNote")} secondary={box !== null} />
          {owner ? <ContactOwnerLink label={t("detail.contactOwner")} /> : null}
        </div>
      ) : null}
    </PriceBox>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => listingMeta(data?.meta);
