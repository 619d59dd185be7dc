import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { isChatError } from "#app/features/chats/.server";
import { requestContext } from "#app/.server/http/request-context";
import { notFound } from "#app/.server/http/responses";
import { MAX_MESSAGE } from "#app/features/chats/chats";
import { href } from "#app/utils/href";
import { contactOwnerSchema, messageErrors, typed } from "./forms.server";

export type ContactReply = { contact: { errors: string[]; text: string } };

/**
 * "Contact the owner" on a boat or dock page (a plain POST to the page itself): opens the
 * conversation about the listing, or continues it, and goes there (303). A visitor is sent to
 * sign in and back to the page; the owner cannot write to themselves (409); a conversation too
 * busy to take the message is a 409 with the message kept; an empty or too long
 * message is a 400 with the message kept; a listing that is not published is a 404. The body
 * goes through the body gate and `contactOwnerSchema`.
 */
export async function contactOwnerAction(args: ActionFunctionArgs, kind: "boat" | "dock") {
  const ctx = requestContext(args, "chats");
  const user = await ctx.requireUser();
  const submission = parseWithZod(await ctx.formData(), { schema: contactOwnerSchema(ctx.t) });
  const refuse = (status: number, errors: string[], kept = "") => data<ContactReply>({ contact: { errors, text: kept } }, { status });
  // A wrong intent (not this form), an empty or too long message: the message, and the text kept.
  if (submission.status !== "success") return refuse(400, submission.payload.intent === "contact" ? messageErrors(submission.error, "message", ctx.t) : [ctx.t("errors.unknown")], typed(submission.payload, "message"));
  const text = submission.value.message;
  const limited = await ctx.auth.limit("chatMessagesPerPerson", user.uid);
  if (limited) return data<ContactReply>({ contact: { errors: [ctx.t("errors.tooMany")], text } }, { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds) } });
  try {
    const { chatId } = await ctx.services.chats.start(user.uid, { listingId: args.params.id ?? "", kind, text, publishedOnly: true });
    throw redirect(href("chat", { lang: ctx.lang, params: { chatId }, hash: "responder" }), 303);
  } catch (error) {
    if (!isChatError(error)) throw error;
    if (error.code === "not-found") notFound(ctx.request);
    if (error.code === "self") return refuse(409, [ctx.t("errors.self")], text);
    if (error.code === "busy") return refuse(409, [ctx.t("errors.busy")], text);
    return refuse(400, [text.trim() === "" ? ctx.t("errors.empty") : ctx.t("errors.tooLong", { max: MAX_MESSAGE })], text);
  }
}
