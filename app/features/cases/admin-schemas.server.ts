import { z } from "zod";
import { optionalText, requiredText } from "#app/.server/http/form";
import { caseStatuses, QUOTE_LIMITS } from "#app/features/cases/cases";
import { withoutControlCharacters } from "#app/utils/free-text";
import { numberFormat } from "#app/framework/intl";

/** A refund's reason, at most (the domain keeps as much). */
export const REFUND_REASON_MAX = 500;

/**
 * The admin case page's forms, one schema per `intent` (messages are `admin` keys, translated
 * by the action's error map). `deliver` is the multipart upload: its files stream through the
 * multipart helper, its text fields through `deliverSchema`.
 */

/** Euros as a person types them ("145", "145,50", "1.450,50", "145.5 €") → cents, or null. */
export function parseEuros(text: string): number | null {
  const clean = text.replace(/[\s€]/g, "");
  const match = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:[,.](\d{1,2}))?$/.exec(clean.includes(",") ? clean : clean.replace(/\.(?=\d{3}(?:\.|$))/g, ""));
  if (!match) return null;
  const whole = Number(match[1]!.replace(/\./g, ""));
  const cents = Number((match[2] ?? "0").padEnd(2, "0"));
  return whole * 100 + cents;
}

/** What the amount message says in the page's language (`max` grouped as the language groups). */
export const amountValues = (lang: string) => ({ min: QUOTE_LIMITS.minCents / 100, max: numberFormat(lang).format(QUOTE_LIMITS.maxCents / 100) });

/** The schema of the urlencoded forms, for one language and day (the quote's messages and its earliest date). */
export function adminCaseSchema(lang: string, today = new Date().toISOString().slice(0, 10)) {
  return z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("status"),
      status: optionalText().refine((value) => (caseStatuses as readonly string[]).includes(value), { params: { i18n: "admin:case.errors.status" } }),
      comment: withoutControlCharacters(optionalText()),
      waiver: optionalText(),
    }),
    z.object({
      intent: z.literal("quote"),
      amount: optionalText()
        .transform((value) => parseEuros(value))
        .refine((cents): cents is number => cents !== null && cents >= QUOTE_LIMITS.minCents && cents <= QUOTE_LIMITS.maxCents, {
          params: { i18n: { key: "admin:case.errors.amount", values: amountValues(lang) } },
        }),
      description: withoutControlCharacters(requiredText("admin:case.errors.description"))
        .transform((value) => value.trim())
        .refine((value) => value.length <= QUOTE_LIMITS.descriptionMax, { params: { i18n: { key: "admin:case.errors.descriptionLong", values: { max: QUOTE_LIMITS.descriptionMax } } } }),
      validUntil: optionalText().refine(
        (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && value >= today,
        { params: { i18n: { key: "admin:case.errors.validUntil", values: { days: QUOTE_LIMITS.maxValidDays } } } },
      ),
    }),
    // A refund of an accepted quote (decision 054): the quote, the refund's number (the next one
    // when the page was drawn: a double press refunds once), an amount in euros and a reason.
    z.object({
      intent: z.literal("refund-quote"),
      quote: optionalText().transform((value) => Number(value)).refine((n) => Number.isInteger(n) && n >= 1, { params: { i18n: "admin:case.errors.refundChanged" } }),
      refund: optionalText().transform((value) => Number(value)).refine((n) => Number.isInteger(n) && n >= 1, { params: { i18n: "admin:case.errors.refundChanged" } }),
      amount: optionalText()
        .transform((value) => parseEuros(value))
        .refine((cents): cents is number => cents !== null && cents >= 1 && cents <= QUOTE_LIMITS.maxCents, { params: { i18n: "admin:case.errors.refundAmountFormat" } }),
      reason: withoutControlCharacters(requiredText("admin:case.errors.refundReason"))
        .transform((value) => value.trim())
        .refine((value) => value.length <= REFUND_REASON_MAX, { params: { i18n: { key: "admin:case.errors.refundReasonLong", values: { max: REFUND_REASON_MAX } } } }),
    }),
    z.object({ intent: z.literal("note"), text: withoutControlCharacters(requiredText("admin:case.errors.empty")) }),
    z.object({ intent: z.literal("message"), text: withoutControlCharacters(requiredText("admin:case.errors.empty")) }),
  ]);
}

export const deliverSchema = z.object({ intent: z.literal("deliver") });
