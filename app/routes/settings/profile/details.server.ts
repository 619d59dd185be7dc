/** The public profile intent: name, bio, phone, spoken languages and the emails' language. */
import { parseWithZod } from "@conform-to/zod";
import { profileSchema } from "#app/utils/account-schemas";
import { accepted, rejected, secretFields, type ActionEnv } from "./submission.server";

export async function saveProfile({ ctx, user, errorMap }: ActionEnv, formData: FormData) {
  const submission = parseWithZod(formData, { schema: profileSchema, errorMap });
  if (submission.status !== "success") return rejected("profile", submission.reply({ hideFields: secretFields }));
  const value = submission.value;
  await ctx.services.users.update(user.uid, {
    displayName: value.displayName,
    bio: value.bio ?? "",
    phone: value.phone ?? null,
    languages: [...new Set(value.languages ?? [])],
    ...(value.emailLang ? { lang: value.emailLang } : {}),
  });
  let setCookie: string | undefined;
  if (value.displayName !== user.displayName) {
    // The header shows the name from the cookie session: keep it in step.
    setCookie = await ctx.auth.updateSession({ displayName: value.displayName });
  }
  return accepted("profile", submission.reply({ resetForm: true }), setCookie);
}
