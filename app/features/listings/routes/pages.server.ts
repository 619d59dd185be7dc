import { invariantResponse } from "#app/.server/http/responses";
import { languageOf, type Lang } from "#app/i18n";
import { numberFormat } from "#app/framework/intl";
import type { ListingMetaCopy } from "#app/features/listings/meta";
import { EAGER_CARDS, pickDescription, type CardPhotoView, type OwnerView } from "#app/features/listings/view";
import { type SessionUser } from "#app/.server/auth/guards";
import type { Listing, ListingKind, SearchPage } from "#app/features/listings/.server";
import type { Port } from "#app/features/ports/.server";
import { getFixedT } from "#app/.server/i18n";
import { coverImageUrl, editPath, languageName, memberSince, ownerOf, ownersOf, placeView, portsBySlug, publicOrigin, type FieldErrors } from "../views.server";
import type { RequestContext } from "#app/.server/http/request-context";
import type { DomainServices } from "#app/.server/services";

/**
 * The steps the boat and dock pages' loaders share: a listing's page (its listing, owner and
 * meta) and a search page (its cards, copy, left-out parameters and count). The loaders still
 * read the session and mark visitor pages themselves; these take what they need.
 */

type T = ReturnType<typeof getFixedT>;

// ---------------------------------------------------------------------------------------------
// A listing's page

/**
 * What a listing's page (`/boat/{id}`, `/dock/{id}`) starts from: the listing of `kind` with that
 * id as the viewer may see it (published, or their own; anything else is the 404), its owner,
 * the ports, whether the viewer keeps it as a favourite, its place and description, in the
 * page's language.
 */
export async function loadListingPage<K extends ListingKind>(ctx: RequestContext, viewer: SessionUser | null, id: string | undefined, kind: K) {
  const { lang, request, config } = ctx;
  const { listings, ports, users, favourites } = ctx.services;
  const found = await listings.getForViewer(id ?? "", viewer?.uid ?? null);
  invariantResponse(found && found.kind === kind, request);
  const listing = found as Extract<Listing, { kind: K }>;
  const [owner, portList, favourite] = await Promise.all([
    ownerOf(users, listing.ownerUid),
    ports.list(),
    viewer ? favourites.isFavourite(viewer.uid, listing.id) : Promise.resolve(false),
  ]);
  const iso = languageOf(lang).iso;
  const portIndex = portsBySlug(portList);
  const description = pickDescription(listing.data.description, lang);
  const isOwner = viewer !== null && viewer.uid === listing.ownerUid;
  return {
    lang,
    iso,
    t: ctx.tFor("listing"),
    listing,
    portIndex,
    favourite,
    place: placeView(listing, portIndex),
    /** The description in the page's language, else in another one. */
    description,
    /** That description as the page shows it: with its language's name when it is another one. */
    descriptionView: description ? { ...description, languageName: description.lang === lang ? null : languageName(description.lang, iso) } : null,
    cover: coverImageUrl(listing, publicOrigin(request, config)),
    /** The page's data about the owner, and the edit link only the owner is given. */
    ownership: {
      owner,
      ownerSince: owner ? memberSince(owner.createdAt, iso) : "",
      isOwner,
      editUrl: isOwner ? editPath(listing, lang) : "",
    },
  };
}

/**
 * For the boat and dock pages: records the view for whoever is looking (signed in or not, no
 * guard: the pages are public) and returns the `Set-Cookie` value to add to the page's response
 * headers, or null.
 */
export async function recordView(ctx: RequestContext, listingId: string): Promise<string | null> {
  const user = await ctx.getUser();
  return ctx.services.history.record(user ? { uid: user.uid } : null, listingId, ctx.request);
}

type ListingPage = Awaited<ReturnType<typeof loadListingPage>>;

/** A listing page's meta: its title and description, the cover with `title` in its alt text, noindex unless published. */
export function listingPageMeta(page: ListingPage, title: string, copy: { title: string; description: string }): ListingMetaCopy {
  return {
    title: copy.title,
    description: copy.description,
    image: page.cover,
    imageAlt: page.t("detail.photoAlt", { title, n: 1, total: page.listing.photos.length }),
    noindex: page.listing.status !== "published",
  };
}

// ---------------------------------------------------------------------------------------------
// Search pages

type CardOf<L, C> = (listing: L, ports: ReadonlyMap<string, Port>, owners: ReadonlyMap<string, OwnerView>) => C;

/** A page of results as cards (their owners read in one batch), and which of them the viewer keeps as favourites. */
export async function searchCards<L extends Listing, C extends { photo: CardPhotoView | null }>(services: DomainServices, viewer: SessionUser | null, items: readonly L[], ports: readonly Port[], cardOf: CardOf<L, C>) {
  const ids = items.map((listing) => listing.id);
  const [owners, favourites] = await Promise.all([
    ownersOf(services.users, items.map((listing) => listing.ownerUid)),
    viewer ? services.favourites.idsFor(viewer.uid, ids) : Promise.resolve(new Set<string>()),
  ]);
  const portIndex = portsBySlug(ports);
  // Only the first results draw a blurred placeholder while their photo loads (`EAGER_CARDS`).
  const cards = items.map((listing, i) => {
    const card = cardOf(listing, portIndex, owners);
    return i < EAGER_CARDS || !card.photo ? card : { ...card, photo: { ...card.photo, placeholder: null } };
  });
  return { cards, favouriteIds: [...favourites] };
}

/**
 * A search page's meta and copy from `section` of the search namespace (`pages.all`,
 * `docksPage.rent`…): the page number in the title past the first page, noindex when the query
 * had invalid parameters.
 */
export function searchPageCopy(t: T, section: string, page: number, invalid: boolean) {
  return {
    meta: {
      title: page > 1 ? t("pages.titleWithPage", { title: t(`${section}.title`), page }) : t(`${section}.title`),
      description: t(`${section}.description`),
      noindex: invalid,
    },
    copy: { heading: t(`${section}.heading`), intro: t(`${section}.intro`) },
  };
}

/** The parameters a search left out, for its notice: the filter's name and the first message. */
export function leftOutParameters(errors: FieldErrors, t: T) {
  return Object.entries(errors).map(([field, messages]) => ({ field, label: t(`filters.names.${field}`, { defaultValue: field }), message: messages[0] }));
}

/** A page of results as the search shows it: its cards, the total in words (`countKey`, or "at least" its total) and the pages. */
export function resultsPage<C>(results: SearchPage<unknown>, cards: C[], t: T, lang: Lang, countKey: "results.count" | "results.docksCount") {
  const count = numberFormat(languageOf(lang).iso).format(results.total);
  return {
    cards,
    total: results.total,
    totalLabel: results.totalIsExact ? t(countKey, { count: results.total, value: count }) : t(`${countKey}AtLeast`, { count: results.total, value: count }),
    page: results.page,
    pageCount: results.pageCount,
    cursors: results.cursors ?? null,
  };
}

/** The ports for the place field's suggestions. */
export function portOptions(ports: readonly Port[]) {
  return ports.map(({ slug, name, city, region }) => ({ slug, name, city, region }));
}
