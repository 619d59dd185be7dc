import type { Review } from "./domain/reviews";
import type { DomainServices } from "./services";

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

/** A listing's average, count and latest reviews with the owner's answers. */
export async function listingReviews(services: Pick<DomainServices, "users" | "reviews">, listingId: string): Promise<ReviewsView> {
  const { items, average, count } = await services.reviews.forListing(listingId, 20);
  return { average, count, items: await reviewViews(services, items) };
}
