/** Review limits, shared by the reviews domain and its forms (client-safe). */
export const REVIEW_DAYS = 30;
export const MIN_COMMENT = 10;
export const MAX_COMMENT = 2000;
