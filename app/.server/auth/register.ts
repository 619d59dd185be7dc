import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { getFixedT } from "#app/.server/i18n";
import { isIdentityError } from "#app/.server/identity";
import { splitLangFromPath } from "#app/i18n";
import type { z } from "zod";
import { registerProSchema, registerSchema } from "#app/utils/account-schemas";
import { passwordFieldFor, passwordHints } from "#app/utils/password-policy";
import { zodErrorMap } from "#app/utils/zod-errors";
import { afterLoginPath, requireAnonymous } from "./guards";
import { isRateLimited } from "./rate-limit";
import { commitUserSession } from "./session-cookie";

export type RegisterKind = "person" | "professional";
type ProValue = z.output<typeof registerProSchema>;

function companyOf(value: ProValue) {
  return { name: value.companyName, taxId: value.taxId, phone: value.phone, address: value.address };
}

export function schemaFor(kind: RegisterKind, policy: Parameters<typeof passwordFieldFor>[0]) {
  return (kind === "professional" ? registerProSchema : registerSchema).extend({ password: passwordFieldFor(policy) });
}

/** What both registration pages load: translated meta and the password policy the form enforces. */
export async function registerLoader(kind: RegisterKind, request: Request, context: AppLoadContext) {
  await requireAnonymous(request, context);
  const url = new URL(request.url);
  const { lang } = splitLangFromPath(url.pathname);
  const t = getFixedT(lang, "auth");
  const policy = await context.services.identity.getPasswordPolicy();
  const page = kind === "professional" ? "registerPro" : "register";
  return {
    meta: { title: t(`${page}.meta.title`), description: t(`${page}.meta.description`) },
    policy,
    hints: passwordHints(policy),
    redirectTo: url.searchParams.get("redirect") ?? "",
  };
}

/**
 * Registration: validate (policy included), rate-limit per address, create the identity and
 * the profile, send the welcome email, sign the person in.
 */
export async function registerAction(kind: RegisterKind, request: Request, context: AppLoadContext) {
  await requireAnonymous(request, context);
  const url = new URL(request.url);
  const { lang } = splitLangFromPath(url.pathname);
  const t = getFixedT(lang, ["auth", "zod", "validation"]);
  const { identity, accounts, rateLimits, config } = context.services;
  const policy = await identity.getPasswordPolicy();
  const submission = parseWithZod(await request.formData(), { schema: schemaFor(kind, policy), errorMap: zodErrorMap(t) });
  const hideFields = ["password"];
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields }) }, { status: 400 });
  }
  const value = submission.value;
  try {
    await rateLimits.consume("signUpPerAddress", context.clientAddress);
  } catch (error) {
    if (!isRateLimited(error)) throw error;
    const minutes = Math.max(1, Math.ceil(error.retryAfterSeconds / 60));
    return data(
      { result: submission.reply({ formErrors: [t("errors.too-many-requests", { minutes })], hideFields }) },
      { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } },
    );
  }
  try {
    const session = await accounts.register({
      email: value.email,
      password: value.password,
      displayName: value.displayName,
      kind,
      company: kind === "professional" ? companyOf(value as ProValue) : null,
      lang,
      origin: config.PUBLIC_URL?.replace(/\/$/, "") ?? url.origin,
    });
    return redirect(afterLoginPath(value.redirect, lang), {
      headers: { "Set-Cookie": await commitUserSession(request, context, session) },
    });
  } catch (error) {
    if (!isIdentityError(error)) throw error;
    const message = t(`errors.${error.code}`, { minutes: 15 });
    const field =
      error.code === "email-already-in-use" || error.code === "invalid-email"
        ? "email"
        : error.code === "password-does-not-meet-requirements"
          ? "password"
          : null;
    return data(
      { result: submission.reply(field ? { fieldErrors: { [field]: [message] }, hideFields } : { formErrors: [message], hideFields }) },
      { status: 400 },
    );
  }
}
