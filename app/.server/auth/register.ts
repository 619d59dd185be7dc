import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import { isIdentityError } from "#app/.server/identity";
import type { z } from "zod";
import { registerProSchema, registerSchema } from "#app/features/accounts";
import { passwordFieldFor, passwordHints } from "#app/features/accounts";
import { zodErrorMap } from "#app/utils/zod-errors";
import { afterLoginPath } from "./guards";
import type { RequestContext } from "../http/request-context";
import { minutesUntil } from "./request-auth";

export type RegisterKind = "person" | "professional";
type ProValue = z.output<typeof registerProSchema>;

function companyOf(value: ProValue) {
  return { name: value.companyName, taxId: value.taxId, phone: value.phone, address: value.address };
}

export function schemaFor(kind: RegisterKind, policy: Parameters<typeof passwordFieldFor>[0]) {
  return (kind === "professional" ? registerProSchema : registerSchema).extend({ password: passwordFieldFor(policy) });
}

/** What both registration pages load: translated meta and the password policy the form enforces. */
export async function registerLoader(kind: RegisterKind, ctx: RequestContext) {
  await ctx.requireAnonymous();
  const { url, t } = ctx;
  const policy = await ctx.services.accounts.passwordPolicy();
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
export async function registerAction(kind: RegisterKind, ctx: RequestContext) {
  await ctx.requireAnonymous();
  const { lang, t, auth } = ctx;
  const { accounts } = ctx.services;
  const policy = await accounts.passwordPolicy();
  const submission = parseWithZod(await ctx.formData(), { schema: schemaFor(kind, policy), errorMap: zodErrorMap(t) });
  const hideFields = ["password"];
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields }) }, { status: 400 });
  }
  const value = submission.value;
  const limited = await auth.limit("signUpPerAddress", ctx.clientAddress);
  if (limited) {
    const minutes = minutesUntil(limited.retryAfterSeconds);
    return data(
      { result: submission.reply({ formErrors: [t("errors.too-many-requests", { minutes })], hideFields }) },
      { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds) } },
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
      origin: ctx.origin,
    });
    return redirect(afterLoginPath(value.redirect, lang), {
      headers: { "Set-Cookie": await auth.commitSession(session) },
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
