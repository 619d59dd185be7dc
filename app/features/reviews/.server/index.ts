/** Reviews of completed trips and the owners' answers. The folder's only door (its limits are `#app/features/reviews/reviews`'s, shared with the pages). */
export { averageRating, isReviewError, REVIEWS, ReviewError, type Review, type ReviewErrorCode } from "./model";
export { createReviewsService, type ReviewsService } from "./service";
export { createReviewNotifier } from "./notifications";
