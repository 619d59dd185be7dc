/** The public profile intent: name, bio, phone, spoken languages and the emails' language. */
import { parseWithZod } from "@conform-to/zod";
import { profileSchema } from "#app/features/accounts";
import { accepted, rejected, secretFields, type ActionEnv } from "./submission.server";

export async function saveProfile(env: ActionEnv, formData: FormData) {
  const { ctx, user, errorMap } = env;
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
  const notice = { key: "profile:profile.saved" } as const;
  // The header shows the name from the cookie session: keep it in step (the notice flashed into it).
  if (value.displayName !== user.displayName) return accepted(env, "profile", notice, await ctx.auth.updateSession({ displayName: value.displayName }, notice));
  return accepted(env, "profile", notice);
}
