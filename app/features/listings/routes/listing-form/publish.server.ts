/** Publishing from the review: the missing items named, or the owner's listings with a notice. */
import { data } from "@remix-run/node";
import { isListingError, type Listing } from "#app/features/listings/.server";
import { notFound } from "#app/.server/http/responses";
import { localizePath, type Lang } from "#app/i18n";
import { MY_LISTINGS_PATH } from "#app/features/listings/form";
import type { Env, T } from "./env.server";
import { listingTitle, missingItems, type MissingItem } from "./progress.server";

type PublishReply = { intent: "publish"; missing: MissingItem[]; message: string };

export async function publishListing(env: Env, listing: Listing, lang: Lang, t: T) {
  const { ctx, user } = env;
  try {
    await ctx.services.listings.publish(user.uid, listing.id);
  } catch (error) {
    if (isListingError(error, "incomplete")) {
      return data<PublishReply>({ intent: "publish", missing: missingItems(listing, error.missing), message: t("review.incomplete") }, { status: 400 });
    }
    if (isListingError(error, "invalid-transition")) {
      return data<PublishReply>({ intent: "publish", missing: [], message: t("review.notDraft") }, { status: 400 });
    }
    if (isListingError(error, "not-found") || isListingError(error, "archived")) notFound(env.ctx.request);
    throw error;
  }
  return ctx.redirectWithNotice(`${localizePath(MY_LISTINGS_PATH, lang)}#listing-${listing.id}`, { key: "listing-form:myListings.notices.published", values: { title: (await listingTitle(ctx.services, listing, lang)) ?? t("untitled") } });
}
