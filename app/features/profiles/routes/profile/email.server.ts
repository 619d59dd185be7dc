/** The sign-in email intent: proves the current password, changes the address, signs in anew. */
import { parseWithZod } from "@conform-to/zod";
import { isIdentityError } from "#app/.server/auth/request-auth";
import { changeEmailSchema } from "#app/features/accounts";
import { accepted, identityFailure, reauthenticate, rejected, secretFields, type ActionEnv } from "./submission.server";

export async function changeEmail(env: ActionEnv, formData: FormData) {
  const { ctx, user, t, errorMap } = env;
  const submission = parseWithZod(formData, { schema: changeEmailSchema, errorMap });
  if (submission.status !== "success") return rejected("email", submission.reply({ hideFields: secretFields }));
  const { email, currentPassword } = submission.value;
  if (email === user.email.toLowerCase()) {
    return rejected("email", submission.reply({ fieldErrors: { email: [t("email.same")] }, hideFields: secretFields }));
  }
  const { accounts } = ctx.services;
  const failure = await reauthenticate(ctx, user, currentPassword);
  if (failure) return identityFailure(env, "email", submission.reply, failure);
  try {
    await accounts.changeEmail(user.uid, email);
  } catch (error) {
    if (!isIdentityError(error)) throw error;
    return identityFailure(env, "email", submission.reply, error.code);
  }
  // The change ended every session (as Firebase does): sign in anew with the new address.
  const session = await accounts.signIn(email, currentPassword);
  const notice = { key: "profile:email.saved", values: { email } } as const;
  return accepted(env, "email", notice, await ctx.auth.commitSession(session, notice));
}
