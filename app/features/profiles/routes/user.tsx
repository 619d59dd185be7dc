import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type MetaDescriptor, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { isSlug } from "#app/features/profiles/.server";
import { boatCard, dockCard, portsBySlug } from "#app/features/listings/index.server";
import { BoatListingCard, DockListingCard } from "#app/features/listings";
import { LocalizedLink } from "#app/components/localized-link";
import { languageOf } from "#app/i18n";
import { Avatar } from "#app/components/avatar";
import { photoUrl, pickPhotoWidth } from "#app/utils/photos";
import { seoMeta } from "#app/utils/meta";
import { dateTimeFormat, displayNamesOf } from "#app/framework/intl";
import { visitorPageHeaders } from "#app/.server/page-cache";
import { SHARED_WITH_VISITORS } from "#app/utils/headers";
import { withLoaderHeaders } from "#app/utils/headers";
import { requestContext } from "#app/.server/http/request-context";
import { invariantResponse } from "#app/.server/http/responses";
import { href } from "#app/utils/href";
import { ownerReviews } from "#app/features/reviews/index.server";
import { ReviewsSection } from "#app/features/listings";
import { cardClass } from "#app/components/ui/card";
import { ownerStandingOf } from "#app/features/bookings/index.server";
import { OwnerStanding } from "#app/features/bookings";

/**
 * /user/{slug}: a person's public page. It shows only the public part of the profile (never
 * the email, phone, lessor or payout data), and the person's published listings. Reviews
 * appear here once they exist; until then the page says so rather than showing anything made up.
 */
/** Visitors share this page (the visitors\' page cache, decision record 007). */
export const handle = { i18n: ["user", "listing", "reviews"], pageCache: SHARED_WITH_VISITORS };

const DESCRIPTION_MAX = 160;

export const headers = withLoaderHeaders;

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, "user");
  const { request, lang, t, services, getUser, origin } = ctx;
  const { users, listings, ports } = services;
  const slug = args.params.slug ?? "";
  const [person, viewer] = await Promise.all([isSlug(slug) ? users.getBySlug(slug) : null, getUser()]);
  invariantResponse(person, request);
  const profile = users.toPublic(person);
  // The person's published boats and docks (never drafts, paused or archived ones).
  const [owned, portList, reviews, standing] = await Promise.all([listings.listByOwner(person.uid), ports.list(), ownerReviews(services, person.uid), ownerStandingOf(ctx, person.uid)]);
  const published = owned.filter((listing) => listing.status === "published");
  const portIndex = portsBySlug(portList);
  const owners = new Map([[person.uid, { slug: person.slug, displayName: person.displayName, photo: person.photo, professional: person.kind === "professional", companyName: person.company?.name ?? null, createdAt: person.createdAt }]]);
  const boats = published.flatMap((listing) => (listing.kind === "boat" ? [boatCard(listing, portIndex, owners)] : []));
  const docks = published.flatMap((listing) => (listing.kind === "dock" ? [dockCard(listing, portIndex, owners)] : []));
  const iso = languageOf(lang).iso;
  const memberSince = dateTimeFormat(iso, { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(profile.createdAt),
  );
  const names = displayNamesOf(iso, { type: "language" });
  const name = profile.displayName;
  const bio = profile.bio.replace(/\s+/g, " ").trim();
  return data(
    {
    meta: {
      title: t("meta.title", { name }),
      description:
        bio.length === 0
          ? t("meta.description", { name, since: memberSince })
          : bio.length <= DESCRIPTION_MAX
            ? bio
            : `${bio.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`,
      image: profile.photo ? origin + photoUrl(profile.photo.folder, pickPhotoWidth(profile.photo.widths, 640)) : null,
      imageAlt: t("photoAlt", { name }),
    },
    profile,
    memberSince,
    languages: profile.languages.map((code) => {
      const label = names.of(code) ?? code;
      return { code, label: label.charAt(0).toLocaleUpperCase(iso) + label.slice(1) };
    }),
    isOwnProfile: viewer !== null && viewer.slug === profile.slug,
    boats,
    docks,
    reviews,
    // How the owner answers requests (issue 49): for someone with a published listing.
    standing: published.length > 0 ? standing : null,
    },
    { headers: visitorPageHeaders({ viewer, tags: [`user:${person.uid}`] }) },
  );
}

