/** The photo intents: upload (multipart, through the photo pipeline) and removal. */
import { data } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { MultipartError, readMultipart } from "#app/.server/http/multipart";
import { parseForm } from "#app/.server/http/form";
import { profilePhotoSchema } from "#app/features/accounts";
import { MAX_PHOTO_BYTES } from "#app/utils/photos";
import { PHOTO_LIMITS } from "./shared";
import { photoIntentSchema } from "./schemas";
import { accepted, rejected, type ActionEnv } from "./submission.server";

/**
 * The photo form: one file through the photo pipeline. Any file name is data; a file over the
 * size limit is drained, never stored; a refused photo leaves the current one in place.
 */
export async function uploadPhoto(env: ActionEnv) {
  const { ctx, user, t } = env;
  const refuse = (form: FormData, message: string) =>
    rejected("photo", parseWithZod(form, { schema: profilePhotoSchema }).reply({ fieldErrors: { photo: [message] }, hideFields: ["photo"] }));
  let form: FormData;
  let tooLarge: boolean;
  try {
    const upload = await readMultipart(ctx.request, {
      maxFileBytes: MAX_PHOTO_BYTES,
      maxFiles: 1,
      maxFieldBytes: 1024,
      maxFields: 8,
      acceptFile: (field) => field === "photo",
    });
    form = upload.form;
    tooLarge = upload.tooLarge.length > 0;
  } catch (error) {
    if (!(error instanceof MultipartError)) throw error;
    return refuse(new FormData(), t("photo.errors.unreadable"));
  }
  if (!parseForm(form, photoIntentSchema, t).ok) {
    const message = t("unknownForm");
    throw data({ message, formErrors: [message] }, { status: 400 });
  }
  if (tooLarge) return refuse(form, t("photo.errors.too-large", PHOTO_LIMITS));
  const file = form.get("photo");
  if (!(file instanceof Blob) || file.size === 0) return refuse(form, t("photo.errors.none"));
  const result = await ctx.services.profilePhotos.replace(user.uid, new Uint8Array(await file.arrayBuffer()));
  if (result.status === "refused") {
    return refuse(form, t(`photo.errors.${result.code}`, { ...PHOTO_LIMITS, max: result.code === "too-many-pixels" ? PHOTO_LIMITS.pixels : PHOTO_LIMITS.max }));
  }
  return accepted(env, "photo", { key: "profile:photo.saved" });
}

/** Removes the photo (the avatar shows initials again). */
export async function removePhoto(env: ActionEnv) {
  await env.ctx.services.profilePhotos.remove(env.user.uid);
  return accepted(env, "photo", { key: "profile:photo.removed" });
}
