import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { useState } from "react";
import { href } from "#app/utils/href";
import { useTranslation } from "react-i18next";
import { withLoaderHeaders } from "#app/utils/headers";
import { dockCard, mapPoints, photoViews } from "#app/features/listings/views.server";
import { listingPageMeta, loadListingPage, recordView } from "#app/features/listings/routes/pages.server";
import { formatMetres } from "#app/features/listings/components/listing-card";
import { ContactOwnerLink, DescriptionSection, DetailSection, FactList, LeadPrice, ListingDetailLayout, ListingHeader, LocationSection, OwnerCard, PriceBox, RequestToBook, ReviewsSection, TickList, useEuros } from "#app/features/listings/components/listing-detail";
import { listingMeta } from "#app/features/listings/meta";
import { dockTitle, summarize, type OwnerView } from "#app/features/listings/view";
import { useLang } from "#app/utils/use-lang";
import { dateTimeFormat } from "#app/framework/intl";
import { listingReviews } from "#app/features/reviews/index.server";
import { visitorPageHeaders } from "#app/.server/page-cache";
import { SHARED_WITH_VISITORS } from "#app/utils/headers";
import { requestContext } from "#app/.server/http/request-context";
import { bookingBoxOf } from "#app/features/bookings/index.server";
import { contactOwnerAction } from "#app/features/chats/index.server";
import { ContactOwnerForm } from "#app/features/chats";
import { AvailabilitySection, BookingEstimate, estimateOf, NO_CHOICE, type BookingBox, type TripChoice } from "#app/features/bookings";
import { BookingBar } from "#app/features/bookings";
import { bookingTarget, rentSearch } from "#app/features/listings/trip";


/**
 * /dock/{id}: a berth or mooring for sale or rent. Published docks are public; others are a
 * 404 for everyone but their owner, who sees a banner. Berths for rent are booked through the
 * same booking engine as boats (/boat/rent/boat/{id}); buyers write to the seller from the
 * page's contact form, which opens a conversation.
 */
/** Visitors share this page (the visitors\' page cache, decision record 007). */
export const handle = { i18n: ["listing", "favourites", "bookings", "reviews", "chats"], pageCache: SHARED_WITH_VISITORS };

export const headers = withLoaderHeaders;

/** "2 de marzo de 2026", for availability dates (ISO days, shown as calendar days). */
function formatDay(day: string, iso: string): string {
  return dateTimeFormat(iso, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
}

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args);
  const viewer = await ctx.getUser();
  const page = await loadListingPage(ctx, viewer, args.params.id, "dock");
  const { listing, iso, t, place, description } = page;
  const d = listing.data;
  const title = dockTitle(t, { berthType: d.berthType ?? null, berthNumber: d.berthNumber ?? null, place });
  const kindName = d.kind ? t(`dockKinds.${d.kind}`) : t("dock.berth");

  const [viewCookie, bookingBox, reviews] = await Promise.all([listing.status === "published" ? recordView(ctx, listing.id) : null, bookingBoxOf(ctx, listing), listingReviews(ctx.services, listing)]);

  return data(
    {
    signedIn: viewer !== null,
    favourite: page.favourite,
    meta: listingPageMeta(page, title, {
      title: t("detail.meta.dockTitle", { title, kind: kindName }),
      description: description ? summarize(description.text) : t("detail.meta.dockDescription", { title, kind: kindName }),
    }),
    dock: {
      id: listing.id,
      status: listing.status,
      title,
      kind: d.kind ?? null,
      description: page.descriptionView,
      berthNumber: d.berthNumber ?? null,
      ownerCancellations: listing.ownerCancellations ?? 0,
      berthType: d.berthType ?? null,
      maxLengthM: d.maxLengthM ?? null,
      maxBeamM: d.maxBeamM ?? null,
      depthM: d.depthM ?? null,
      services: d.services ?? null,
      place,
      sale: {
        priceCents: d.priceCents ?? null,
        concessionYearsLeft: d.concessionYearsLeft ?? null,
        annualFeeCents: d.annualFeeCents ?? null,
        marinaApprovalRequired: d.marinaApprovalRequired ?? null,
      },
      rent: {
        dailyPriceCents: d.dailyPriceCents ?? null,
        monthlyPriceCents: d.monthlyPriceCents ?? null,
        availableFrom: d.availableFrom ? formatDay(d.availableFrom, iso) : null,
        availableTo: d.availableTo ? formatDay(d.availableTo, iso) : null,
      },
      photos: photoViews(listing),
    },
    ...page.ownership,
    bookingBox,
    reviews,
    points: mapPoints([dockCard(listing, page.portIndex, new Map())], () => title),
    },
    // The recently-viewed cookie of a visitor: such a response is never cached publicly.
    {
      headers: {
        ...(viewCookie ? { "Set-Cookie": viewCookie, "Cache-Control": "private, no-store" } : {}),
        ...visitorPageHeaders({
          viewer,
          viewedListingId: listing.status === "published" ? listing.id : null,
          tags: [`listing:${listing.id}`, `user:${listing.ownerUid}`],
        }),
      },
    },
  );
}

