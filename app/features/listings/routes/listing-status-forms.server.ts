import { z } from "zod";
import { firstMessages } from "#app/.server/http/form";
import type { RequestContext } from "#app/.server/http/request-context";

/**
 * The forms of the drafts page (`discard`) and of my boats and berths (`publish`, `pause`,
 * `resume`, `archive`): a button with an `intent` and the listing's `id` in a hidden field, read
 * through the body gate (`ctx.formData()`) and one schema per intent, each message translated
 * in the `listing-form` namespace. A form no page of ours sends (another intent, a malformed id)
 * is a 400 with the message of the field that was wrong.
 */

/** Ids the store makes (20 alphanumerics), with room for other adapters' ids; never a path. */
function listingId(t: RequestContext["t"]) {
  const message = t("errors.listingId");
  return z.string({ required_error: message, invalid_type_error: message }).regex(/^[A-Za-z0-9_-]{1,128}$/, message);
}

/** One object per intent, an unknown or missing intent being "we did not understand the form". */
function byIntent<const I extends readonly [string, ...string[]]>(intents: I, t: RequestContext["t"]) {
  const id = listingId(t);
  const [first, ...rest] = intents.map((intent) => z.object({ intent: z.literal(intent as I[number]), id }));
  return z.discriminatedUnion("intent", [first, ...rest], { errorMap: () => ({ message: t("errors.unknown") }) });
}

export const LISTING_TRANSITIONS = ["publish", "pause", "resume", "archive"] as const;
export type ListingTransition = (typeof LISTING_TRANSITIONS)[number];

/** /ajustes/mis-barcos: a status change of one listing. */
export function transitionSchema(t: RequestContext["t"]) {
  return byIntent(LISTING_TRANSITIONS, t);
}

/** /ajustes/recopilar-borrador-alquiler: discarding one draft. */
export function discardSchema(t: RequestContext["t"]) {
  return byIntent(["discard"] as const, t);
}

/**
 * A form the schema refused, as both pages show a refusal: the first wrong field's message
 * (`errors.unknown` when there is none), each field's message, and what was sent as `intent`
 * and `id` when they were text (the page puts the message beside that listing, if it has it).
 */
export function formRefusal(
  submission: { payload: Record<string, unknown>; error?: Record<string, string[] | null> | null },
  t: RequestContext["t"],
): { id: string; intent: string; message: string; fields: Record<string, string> } {
  const fields = firstMessages(submission.error);
  const text = (name: string) => {
    const value = submission.payload[name];
    return typeof value === "string" ? value.slice(0, 128) : "";
  };
  return { id: text("id"), intent: text("intent"), message: fields.intent ?? fields.id ?? Object.values(fields)[0] ?? t("errors.unknown"), fields };
}
