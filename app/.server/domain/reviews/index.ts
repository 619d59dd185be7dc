/** Reviews of completed trips and the owners' answers. The folder's only door. */
export { averageRating, isReviewError, MAX_COMMENT, MIN_COMMENT, REVIEW_DAYS, REVIEWS, ReviewError, type Review, type ReviewErrorCode } from "./model";
export { createReviewsService, type ReviewsService } from "./service";
export { createReviewNotifier } from "./notifications";