const serviceKeys = ["water", "electricity", "wifi", "showers", "security", "fuel", "parking", "pumpOut"] as const;

/** "Contact the owner": opens or continues the conversation about this dock (see `contactOwnerAction`). */
export const action = (args: ActionFunctionArgs) => contactOwnerAction(args, "dock");

type DockView = ReturnType<typeof useLoaderData<typeof loader>>["dock"];

/** The page starts afresh for another berth. */
export default function DockPage() {
  const { dock } = useLoaderData<typeof loader>();
  return <DockPageContent key={dock.id} />;
}

function DockPageContent() {
  const { t } = useTranslation("listing");
  const lang = useLang();
  const { dock, owner, ownerSince, isOwner, editUrl, points, favourite, signedIn, bookingBox, reviews } = useLoaderData<typeof loader>();
  const contactable = dock.status === "published" && !isOwner;
  // The days chosen in the price box, for the phones' booking bar and the rental form.
  const [choice, setChoice] = useState<TripChoice>(NO_CHOICE);
  const estimate = bookingBox ? estimateOf(bookingBox, choice) : null;
  const rentQuery = rentSearch({ from: choice.start || null, to: choice.end || null });
  const leadPrice =
    dock.rent.monthlyPriceCents !== null
      ? { cents: dock.rent.monthlyPriceCents, unit: "month" as const }
      : dock.rent.dailyPriceCents !== null
        ? { cents: dock.rent.dailyPriceCents, unit: "day" as const }
        : null;
  const metres = (value: number | null) => (value === null ? null : formatMetres(value, lang));
  const services = dock.services;
  const offered = services ? serviceKeys.filter((key) => services[key]) : [];
  const electricityAmps = services && "electricityAmps" in services ? (services.electricityAmps as number | undefined) : undefined;

  return (
    <ListingDetailLayout
      listing={dock}
      fallbackImage="/images/docks.svg"
      editUrl={isOwner ? editUrl : null}
      header={
        <ListingHeader
          listing={dock}
          kind={dock.kind ? t(`dockKinds.${dock.kind}`) : t("dock.berth")}
          favourite={favourite}
          signedIn={signedIn}
          professional={owner?.professional === true}
        />
      }
      aside={<DockPriceBox dock={dock} owner={owner} contactable={contactable} box={bookingBox} choice={choice} onChoice={setChoice} rentQuery={rentQuery} />}
      bottomBar={
        contactable && dock.kind === "rent" ? (
          <BookingBar
            price={leadPrice}
            estimate={estimate && !estimate.taken && estimate.totalCents !== null ? { days: estimate.days, totalCents: estimate.totalCents } : null}
            people={null}
            bookHref={
              estimate && !estimate.taken && bookingTarget(dock.id, { from: choice.start || null, to: choice.end || null }, false).to === "summary"
                ? href("reservation-summary", { search: bookingTarget(dock.id, { from: choice.start || null, to: choice.end || null }, false).search })
                : href("rent", { params: { id: dock.id }, search: rentQuery })
            }
            bookLabel={t("detail.requestToBook")}
            label={t("bar.labelDock")}
          />
        ) : null
      }
    >
      <DescriptionSection description={dock.description} />

      <DetailSection id="berth-heading" title={t("detail.berthDetails")}>
        <FactList
          facts={[
            { label: t("detail.berthType"), value: dock.berthType ? t(`berthTypes.${dock.berthType}`) : null },
            { label: t("detail.berthNumber"), value: dock.berthNumber },
            { label: t("detail.maxLength"), value: metres(dock.maxLengthM) },
            { label: t("detail.maxBeam"), value: metres(dock.maxBeamM) },
            { label: t("detail.depth"), value: dock.depthM ? metres(dock.depthM) : null },
          ]}
        />
      </DetailSection>

      <DetailSection id="services-heading" title={t("detail.services")}>
        {offered.length > 0 ? (
          <TickList
            items={offered.map((key) => ({
              key,
              label: key === "electricity" && electricityAmps ? t("services.electricityAmps", { amps: electricityAmps }) : t(`services.${key}`),
            }))}
          />
        ) : (
          <p className="text-slate-500 dark:text-slate-400">{t("detail.noServices")}</p>
        )}
      </DetailSection>

      <LocationSection place={dock.place} points={points} />

      {owner ? (
        <OwnerCard owner={owner} memberSince={ownerSince} heading={dock.kind === "sale" ? t("detail.seller") : t("detail.owner")}>
          {contactable ? <ContactOwnerForm ownerName={owner.displayName} signedIn={signedIn} seller={dock.kind === "sale"} /> : null}
        </OwnerCard>
      ) : null}

      {bookingBox ? <AvailabilitySection box={bookingBox} params={{ from: choice.start, to: choice.end }} /> : null}
      <ReviewsSection reviews={reviews} />
    </ListingDetailLayout>
  );
}

