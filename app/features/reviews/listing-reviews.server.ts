import { averageRating, type Review } from "./.server";
import type { DomainServices } from "#app/.server/services";

export type ReviewView = { id: string; rating: number; comment: string; author: string; createdAt: string; answer: { text: string; at: string } | null };
export type ReviewsView = { average: number | null; count: number; items: ReviewView[] };

/** Reviews as pages show them: with their authors' names (never their accounts). */
export async function reviewViews(services: Pick<DomainServices, "users">, reviews: readonly Review[]): Promise<ReviewView[]> {
  const people = await services.users.getMany([...new Set(reviews.map((review) => review.renterUid))]);
  return reviews.map((review) => ({
    id: review.id,
    rating: review.rating,
    comment: review.comment,
    author: people.get(review.renterUid)?.displayName ?? "—",
    createdAt: review.createdAt,
    answer: review.answer,
  }));
}

/**
 * A listing's average and count (kept on the listing by the reviews service) and its latest 20
 * reviews with the owner's answers.
 */
export async function listingReviews(services: Pick<DomainServices, "users" | "reviews">, listing: { id: string; rating: number | null; reviewCount?: number }): Promise<ReviewsView> {
  const count = listing.reviewCount ?? 0;
  if (count === 0 || listing.rating === null) return { average: null, count: 0, items: [] };
  const items = await services.reviews.latest(listing.id, 20);
  return { average: shown(listing.rating), count, items: await reviewViews(services, items) };
}

/** An average as pages show it: one decimal. */
function shown(average: number): number {
  return Math.round(average * 10) / 10;
}

/** The reviews of a person's listings for their public page: the average of all, the latest ten. */
export async function ownerReviews(services: Pick<DomainServices, "users" | "reviews">, ownerUid: string): Promise<ReviewsView> {
  const received = await services.reviews.received(ownerUid);
  const average = averageRating(received);
  return { average: average === null ? null : shown(average), count: received.length, items: await reviewViews(services, received.slice(0, 10)) };
}
