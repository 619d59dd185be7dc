import { z } from "zod";
import { cleanMessage } from "#app/features/chats/.server";
import type { RequestContext } from "#app/.server/http/request-context";
import { MAX_MESSAGE } from "#app/features/chats/chats";

/**
 * The conversation forms' schemas (read through the body gate and `parseWithZod`): the
 * message is checked as the chats service will store it (cleaned, then not empty and at most
 * `MAX_MESSAGE` characters), each message translated in the `chats` namespace. What the
 * person typed is sent back with the message, never lost.
 */
function messageText(t: RequestContext["t"]) {
  return z.string({ required_error: t("errors.empty"), invalid_type_error: t("errors.unknown") }).superRefine((text, issues) => {
    const clean = cleanMessage(text);
    if (clean.length === 0) issues.addIssue({ code: z.ZodIssueCode.custom, message: t("errors.empty") });
    else if (clean.length > MAX_MESSAGE) issues.addIssue({ code: z.ZodIssueCode.custom, message: t("errors.tooLong", { max: MAX_MESSAGE }) });
  });
}

/** /chat/{chatId}: `read` (the page has the newest messages on screen; `then=page` without JavaScript) or `send` a reply. */
export function chatActionSchema(t: RequestContext["t"]) {
  return z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("read"), then: z.string().max(10).optional() }),
    z.object({ intent: z.literal("send"), text: messageText(t) }),
  ]);
}

/** "Contact the owner" on a boat or dock page. */
export function contactOwnerSchema(t: RequestContext["t"]) {
  return z.object({ intent: z.literal("contact"), message: messageText(t) });
}

/** A field's messages, or "we did not understand the form" when the form itself was not ours (a wrong or missing intent). */
export function messageErrors(error: Record<string, string[] | null> | null | undefined, field: string, t: RequestContext["t"]): string[] {
  return error?.[field] ?? [t("errors.unknown")];
}

/** What was typed in `field`, to put back in the form (a string, else nothing). */
export function typed(payload: Record<string, unknown>, field: string): string {
  const value = payload[field];
  return typeof value === "string" ? value : "";
}