export default function UserPage() {
  const { t } = useTranslation("user");
  const { profile, memberSince, languages, isOwnProfile, boats, docks, reviews, standing } = useLoaderData<typeof loader>();
  const name = profile.displayName;
  return (
    <main id="main" className="container-page py-12">
      <article className="mx-auto max-w-3xl space-y-8">
        <header className="flex flex-col items-center gap-6 rounded-2xl bg-sea-50 p-8 text-center sm:flex-row sm:text-left dark:bg-white/5">
          <Avatar name={name} photo={profile.photo} size="lg" alt={t("photoAlt", { name })} className="shadow ring-4 ring-white dark:ring-sea-900" />
          <div className="min-w-0 flex-1">
            <h1 className="text-3xl font-extrabold tracking-tight break-words text-sea-900 dark:text-white">{name}</h1>
            {profile.kind === "professional" ? (
              <p className="mt-2 flex flex-wrap items-center justify-center gap-2 sm:justify-start">
                <span className="rounded-full bg-sea-700 px-3 py-0.5 text-xs font-semibold tracking-wide text-white uppercase">
                  {t("professional")}
                </span>
                {profile.companyName ? <span className="font-medium text-slate-700 dark:text-slate-200">{profile.companyName}</span> : null}
              </p>
            ) : null}
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              <time dateTime={profile.createdAt}>{t("memberSince", { date: memberSince })}</time>
            </p>
            {standing ? <OwnerStanding standing={standing} className="mt-3 [&>p]:justify-center sm:[&>p]:justify-start" /> : null}
            {isOwnProfile ? (
              <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
                {t("own")}{" "}
                <LocalizedLink to={href("settings-profile")} className="font-semibold text-sea-700 hover:underline dark:text-sea-300">
                  {t("edit")}
                </LocalizedLink>
              </p>
            ) : null}
          </div>
        </header>

        <section aria-labelledby="about-title">
          <h2 id="about-title" className="text-2xl font-bold">{t("about", { name })}</h2>
          {profile.bio ? (
            <p className="mt-4 whitespace-pre-line break-words text-slate-700 dark:text-slate-300">{profile.bio}</p>
          ) : (
            <p className="mt-4 text-slate-500 dark:text-slate-400">{t("noBio", { name })}</p>
          )}
          {languages.length > 0 ? (
            <>
              <h3 className="mt-6 text-sm font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">{t("languages")}</h3>
              <ul className="mt-2 flex flex-wrap gap-2">
                {languages.map((language) => (
                  <li
                    key={language.code}
                    className="rounded-full border border-slate-200 px-3 py-1 text-sm dark:border-white/10"
                  >
                    {language.label}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>

        <section aria-labelledby="listings-title" className={cardClass("lg")}>
          <h2 id="listings-title" className="text-xl font-bold">{t("listings.title")}</h2>
          {boats.length + docks.length > 0 ? (
            <ul className="mt-4 grid gap-6 sm:grid-cols-2">
              {boats.map((card) => (
                <li key={card.id}>
                  <BoatListingCard card={card} />
                </li>
              ))}
              {docks.map((card) => (
                <li key={card.id}>
                  <DockListingCard card={card} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-slate-500 dark:text-slate-400">{t("listings.empty", { name })}</p>
          )}
        </section>

        {/* The listing pages' reviews section, framed like the sections above (without its own divider). */}
        <div className="rounded-2xl border border-slate-200 p-6 dark:border-white/10 [&>section]:border-t-0 [&>section]:pt-0">
          <ReviewsSection reviews={reviews} />
        </div>
      </article>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [];
  const tags: MetaDescriptor[] = seoMeta(data.meta).map((tag) =>
    "property" in tag && tag.property === "og:type" ? { property: "og:type", content: "profile" } : tag,
  );
  if (data.meta.image) {
    tags.push({ property: "og:image", content: data.meta.image }, { property: "og:image:alt", content: data.meta.imageAlt });
  }
  return tags;
};
