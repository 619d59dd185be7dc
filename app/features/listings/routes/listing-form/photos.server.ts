/** The photos step: the multipart upload and the order, cover and delete buttons, through the listing-photos service. */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { isListingError, type Listing, type PhotoErrorCode } from "#app/features/listings/.server";
import { MultipartError, readMultipart } from "#app/.server/http/multipart";
import { notFound } from "#app/.server/http/responses";
import { localizePath, type Lang } from "#app/i18n";
import { listingErrorMap, MAX_PHOTO_MEGABYTES, photoUploadSchema, stepHref } from "#app/features/listings/form";
import { MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS, MAX_PHOTOS, MIN_PHOTO_SIDE } from "#app/utils/photos";
import type { Env, T } from "./env.server";

type PhotoReply = { intent: "upload" | "photo"; result: SubmissionResult<string[]> | null; uploaded: number; message: string | null };

const photoId = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/);

/** The photo buttons, one schema per intent (part of the form's `intent` union). */
export const photoChangeSchemas = [
  z.object({ intent: z.literal("move"), photoId, direction: z.enum(["up", "down"]) }),
  z.object({ intent: z.literal("cover"), photoId }),
  z.object({ intent: z.literal("delete"), photoId }),
] as const;

export type PhotoChange = z.infer<(typeof photoChangeSchemas)[number]>;

/** The upload's text fields (its files are streamed apart) with its one intent. */
const uploadSchema = photoUploadSchema.extend({ intent: z.literal("upload") });

/** A refused photo's message, naming the file. */
function photoErrorMessage(code: PhotoErrorCode, name: string, t: T): string {
  return t(`photos.errors.${code}`, {
    name,
    max: code === "too-many-pixels" ? MAX_PHOTO_PIXELS / 1_000_000 : MAX_PHOTO_MEGABYTES,
    min: MIN_PHOTO_SIDE,
  });
}

/** Keeps a file name printable and short for messages. */
function displayName(name: string): string {
  const clean = [...name].filter((char) => char >= " " && char !== "\u007f").join("").trim() || "?";
  return clean.length > 60 ? `${clean.slice(0, 57)}…` : clean;
}

/** One upload of any number of photos: the ones that fit are stored, the others named in the answer. */
export async function uploadPhotos(env: Env, listing: Listing, lang: Lang, t: T) {
  const { ctx, user, kind, variant } = env;
  const { request } = ctx;
  const { listingPhotos } = ctx.services;
  const free = MAX_PHOTOS - listing.photos.length;
  const refused: string[] = [];

  // Any file name is data (`a=b.jpg` too): busboy streams the parts; a photo over the size or
  // past the listing's free places is drained and named in the answer, never stored.
  let formData: FormData;
  try {
    const upload = await readMultipart(request, {
      maxFileBytes: MAX_PHOTO_BYTES,
      maxFiles: Math.max(0, free),
      maxFieldBytes: 1024,
      acceptFile: (field) => field === "photos",
    });
    formData = upload.form;
    for (const name of upload.overCount) refused.push(t("photos.errors.limit", { name: displayName(name), max: MAX_PHOTOS }));
    for (const name of upload.tooLarge) refused.push(photoErrorMessage("too-large", displayName(name), t));
  } catch (error) {
    if (!(error instanceof MultipartError)) throw error;
    // A malformed body, an oversized text field or a dropped connection: nothing was stored.
    return data<PhotoReply>({ intent: "upload", result: null, uploaded: 0, message: t("photos.errors.unreadable") }, { status: 400 });
  }
  const errorMap = listingErrorMap(t);
  const submission = parseWithZod(formData, { schema: uploadSchema, errorMap });
  // Not the upload form (its intent is missing or another): nothing is stored.
  if (submission.status !== "success" && submission.error?.intent) {
    return data<PhotoReply>({ intent: "upload", result: null, uploaded: 0, message: t("errors.unknown") }, { status: 400 });
  }
  // The files the reader kept (over-size ones were drained), as the schema path read them.
  const sent = submission.payload.photos;
  const files = (Array.isArray(sent) ? sent : [sent]).filter((value): value is File => value instanceof File);
  const reply = (fieldErrors: string[], uploaded: number) =>
    data<PhotoReply>(
      { intent: "upload", result: submission.reply({ fieldErrors: { photos: fieldErrors }, hideFields: ["photos"] }), uploaded, message: null },
      { status: 400 },
    );
  if (files.length === 0) {
    const errors = submission.status === "success" ? [] : (submission.error?.photos ?? []);
    return reply(refused.length > 0 ? refused : errors.length > 0 ? errors : [t("photos.errors.none")], 0);
  }

  let added: number;
  try {
    const result = await listingPhotos.add(user.uid, listing.id, files);
    for (const { code, name } of result.refused) refused.push(photoErrorMessage(code, displayName(name), t));
    added = result.added.length;
  } catch (error) {
    // Nothing was added (the service removed what it had stored).
    if (isListingError(error, "invalid-input")) return reply([t("photos.errors.count", { max: MAX_PHOTOS })], 0);
    if (isListingError(error, "not-found") || isListingError(error, "archived")) notFound(request);
    throw error;
  }
  if (refused.length > 0) return reply(refused, added);
  return redirect(localizePath(`${stepHref(kind, variant, listing.id, "photos")}&uploaded=${added}`, lang));
}

/** Moves a photo, makes it the cover or deletes it; the photos step as it is now. */
export async function changePhotos(env: Env, listing: Listing, change: PhotoChange, lang: Lang, t: T) {
  const { ctx, user, kind, variant } = env;
  const { listingPhotos } = ctx.services;
  const back = redirect(localizePath(stepHref(kind, variant, listing.id, "photos"), lang));
  const { photoId } = change;
  try {
    // A photo already gone (another tab, a second click), or a move past either end: the page as it is now.
    if (change.intent === "move") await listingPhotos.move(user.uid, listing.id, photoId, change.direction);
    else if (change.intent === "cover") await listingPhotos.makeCover(user.uid, listing.id, photoId);
    else await listingPhotos.remove(user.uid, listing.id, photoId);
  } catch (error) {
    if (isListingError(error, "incomplete")) {
      return data<PhotoReply>({ intent: "photo", result: null, uploaded: 0, message: t("photos.errors.keepOne") }, { status: 400 });
    }
    if (isListingError(error, "not-found") || isListingError(error, "archived")) notFound(env.ctx.request);
    throw error;
  }
  return back;
}