/**
 * The dock's price (for sale: the price and the concession's terms; for rent: the monthly and
 * daily prices and its dates), and for anyone but the owner the way to book it or to contact them.
 */
function DockPriceBox({
  dock,
  owner,
  contactable,
  box,
  choice,
  onChoice,
  rentQuery,
}: {
  dock: DockView;
  owner: OwnerView | null;
  contactable: boolean;
  box: BookingBox | null;
  choice: TripChoice;
  onChoice: (choice: TripChoice) => void;
  rentQuery: Record<string, string | number | undefined>;
}) {
  const { t } = useTranslation("listing");
  const euros = useEuros();
  const yesNo = (value: boolean | null) => (value === null ? null : value ? t("detail.yes") : t("detail.no"));
  return (
    <PriceBox headingId="price-heading" title={dock.kind === "sale" ? t("detail.salePrice") : t("detail.prices")}>
      {dock.kind === "sale" ? (
        <>
          <LeadPrice cents={dock.sale.priceCents} />
          <FactList
            narrow
            facts={[
              { label: t("detail.concessionYearsLeft"), value: dock.sale.concessionYearsLeft === null ? null : t("detail.years", { count: dock.sale.concessionYearsLeft }) },
              { label: t("detail.annualFee"), value: euros(dock.sale.annualFeeCents) },
              { label: t("detail.marinaApproval"), value: yesNo(dock.sale.marinaApprovalRequired) },
            ]}
          />
        </>
      ) : (
        <>
          <LeadPrice cents={dock.rent.monthlyPriceCents} unit="month" />
          <LeadPrice cents={dock.rent.dailyPriceCents} unit="day" minor={dock.rent.monthlyPriceCents !== null} />
          <FactList
            narrow
            facts={[
              { label: t("detail.availableFrom"), value: dock.rent.availableFrom },
              { label: t("detail.availableTo"), value: dock.rent.availableTo ?? (dock.rent.availableFrom ? t("detail.noEndDate") : null) },
            ]}
          />
          {dock.ownerCancellations > 0 ? (
            <p className="mt-2 text-sm font-semibold text-amber-900 dark:text-amber-200">{t("detail.ownerCancellations", { count: dock.ownerCancellations })}</p>
          ) : null}
        </>
      )}
      {contactable ? (
        <div className="mt-6 space-y-3">
          {dock.kind === "rent" && box ? <BookingEstimate listingId={dock.id} box={box} submitLabel={t("detail.requestToBook")} initial={choice} onChange={onChoice} /> : null}
          {dock.kind === "rent" ? <RequestToBook listingId={dock.id} search={rentQuery} note={t("detail.requestNote")} secondary={box !== null} /> : null}
          {owner ? (
            <ContactOwnerLink primary={dock.kind === "sale"} label={dock.kind === "sale" ? t("detail.contactSeller") : t("detail.contactOwner")} />
          ) : null}
        </div>
      ) : null}
    </PriceBox>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => listingMeta(data?.meta);
