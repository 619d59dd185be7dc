/** The password intent: proves the current password, changes it under the identity service's policy, signs in anew. */
import { parseWithZod } from "@conform-to/zod";
import { isIdentityError, unmetPasswordRequirements } from "#app/.server/auth/request-auth";
import { changePasswordSchema } from "#app/features/accounts";
import { accepted, identityFailure, reauthenticate, rejected, secretFields, type ActionEnv } from "./submission.server";

export async function changePassword(env: ActionEnv, formData: FormData) {
  const { ctx, user, errorMap } = env;
  const { accounts } = ctx.services;
  const policy = await accounts.passwordPolicy();
  const submission = parseWithZod(formData, { schema: changePasswordSchema(policy), errorMap });
  if (submission.status !== "success") return rejected("password", submission.reply({ hideFields: secretFields }));
  const { currentPassword, password } = submission.value;
  const failure = await reauthenticate(ctx, user, currentPassword);
  if (failure) return identityFailure(env, "password", submission.reply, failure);
  try {
    // Revokes every session of the account, this one included: a new one follows.
    await accounts.changePassword(user.uid, password);
  } catch (error) {
    if (!isIdentityError(error)) throw error;
    if (error.code === "password-does-not-meet-requirements") {
      // The identity service's own check disagreed (its policy changed meanwhile): say which rules.
      const current = await accounts.passwordPolicy();
      const messages = unmetPasswordRequirements(password, current).map((rule) =>
        env.t(`password.${rule}`, {
          ns: "validation",
          count: rule === "maxLength" ? (current.maxLength ?? 0) : current.minLength,
          characters: current.allowedNonAlphanumericCharacters ?? "",
        }),
      );
      return rejected(
        "password",
        submission.reply({
          fieldErrors: { password: messages.length > 0 ? messages : [env.t("identityErrors.password-does-not-meet-requirements")] },
          hideFields: secretFields,
        }),
      );
    }
    return identityFailure(env, "password", submission.reply, error.code);
  }
  const session = await accounts.signIn(user.email, password);
  const notice = { key: "profile:password.saved" } as const;
  return accepted(env, "password", notice, await ctx.auth.commitSession(session, notice));
}
