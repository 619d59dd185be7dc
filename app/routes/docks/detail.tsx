import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getSessionUser } from "#app/.server/auth/guards";
import type { DockListing } from "#app/.server/domain/listings";
import { recordView } from "#app/.server/domain/history";
import { getFixedT } from "#app/.server/i18n";
import { FavouriteButton } from "#app/components/favourite-button";
import { withLoaderHeaders } from "#app/utils/headers";
import {
  coverImageUrl,
  dockCard,
  editPath,
  languageName,
  mapPoints,
  memberSince,
  ownerOf,
  photoViews,
  placeView,
  portsBySlug,
  publicOrigin,
} from "#app/.server/listing-views";
import { formatMetres } from "#app/components/listing-card";
import { DetailSection, FactList, OwnerBanner, OwnerCard, PhotoGallery, ReviewsSection } from "#app/components/listing-detail";
import { ListingMap } from "#app/components/listing-map";
import { LocalizedLink } from "#app/components/localized-link";
import { formatEuros, Price } from "#app/components/price";
import { languageOf, splitLangFromPath } from "#app/i18n";
import { listingMeta } from "#app/utils/listing-meta";
import { dockTitle, pickDescription, summarize } from "#app/utils/listing-view";
import { useLang } from "#app/utils/use-lang";
import { dateTimeFormat } from "#app/utils/intl";
import { visitorPageHeaders } from "#app/.server/page-cache";

/**
 * /dock/{id}: a berth or mooring for sale or rent. Published docks are public; others are a
 * 404 for everyone but their owner, who sees a banner. Berths for rent are booked through the
 * same booking engine as boats (/boat/rent/boat/{id}); buyers contact the seller (their public
 * page until chats exist).
 */
export const handle = { i18n: ["listing", "favourites"] };

export const headers = withLoaderHeaders;

function notFound(pathname: string): never {
  throw data({ message: "Page not found", path: pathname }, { status: 404, statusText: "Page not found" });
}

