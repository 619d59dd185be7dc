/**
 * Reviews: the renter of a completed booking rates it once (1–5 stars and a comment) within 30
 * days of its end; the owner may answer once. One document per booking (`reviews/{bookingId}`),
 * so a second review of the same trip cannot be written, even at the same moment.
 */
export const REVIEWS = "reviews";
export { MAX_COMMENT, MIN_COMMENT, REVIEW_DAYS } from "#app/features/reviews/reviews";

export type Review = {
  id: string;
  bookingId: string;
  listingId: string;
  listingKind: "boat" | "dock";
  ownerUid: string;
  renterUid: string;
  /** 1 to 5 stars. */
  rating: number;
  comment: string;
  lang: string;
  createdAt: string;
  answer: { text: string; at: string } | null;
};

/** The average of some reviews' stars to two decimals (what a listing keeps), null without reviews. */
export function averageRating(reviews: ReadonlyArray<Pick<Review, "rating">>): number | null {
  if (reviews.length === 0) return null;
  return Math.round((reviews.reduce((sum, review) => sum + review.rating, 0) / reviews.length) * 100) / 100;
}

export type ReviewErrorCode = "not-found" | "not-completed" | "too-late" | "already-reviewed" | "already-answered" | "invalid";

export class ReviewError extends Error {
  override readonly name = "ReviewError";
  constructor(readonly code: ReviewErrorCode) {
    super(`review: ${code}`);
  }
}

export function isReviewError(error: unknown, code?: ReviewErrorCode): error is ReviewError {
  return error instanceof ReviewError && (code === undefined || error.code === code);
}
