import { z } from "zod";
import { optionalText, requiredText } from "#app/.server/http/form";
import { withoutControlCharacters } from "#app/utils/free-text";

/**
 * The forms of a person's case page (`/ajustes/gestiones/{id}`), one schema per `intent`
 * (messages are `cases` keys, translated by the action's error map). The documents upload is
 * multipart: its files stream through the multipart helper, its text fields through
 * `documentsSchema`.
 */
const quoteNumber = optionalText()
  .transform((value) => Number(value))
  .refine((n) => Number.isInteger(n) && n >= 1, { params: { i18n: "cases:errors.quoteChanged" } });

export const caseFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("accept-quote"), quote: quoteNumber }),
  z.object({ intent: z.literal("decline-quote"), quote: quoteNumber, reason: withoutControlCharacters(optionalText()) }),
  z.object({ intent: z.literal("message"), message: withoutControlCharacters(requiredText("cases:errors.emptyMessage")) }),
]);

/** The upload form's text fields (it names its intent; an older page's form may not). */
export const documentsSchema = z.object({ intent: z.literal("documents").optional() });
