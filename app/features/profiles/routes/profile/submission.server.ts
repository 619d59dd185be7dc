/**
 * What the profile page's intents share on the server: the outcome of a submission (saved and
 * reset, or refused with its errors and status), the current-password proof and how an identity
 * error becomes a field or form message.
 */
import { data, redirect } from "@remix-run/node";
import { href } from "#app/utils/href";
import type { FlashNotice } from "#app/utils/notice";
import type { SubmissionResult } from "@conform-to/react";
import type { SessionUser } from "#app/.server/auth/guards";
import { IDENTITY_RETRY_AFTER_SECONDS, isIdentityError, type IdentityErrorCode } from "#app/.server/auth/request-auth";
import type { RequestContext } from "#app/.server/http/request-context";
import type { zodErrorMap } from "#app/utils/zod-errors";
import type { Intent } from "./shared";

/** Never echoed back to the browser after a submission. */
export const secretFields = ["currentPassword", "password", "confirmPassword"];

export type ActionEnv = {
  ctx: RequestContext;
  user: SessionUser;
  t: RequestContext["t"];
  errorMap: ReturnType<typeof zodErrorMap>;
};

/** A submission that changed nothing: the form's errors, with status 400 (429 when rate-limited). */
export function rejected(intent: Intent, result: SubmissionResult<string[]>, status = 400, headers?: HeadersInit) {
  return data({ intent, result, saved: false }, { status, headers });
}

/**
 * A saved form (decision record 033): a 303 back to its section of the page with its notice
 * flashed. When the session changed with it, `setCookie` is that session with the notice flashed
 * into it (one Set-Cookie for the one cookie).
 */
export async function accepted({ ctx }: ActionEnv, section: "photo" | "profile" | "email" | "password", notice: FlashNotice, setCookie?: string) {
  const to = href("settings-profile", { lang: ctx.lang, hash: `${section}-form-title` });
  if (setCookie) return redirect(to, { status: 303, headers: { "Set-Cookie": setCookie } });
  return ctx.redirectWithNotice(to, notice);
}

/**
 * Proves the current password of the signed-in person: a fresh sign-in with the session's
 * email that must land on the session's own account. Attempts count against the same
 * per-account limit as sign-in, so the form cannot be used to guess passwords.
 */
export async function reauthenticate(ctx: RequestContext, user: SessionUser, password: string): Promise<IdentityErrorCode | null> {
  const key = `reauthenticate:${user.uid}`;
  if (await ctx.auth.limit("signInPerAccount", key)) return "too-many-requests";
  try {
    if ((await ctx.services.accounts.provePassword(user.uid, user.email, password)) === "user-mismatch") return "user-mismatch";
  } catch (error) {
    if (isIdentityError(error)) return error.code;
    throw error;
  }
  await ctx.auth.clearLimit("signInPerAccount", key);
  return null;
}

/** Which field an identity error belongs to; the others are about the whole form. */
const errorField: Partial<Record<IdentityErrorCode, string>> = {
  "invalid-credential": "currentPassword",
  "wrong-password": "currentPassword",
  "email-already-in-use": "email",
  "invalid-email": "email",
  "password-does-not-meet-requirements": "password",
};

export function identityFailure(
  { t }: ActionEnv,
  intent: Intent,
  reply: (options: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields: string[] }) => SubmissionResult<string[]>,
  code: IdentityErrorCode,
) {
  const message = t(`identityErrors.${code}`);
  const field = errorField[code];
  const result = field
    ? reply({ fieldErrors: { [field]: [message] }, hideFields: secretFields })
    : reply({ formErrors: [message], hideFields: secretFields });
  return code === "too-many-requests" ? rejected(intent, result, 429, { "Retry-After": String(IDENTITY_RETRY_AFTER_SECONDS) }) : rejected(intent, result);
}
