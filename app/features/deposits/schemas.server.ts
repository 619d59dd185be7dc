import { z } from "zod";
import { optionalText, requiredText } from "#app/.server/http/form";
import { formatEuros } from "#app/utils/money";
import { eurosToCents } from "#app/features/deposits/deposits";
import { CONTROL_CHARACTERS_MESSAGE, withoutControlCharacters } from "#app/utils/free-text";
import { hasControlCharacters } from "#app/utils/text";
import type { Lang } from "#app/i18n";

/**
 * The deposit pages' forms, one schema per `intent` (messages are `deposits` keys, translated by
 * the action's error map). The texts people write refuse control characters (`withoutControlCharacters`). The photos of a claim or an answer are files: they come from the same
 * body (`photosOf`), not through the schema.
 */

const euros = (key: string, values?: Record<string, unknown>) =>
  optionalText()
    .transform((value) => eurosToCents(value))
    .refine((cents): cents is number => cents !== null, { params: { i18n: values ? { key, values } : key } });

/** The owner's and the renter's forms on `/…/{id}/fianza`; which side may send which is the action's. */
export function depositFormSchema(depositCents: number, lang: Lang) {
  return z
    .discriminatedUnion("intent", [
      z.object({
        intent: z.literal("claim"),
        amount: optionalText()
          .transform((value) => eurosToCents(value))
          .superRefine((cents, issue) => {
            if (cents === null || cents < 1) issue.addIssue({ code: z.ZodIssueCode.custom, params: { i18n: "deposits:errors.amount.required" } });
            else if (cents > depositCents && depositCents > 0)
              issue.addIssue({ code: z.ZodIssueCode.custom, params: { i18n: { key: "deposits:errors.amount.over-deposit", values: { deposit: formatEuros(depositCents, lang) } } } });
          })
          .transform((cents) => cents ?? 0),
        reason: withoutControlCharacters(requiredText("deposits:errors.reason.required")),
        quote: optionalText(),
        /** The check-out's photos the claim points at (checkboxes). */
        evidencePhotos: z
          .array(z.string())
          .optional()
          .transform((ids) => (ids ?? []).filter((id) => id.length > 0)),
      }),
      z.object({ intent: z.literal("withdraw") }),
      z.object({ intent: z.literal("release") }),
      z.object({ intent: z.literal("answer"), text: withoutControlCharacters(optionalText()) }),
    ])
    .superRefine((form, issue) => {
      // A claim points at the check-out's photos and/or quotes its notes (decision 032); the quote is shown under the evidence.
      if (form.intent === "claim" && hasControlCharacters(form.quote)) issue.addIssue({ code: z.ZodIssueCode.custom, path: ["evidence"], params: { i18n: CONTROL_CHARACTERS_MESSAGE } });
      else if (form.intent === "claim" && form.evidencePhotos.length === 0 && !form.quote.trim())
        issue.addIssue({ code: z.ZodIssueCode.custom, path: ["evidence"], params: { i18n: "deposits:errors.evidence.required" } });
    });
}

/** The team's decision on a claim (`/admin/fianzas/{bookingId}`). */
export const decideSchema = z.object({
  intent: z.literal("decide"),
  kept: euros("deposits:errors.kept.required"),
  note: withoutControlCharacters(requiredText("deposits:errors.note.required")),
});
