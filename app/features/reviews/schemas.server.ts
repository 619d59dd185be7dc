import { z } from "zod";
import { optionalText } from "#app/.server/http/form";
import { withoutControlCharacters } from "#app/utils/free-text";
import { MAX_COMMENT, MIN_COMMENT } from "#app/features/reviews/reviews";

/**
 * The reviews page's forms, one schema per `intent` (messages are `reviews` keys, translated by
 * the action's error map): a renter's review of a finished trip, an owner's answer (its length is
 * the domain's rule, answered with the domain's refusal).
 */
export const reviewsFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("review"),
    bookingId: optionalText(),
    rating: optionalText()
      .transform((value) => Number(value))
      .refine((rating) => Number.isInteger(rating) && rating >= 1 && rating <= 5, { params: { i18n: "reviews:errors.rating" } }),
    comment: withoutControlCharacters(optionalText()).refine((comment) => comment.trim().length >= MIN_COMMENT && comment.trim().length <= MAX_COMMENT, {
      params: { i18n: { key: "reviews:errors.comment", values: { min: MIN_COMMENT, max: MAX_COMMENT } } },
    }),
  }),
  z.object({ intent: z.literal("answer"), reviewId: optionalText(), answer: optionalText() }),
]);
