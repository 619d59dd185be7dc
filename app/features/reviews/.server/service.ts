import { isStoreError, type DocumentStore } from "#app/.server/store";
import { BOOKINGS, type Booking } from "#app/features/bookings/.server";
import { MAX_COMMENT, MIN_COMMENT, REVIEW_DAYS } from "#app/features/reviews/reviews";
import { averageRating, REVIEWS, ReviewError, type Review } from "./model";

/**
 * The reviews service: who may review which trip and when, the owner's one answer, and the
 * listing's average (recomputed from its reviews after each one, through the listings service,
 * so the listing's pages and the search by rating follow).
 */
export type ReviewsDeps = {
  store: DocumentStore;
  listings: { setRating(id: string, rating: number | null, count: number): Promise<void> };
  /** A renter's trips, with due completions applied. */
  bookings: { listForRenter(uid: string): Promise<Booking[]> };
  /** Emails the owner (a review) or the renter (an answer); failures are logged. */
  notify?: (event: "review" | "answer", review: Review) => Promise<void>;
  now?: () => Date;
};

const DAY = 86_400_000;

export function createReviewsService(deps: ReviewsDeps) {
  const { store } = deps;
  const now = deps.now ?? (() => new Date());

  async function notify(event: "review" | "answer", review: Review) {
    try {
      await deps.notify?.(event, review);
    } catch (error) {
      console.warn(`[reviews] emailing the ${event} of booking ${review.bookingId} failed:`, error);
    }
  }

  function reviewable(booking: Booking, at: Date): "ok" | "not-completed" | "too-late" {
    if (booking.status !== "completed") return "not-completed";
    return at.getTime() - Date.parse(booking.endsAt) > REVIEW_DAYS * DAY ? "too-late" : "ok";
  }

  async function refreshListing(listingId: string) {
    const reviews = await store.query<Omit<Review, "id">>({ collection: REVIEWS, where: [["listingId", "==", listingId]], orderBy: [["createdAt", "desc"]], limit: 5_000 });
    await deps.listings.setRating(listingId, averageRating(reviews), reviews.length);
  }

  const byField = (field: "listingId" | "ownerUid" | "renterUid", value: string, limit = 200) =>
    store.query<Omit<Review, "id">>({ collection: REVIEWS, where: [[field, "==", value]], orderBy: [["createdAt", "desc"]], limit }) as Promise<Review[]>;

  return {
    /** The renter of a completed booking reviews it: once, within 30 days of its end. */
    async write(renterUid: string, bookingId: string, input: { rating: number; comment: string; lang: string }): Promise<Review> {
      const rating = Number(input.rating);
      const comment = input.comment.trim();
      if (!Number.isInteger(rating) || rating < 1 || rating > 5 || comment.length < MIN_COMMENT || comment.length > MAX_COMMENT) throw new ReviewError("invalid");
      const at = now();
      const review = await store.runTransaction(async (tx) => {
        const booking = typeof bookingId === "string" && /^[A-Za-z0-9]{1,40}$/.test(bookingId) ? await tx.get<Omit<Booking, "id">>(BOOKINGS, bookingId) : null;
        if (!booking || booking.renterUid !== renterUid) throw new ReviewError("not-found");
        const state = reviewable({ ...booking, id: bookingId } as Booking, at);
        if (state !== "ok") throw new ReviewError(state);
        if (await tx.get(REVIEWS, bookingId)) throw new ReviewError("already-reviewed");
        const record: Omit<Review, "id"> = {
          bookingId,
          listingId: booking.listingId,
          listingKind: booking.listingKind,
          ownerUid: booking.ownerUid,
          renterUid,
          rating,
          comment,
          lang: input.lang,
          createdAt: at.toISOString(),
          answer: null,
        };
        tx.create(REVIEWS, bookingId, record);
        return { ...record, id: bookingId };
      }).catch((error: unknown) => {
        // Two at the same moment: the second finds the first's document.
        if (isStoreError(error, "already-exists")) throw new ReviewError("already-reviewed");
        throw error;
      });
      await refreshListing(review.listingId);
      await notify("review", review);
      return review;
    },

    /** The owner answers a review of their listing, once. */
    async answer(ownerUid: string, reviewId: string, text: string): Promise<Review> {
      const clean = text.trim();
      if (clean.length < 2 || clean.length > MAX_COMMENT) throw new ReviewError("invalid");
      const review = await store.runTransaction(async (tx) => {
        const doc = typeof reviewId === "string" && /^[A-Za-z0-9]{1,40}$/.test(reviewId) ? await tx.get<Omit<Review, "id">>(REVIEWS, reviewId) : null;
        if (!doc || doc.ownerUid !== ownerUid) throw new ReviewError("not-found");
        if (doc.answer) throw new ReviewError("already-answered");
        const answer = { text: clean, at: now().toISOString() };
        tx.update(REVIEWS, reviewId, { answer });
        return { ...doc, id: reviewId, answer };
      });
      await notify("answer", review);
      return review;
    },

    /** A listing's latest reviews, newest first. */
    latest: (listingId: string, limit = 20) => byField("listingId", listingId, limit),

    /** The reviews of an owner's listings (their public page and the answers to write). */
    received: (ownerUid: string) => byField("ownerUid", ownerUid),
    /** The reviews a renter wrote. */
    written: (renterUid: string) => byField("renterUid", renterUid),

    /** A renter's completed trips still open to a review (within 30 days, none written yet). */
    async waiting(renterUid: string): Promise<Booking[]> {
      const at = now();
      const trips = await deps.bookings.listForRenter(renterUid);
      const open = trips.filter((trip) => reviewable(trip, at) === "ok");
      if (open.length === 0) return [];
      const existing = await store.getMany(REVIEWS, open.map((trip) => trip.id));
      return open.filter((_, index) => existing[index] === null);
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