/** "2 de marzo de 2026", for availability dates (ISO days, shown as calendar days). */
function formatDay(day: string, iso: string): string {
  return dateTimeFormat(iso, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { lang } = splitLangFromPath(url.pathname);
  const { listings, ports, config } = context.services;
  const viewer = await getSessionUser(request, context);
  const found = await listings.getForViewer(params.id ?? "", viewer?.uid ?? null);
  if (!found || found.kind !== "dock") notFound(url.pathname);
  const listing: DockListing = found;
  const [owner, portList] = await Promise.all([ownerOf(context.services.users, listing.ownerUid), ports.list()]);
  const portIndex = portsBySlug(portList);

  const t = getFixedT(lang, "listing");
  const iso = languageOf(lang).iso;
  const d = listing.data;
  const place = placeView(listing, portIndex);
  const title = dockTitle(t, { berthType: d.berthType ?? null, berthNumber: d.berthNumber ?? null, place });
  const description = pickDescription(d.description, lang);
  const isOwner = viewer !== null && viewer.uid === listing.ownerUid;
  const kindName = d.kind ? t(`dockKinds.${d.kind}`) : t("dock.berth");

  const [favourite, viewCookie] = await Promise.all([
    viewer ? context.services.favourites.isFavourite(viewer.uid, listing.id) : Promise.resolve(false),
    listing.status === "published" ? recordView(request, context, listing.id) : Promise.resolve(null),
  ]);

  return data(
    {
    signedIn: viewer !== null,
    favourite,
    meta: {
      title: t("detail.meta.dockTitle", { title, kind: kindName }),
      description: description ? summarize(description.text) : t("detail.meta.dockDescription", { title, kind: kindName }),
      image: coverImageUrl(listing, publicOrigin(request, config)),
      imageAlt: t("detail.photoAlt", { title, n: 1, total: listing.photos.length }),
      noindex: listing.status !== "published",
    },
    dock: {
      id: listing.id,
      status: listing.status,
      title,
      kind: d.kind ?? null,
      description: description
        ? { ...description, languageName: description.lang === lang ? null : languageName(description.lang, iso) }
        : null,
      berthNumber: d.berthNumber ?? null,
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
    owner,
    ownerSince: owner ? memberSince(owner.createdAt, iso) : "",
    isOwner,
    editUrl: isOwner ? editPath(listing, lang) : "",
    points: mapPoints([dockCard(listing, portIndex, new Map())], () => title),
    },
    // The recently-viewed cookie of a visitor: such a response is never cached publicly.
    {
      headers: {
        ...(viewCookie ? { "Set-Cookie": viewCookie, "Cache-Control": "private, no-store" } : {}),
        ...visitorPageHeaders({ viewer, viewedListingId: listing.status === "published" ? listing.id : null }),
      },
    },
  );
}

const serviceKeys = ["water", "electricity", "wifi", "showers", "security", "fuel", "parking", "pumpOut"] as const;

export default function DockPage() {
  const { t } = useTranslation("listing");
  const lang = useLang();
  const { dock, owner, ownerSince, isOwner, editUrl, points, favourite, signedIn } = useLoaderData<typeof loader>();
  const contactable = dock.status === "published" && !isOwner;
  const euros = (cents: number | null) => (cents === null ? null : formatEuros(cents, lang));
  const metres = (value: number | null) => (value === null ? null : formatMetres(value, lang));
  const services = dock.services;
  const offered = services ? serviceKeys.filter((key) => services[key]) : [];
  const electricityAmps = services && "electricityAmps" in services ? (services.electricityAmps as number | undefined) : undefined;
  const yesNo = (value: boolean | null) => (value === null ? null : value ? t("detail.yes") : t("detail.no"));

  return (
    <main id="main" className="container-page py-8">
      <article className="space-y-8">
        {isOwner ? <OwnerBanner status={dock.status} editUrl={editUrl} /> : null}

        <header>
          <p className="text-sm font-semibold tracking-wide text-sea-700 uppercase dark:text-sea-300">{dock.kind ? t(`dockKinds.${dock.kind}`) : t("dock.berth")}</p>
          <div className="mt-1 flex items-start justify-between gap-4">
            <h1 className="text-3xl font-extrabold tracking-tight text-sea-900 sm:text-4xl dark:text-white">{dock.title}</h1>
            {dock.status === "published" ? <FavouriteButton listingId={dock.id} favourite={favourite} signedIn={signedIn} /> : null}
          </div>
          <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-slate-600 dark:text-slate-300">
            {dock.place.label ? <span>{dock.place.label}</span> : null}
            {owner?.professional ? <span className="rounded-full bg-sea-800 px-2.5 py-0.5 text-xs font-semibold text-white">{t("badges.professional")}</span> : null}
          </p>
        </header>

        <PhotoGallery photos={dock.photos} title={dock.title} fallback="/images/docks.svg" />

        <div className="grid gap-10 lg:grid-cols-[1fr_22rem]">
          <div className="min-w-0 space-y-8">
            <DetailSection id="description-heading" title={t("detail.description")}>
              {dock.description ? (
                <>
                  <p className="whitespace-pre-line break-words text-slate-700 dark:text-slate-300" lang={dock.description.lang}>{dock.description.text}</p>
                  {dock.description.languageName ? (
                    <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">{t("detail.writtenIn", { language: dock.description.languageName })}</p>
                  ) : null}
                </>
              ) : (
                <p className="text-slate-500 dark:text-slate-400">{t("detail.noDescription")}</p>
              )}
            </DetailSection>

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
                <ul className="grid gap-2 sm:grid-cols-2">
                  {offered.map((key) => (
                    <li key={key} className="flex items-center gap-2 text-slate-700 dark:text-slate-300">
                      <span aria-hidden="true" className="text-sea-600">✓</span>
                      {key === "electricity" && electricityAmps
                        ? t("services.electricityAmps", { amps: electricityAmps })
                        : t(`services.${key}`)}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-slate-500 dark:text-slate-400">{t("detail.noServices")}</p>
              )}
            </DetailSection>

            <DetailSection id="location-heading" title={t("detail.location")}>
              {dock.place.label ? (
                <p className="text-slate-700 dark:text-slate-300">
                  {dock.place.label}
                  {dock.place.region ? <span className="text-slate-500 dark:text-slate-400"> · {dock.place.region}</span> : null}
                </p>
              ) : (
                <p className="text-slate-500 dark:text-slate-400">{t("detail.noLocation")}</p>
              )}
              <ListingMap points={points} label={t("map.location")} className="mt-4 h-64" />
            </DetailSection>

            {owner ? <OwnerCard owner={owner} memberSince={ownerSince} heading={dock.kind === "sale" ? t("detail.seller") : t("detail.owner")} /> : null}

            <ReviewsSection />
          </div>

          <aside aria-labelledby="price-heading" className="lg:sticky lg:top-4 lg:self-start">
            <div className="rounded-2xl border border-slate-200 p-6 shadow-sm dark:border-white/10">
              <h2 id="price-heading" className="text-lg font-bold">{dock.kind === "sale" ? t("detail.salePrice") : t("detail.prices")}</h2>
              {dock.kind === "sale" ? (
                <>
                  {dock.sale.priceCents !== null ? (
                    <p className="mt-3 text-2xl">
                      <Price cents={dock.sale.priceCents} />
                    </p>
                  ) : null}
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
                  {dock.rent.monthlyPriceCents !== null ? (
                    <p className="mt-3 text-2xl">
                      <Price cents={dock.rent.monthlyPriceCents} unit="month" />
                    </p>
                  ) : null}
                  {dock.rent.dailyPriceCents !== null ? (
                    <p className={dock.rent.monthlyPriceCents === null ? "mt-3 text-2xl" : "mt-1 text-lg"}>
                      <Price cents={dock.rent.dailyPriceCents} unit="day" />
                    </p>
                  ) : null}
                  <FactList
                    narrow
                    facts={[
                      { label: t("detail.availableFrom"), value: dock.rent.availableFrom },
                      { label: t("detail.availableTo"), value: dock.rent.availableTo ?? (dock.rent.availableFrom ? t("detail.noEndDate") : null) },
                    ]}
                  />
                </>
              )}
              {contactable ? (
                <div className="mt-6 space-y-3">
                  {dock.kind === "rent" ? (
                    <>
                      <LocalizedLink
                        to={`/boat/rent/boat/${dock.id}`}
                        className="block rounded-lg bg-coral-500 px-4 py-3 text-center font-semibold text-white shadow hover:bg-coral-600"
                      >
                        {t("detail.requestToBook")}
                      </LocalizedLink>
                      <p className="text-center text-xs text-slate-500 dark:text-slate-400">{t("detail.requestNote")}</p>
                    </>
                  ) : null}
                  {owner ? (
                    <LocalizedLink
                      to={`/user/${owner.slug}`}
                      className={
                        dock.kind === "sale"
                          ? "block rounded-lg bg-coral-500 px-4 py-3 text-center font-semibold text-white shadow hover:bg-coral-600"
                          : "block rounded-lg border border-sea-700 px-4 py-2.5 text-center font-semibold text-sea-700 hover:bg-sea-50 dark:border-sea-300 dark:text-sea-300 dark:hover:bg-white/5"
                      }
                    >
                      {dock.kind === "sale" ? t("detail.contactSeller") : t("detail.contactOwner")}
                    </LocalizedLink>
                  ) : null}
                </div>
              ) : null}
            </div>
          </aside>
        </div>
      </article>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => listingMeta(data?.meta);
