/**
 * /ajustes/privacidad's deletion form on the server: the current password and a ticked box; refused
 * with its reason during a trip, an open deposit claim or a renter's payment; done, the person is
 * signed out on the sign-in page with a notice. (The export form posts to `/resources/mis-datos`.)
 */
import { data, redirect } from "@remix-run/node";
import type { SessionUser } from "#app/.server/auth/guards";
import { IDENTITY_RETRY_AFTER_SECONDS } from "#app/.server/auth/request-auth";
import { isErasureRefused } from "#app/features/privacy/.server";
import type { RequestContext } from "#app/.server/http/request-context";
import { href } from "#app/utils/href";
import { reauthenticate } from "#app/features/profiles/index.server";

/** What the deletion form answers when it changed nothing: its field and form messages. */
export type DeleteRefusal = { intent: "delete-account"; fieldErrors: { currentPassword?: string[]; confirm?: string[] }; formErrors: string[]; confirmed?: boolean };

const refuse = (status: number, refusal: Omit<DeleteRefusal, "intent">, headers?: HeadersInit) => data({ intent: "delete-account" as const, ...refusal }, { status, headers });

/** The box stays ticked when the form comes back for another reason (the password is never echoed). */
const ticked = (form: FormData) => form.get("confirm") === "on";

export async function deleteAccount(ctx: RequestContext, user: SessionUser, form: FormData) {
  const password = form.get("currentPassword");
  const confirmed = form.get("confirm") === "on";
  const fieldErrors: DeleteRefusal["fieldErrors"] = {};
  if (typeof password !== "string" || password.length === 0) fieldErrors.currentPassword = [ctx.t("privacy.delete.errors.passwordRequired")];
  if (!confirmed) fieldErrors.confirm = [ctx.t("privacy.delete.errors.confirm")];
  if (fieldErrors.currentPassword || fieldErrors.confirm) return refuse(400, { fieldErrors, formErrors: [], confirmed: ticked(form) });
  const failure = await reauthenticate(ctx, user, password as string);
  if (failure === "too-many-requests") {
    return refuse(429, { fieldErrors: {}, formErrors: [ctx.t("privacy.delete.errors.tooMany")], confirmed: true }, { "Retry-After": String(IDENTITY_RETRY_AFTER_SECONDS) });
  }
  if (failure) return refuse(400, { fieldErrors: { currentPassword: [ctx.t("privacy.delete.errors.wrongPassword")] }, formErrors: [], confirmed: true });
  try {
    await ctx.services.privacy.eraseAccount(user.uid);
  } catch (error) {
    if (!isErasureRefused(error)) throw error;
    const booking = await ctx.services.bookings.getFor(error.bookingId, user.uid);
    const reference = booking?.booking.reference ?? "";
    return refuse(409, { fieldErrors: {}, formErrors: [ctx.t(`privacy.delete.refused.${error.reason}`, { reference })], confirmed: true });
  }
  // Signed out in this browser too, on the sign-in page with the notice (a page that shows notices
  // already: the home page would load the notice's code for every visitor, decision 019's budget).
  const setCookie = await ctx.auth.signedOutWithNotice({ key: "settings:privacy.deleted" });
  return redirect(href("login", { lang: ctx.lang }), { status: 303, headers: { "Set-Cookie": setCookie } });
}
