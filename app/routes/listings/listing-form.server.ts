import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import type { z } from "zod";
import type { SessionUser } from "#app/.server/auth/guards";
import { isListingError, type Listing, type ListingKind, type PhotoErrorCode } from "#app/.server/domain/listings";
import { getFixedT } from "#app/.server/i18n";
import { photoView } from "#app/routes/listings/views.server";
import { notFound } from "#app/.server/http/responses";
import { MultipartError, readMultipart } from "#app/.server/http/multipart";
import { localizePath, splitLangFromPath, type Lang } from "#app/i18n";
import {
  dataSteps,
  DRAFTS_PATH,
  formPathOf,
  formSteps,
  formValuesOf,
  isDataStep,
  keptFields,
  LESSOR_PROFILE_PATH,
  listingDraftFormSchema,
  listingErrorMap,
  listingFormSchema,
  MAX_PHOTO_MEGABYTES,
  MY_LISTINGS_PATH,
  photoUploadSchema,
  stepFields,
  stepHref,
  stepOfField,
  type DataStep,
  type FormStep,
} from "#app/utils/listings/form";
import { boatStepSchema, dockStepSchema, type BoatStep, type BoatTypeId, type DockKind, type DockStep, type ListingPhoto } from "#app/utils/listings/schemas";
import type { PhotoView } from "#app/utils/listings/view";
import { MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS, MAX_PHOTOS, MIN_PHOTO_SIDE, MIN_PHOTOS } from "#app/utils/photos";
import { href } from "#app/utils/href";
import type { DomainServices } from "#app/.server/services";
import { requestContext } from "#app/.server/http/request-context";
import { badRequest } from "#app/.server/http/responses";

/**
 * The server half of the listing forms (`routes/listings/boat-form.tsx` and `dock-form.tsx`)
 * and of the owner's listing pages: reading a listing of the signed-in owner, the form's
 * steps and defaults, saving a step, the photos step (multipart upload, order, cover, delete)
 * and publishing. The routes guard first (`requireUser`) and hand the person in.
 *
 * The photos' files belong to the listing-photos service (`services.listingPhotos`): uploads,
 * order, cover and delete go through it, never to the blob store from here.
 */

type Env = { request: Request; context: AppLoadContext; user: SessionUser; kind: ListingKind; variant: string };

const variantKey = (kind: ListingKind) => (kind === "boat" ? "type" : "kind");

export function variantOf(listing: Listing): string | undefined {
  return listing.kind === "boat" ? listing.data.type : listing.data.kind;
}

/** The page's language and a translator for the listing forms' messages (zod's included). */
function translatorFor(request: Request) {
  const { lang } = splitLangFromPath(new URL(request.url).pathname);
  return { lang, t: getFixedT(lang, ["listing-form", "zod", "validation"]) };
}

/** Which variant (boat type, sale or rent) a form's path stands for; another path is a 404. */
export function variantFromPath<V extends string>(request: Request, paths: Readonly<Record<V, string>>): V {
  const { path } = splitLangFromPath(new URL(request.url).pathname);
  const found = (Object.keys(paths) as V[]).find((variant) => paths[variant] === path.replace(/\/+$/, ""));
  if (!found) notFound(request);
  return found;
}

/** The owner's listing of that kind, still editable (not archived); otherwise a 404. */
export async function readOwnedListing(request: Request, context: AppLoadContext, uid: string, id: string, kind?: ListingKind): Promise<Listing> {
  const listing = await context.services.listings.get(id);
  if (!listing || listing.ownerUid !== uid || listing.status === "archived" || (kind && listing.kind !== kind)) notFound(request);
  return listing;
}

// ---------------------------------------------------------------------------------------------
// Photos and progress

export type PhotoItem = PhotoView & { id: string };

/** A photo of the listing for the form's list, with its id (null for metadata naming no stored photo). */
export function photoItem(listing: Pick<Listing, "kind" | "id">, photo: ListingPhoto, target = 640): PhotoItem | null {
  const view = photoView(listing, photo, target);
  return view ? { id: photo.id, ...view } : null;
}

function stepComplete(listing: Listing, step: DataStep): boolean {
  const variant = variantOf(listing);
  if (variant === undefined) return false;
  const stored = listing.data as Record<string, unknown>;
  const values = Object.fromEntries(stepFields(listing.kind, step, variant).map((field) => [field, stored[field]]));
  const schema = listing.kind === "boat" ? boatStepSchema(step as BoatStep, listing.data.type!) : dockStepSchema(step as DockStep, listing.data.kind!);
  return schema.safeParse(values).success;
}

/** The steps done: the data steps and photos when complete, the review once the listing is published. */
export function stepsDone(listing: Listing): FormStep[] {
  const done: FormStep[] = dataSteps(listing.kind).filter((step) => stepComplete(listing, step));
  if (listing.photos.length >= MIN_PHOTOS) done.push("photos");
  if (listing.status === "published" || listing.status === "paused") done.push("review");
  return done;
}

/** Where to resume a listing: its first step not done yet, else the review. */
export function firstOpenStep(listing: Listing): FormStep {
  const done = stepsDone(listing);
  return formSteps(listing.kind).find((step) => step !== "review" && !done.includes(step)) ?? "review";
}

/** How far a listing is: steps done of the form's steps (the same list the form's indicator shows). */
export function progressOf(listing: Listing) {
  return { done: stepsDone(listing).length, total: formSteps(listing.kind).length };
}

/** A listing as the owner's pages show it: title, cover, place, main price and where to edit it. */
export function listingSummary(listing: Listing, portNames: ReadonlyMap<string, string>) {
  const variant = variantOf(listing) ?? null;
  let price: { cents: number; unit: "day" | "month" | "sale" } | null = null;
  if (listing.kind === "boat") {
    if (listing.data.dayPriceCents !== undefined) price = { cents: listing.data.dayPriceCents, unit: "day" };
  } else if (listing.data.kind === "sale" && listing.data.priceCents !== undefined) {
    price = { cents: listing.data.priceCents, unit: "sale" };
  } else if (listing.data.monthlyPriceCents !== undefined) {
    price = { cents: listing.data.monthlyPriceCents, unit: "month" };
  } else if (listing.data.dailyPriceCents !== undefined) {
    price = { cents: listing.data.dailyPriceCents, unit: "day" };
  }
  const cover = listing.photos[0];
  return {
    id: listing.id,
    kind: listing.kind,
    variant,
    status: listing.status,
    title: listing.kind === "boat" ? (listing.data.title ?? null) : (listing.data.berthNumber ?? null),
    place: listing.portSlug ? (portNames.get(listing.portSlug) ?? listing.portSlug) : listing.city,
    cover: cover ? photoView(listing, cover, 320) : null,
    price,
    updatedAt: listing.updatedAt,
    progress: progressOf(listing),
    editHref: stepHref(listing.kind, variant ?? undefined, listing.id, "basics"),
    resumeHref: stepHref(listing.kind, variant ?? undefined, listing.id, firstOpenStep(listing)),
    viewHref: href(listing.kind, { params: { id: listing.id } }),
  };
}
export type ListingSummary = ReturnType<typeof listingSummary>;

export async function portNamesOf(services: Pick<DomainServices, "ports">): Promise<Map<string, string>> {
  return new Map((await services.ports.list()).map((port) => [port.slug, port.name]));
}

// ---------------------------------------------------------------------------------------------
// The form's loader

/** A "missing" item of the review: what it is and where to fix it (unprefixed path). */
export type MissingItem = { key: string; href: string };

export function missingItems(listing: Listing, keys: readonly string[]): MissingItem[] {
  const variant = variantOf(listing) ?? (listing.kind === "boat" ? "motor" : "sale");
  return keys.map((key) => {
    if (key === "lessorProfile") return { key, href: LESSOR_PROFILE_PATH };
    if (key === "photos") return { key, href: stepHref(listing.kind, variant, listing.id, "photos") };
    return { key, href: stepHref(listing.kind, variant, listing.id, stepOfField(listing.kind, variant, key) ?? "basics") };
  });
}

export async function loadListingForm({ request, context, user, kind, variant }: Env) {
  const url = new URL(request.url);
  const { lang } = splitLangFromPath(url.pathname);
  const t = getFixedT(lang, "listing-form");
  const { listings, ports, users } = context.services;
  const id = url.searchParams.get("id");
  const listing = id === null ? null : await readOwnedListing(request, context, user.uid, id, kind);
  const actual = listing ? variantOf(listing) : undefined;
  if (listing && actual !== undefined && actual !== variant) {
    // The listing is another type than this form: its own form, same id and step.
    throw redirect(localizePath(formPathOf(kind, actual) + url.search, lang));
  }
  const steps = formSteps(kind);
  const requested = url.searchParams.get("step") ?? "";
  const step: FormStep = !listing ? "basics" : (steps as readonly string[]).includes(requested) ? (requested as FormStep) : firstOpenStep(listing);
  const done = listing ? stepsDone(listing) : [];
  const stored: Record<string, unknown> = { ...(listing?.data ?? {}), [variantKey(kind)]: variant };

  const needsPorts = (kind === "boat" && step === "location") || (kind === "dock" && step === "basics");
  const portList = needsPorts ? await ports.list() : [];
  let review: { missing: MissingItem[]; summary: ListingSummary } | null = null;
  if (listing && step === "review") {
    const owner = await users.get(user.uid);
    review = {
      missing: missingItems(listing, listings.missingForPublish(listing, owner)),
      summary: listingSummary(listing, await portNamesOf(context.services)),
    };
  }
  const uploaded = Number(url.searchParams.get("uploaded"));
  return {
    meta: { title: t(`meta.${kind}.${variant}`), description: t(`meta.${kind}.description`) },
    kind,
    variant,
    id: listing?.id ?? null,
    status: listing?.status ?? null,
    listingTitle: listing ? (listing.kind === "boat" ? (listing.data.title ?? null) : (listing.data.berthNumber ?? null)) : null,
    step,
    steps: steps.map((s) => ({ step: s, done: done.includes(s) })),
    defaults: isDataStep(kind, step) ? formValuesOf(stepFields(kind, step, variant), stored, lang) : {},
    ports: portList.map((port) => ({ slug: port.slug, name: port.name, city: port.city, region: port.region })),
    photos: listing && step === "photos" ? listing.photos.map((photo) => photoItem(listing, photo, 320)).filter((item) => item !== null) : [],
    uploaded: step === "photos" && Number.isInteger(uploaded) && uploaded > 0 ? uploaded : 0,
    review,
    limits: { maxPhotos: MAX_PHOTOS, maxPhotoMegabytes: MAX_PHOTO_MEGABYTES, minPhotoSide: MIN_PHOTO_SIDE },
  };
}

// ---------------------------------------------------------------------------------------------
// The form's action

type StepReply = { intent: "step"; step: DataStep; result: SubmissionResult<string[]> };
type PhotoReply = { intent: "upload" | "photo"; result: SubmissionResult<string[]> | null; uploaded: number; message: string | null };
type PublishReply = { intent: "publish"; missing: MissingItem[]; message: string };

const photoIntents = ["move", "cover", "delete"] as const;

export async function listingFormAction({ request, context, user, kind, variant }: Env) {
  const url = new URL(request.url);
  const { lang, t } = translatorFor(request);
  const id = url.searchParams.get("id");
  const listing = id === null ? null : await readOwnedListing(request, context, user.uid, id, kind);
  if (listing && variantOf(listing) !== undefined && variantOf(listing) !== variant) notFound(request);

  const contentType = request.headers.get("Content-Type") ?? "";
  if (contentType.startsWith("multipart/form-data")) {
    if (!listing) notFound(request);
    return uploadPhotos({ request, context, user, kind, variant }, listing, lang, t);
  }
  const formData = await requestContext({ request, context }).formData();
  const intent = String(formData.get("intent") ?? "next");
  if ((photoIntents as readonly string[]).includes(intent)) {
    if (!listing) notFound(request);
    return changePhotos({ request, context, user, kind, variant }, listing, intent as (typeof photoIntents)[number], formData, lang, t);
  }
  if (intent === "publish") {
    if (!listing) notFound(request);
    return publishListing({ request, context, user, kind, variant }, listing, lang, t);
  }
  const requested = url.searchParams.get("step") ?? "basics";
  if ((intent !== "next" && intent !== "save-exit") || (listing && !isDataStep(kind, requested))) badRequest();
  const step: DataStep = listing && isDataStep(kind, requested) ? requested : "basics";
  if (intent === "save-exit") return saveAndLeave({ request, context, user, kind, variant }, listing, step, formData, lang);
  return saveDataStep({ request, context, user, kind, variant }, listing, step, formData, lang, t);
}

type T = ReturnType<typeof getFixedT>;


/** The domain's zod issues as conform's field errors, translated like the form's own. */
function fieldErrorsOf(issues: readonly z.ZodIssue[], t: T): Record<string, string[]> {
  const errorMap = listingErrorMap(t);
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const name = issue.path.reduce<string>((path, segment) => (typeof segment === "number" ? `${path}[${segment}]` : path ? `${path}.${segment}` : segment), "");
    const { message } = errorMap(issue, { defaultError: issue.message, data: undefined });
    (errors[name || ""] ??= []).push(message);
  }
  return errors;
}

/**
 * "Save and leave": keeps what is valid on the step (invalid or empty required fields keep the
 * listing's previous values) and goes to the drafts (or the owner's listings), never answering
 * with field errors. A new listing with nothing valid yet is not created.
 */
async function saveAndLeave(env: Env, listing: Listing | null, step: DataStep, formData: FormData, lang: Lang) {
  const { context, user, kind, variant } = env;
  const { listings } = context.services;
  if (step === "basics") formData.set(variantKey(kind), variant);
  const submission = parseWithZod(formData, { schema: listingDraftFormSchema(kind, step, variant) });
  const value = submission.status === "success" ? keptFields(submission.value as Record<string, unknown>) : {};
  const given = Object.entries(value).some(([field, fieldValue]) => field !== variantKey(kind) && fieldValue !== undefined && fieldValue !== false);
  const leave = (saved: Listing | null) => {
    const target = saved && saved.status !== "draft" ? MY_LISTINGS_PATH : DRAFTS_PATH;
    return redirect(localizePath(saved ? `${target}?${new URLSearchParams({ notice: "saved", id: saved.id })}` : target, lang));
  };
  if (!listing && !given) return leave(null);
  try {
    const target = listing ?? (await listings.createDraft(user.uid, kind, variant as BoatTypeId | DockKind));
    const { listing: saved } = await listings.saveValidFields(user.uid, target.id, step, value);
    return leave(saved);
  } catch (error) {
    if (isListingError(error, "not-found") || isListingError(error, "archived")) notFound(env.request);
    throw error;
  }
}

async function saveDataStep(
  env: Env,
  listing: Listing | null,
  step: DataStep,
  formData: FormData,
  lang: Lang,
  t: T,
) {
  const { context, user, kind, variant } = env;
  const { listings, ports } = context.services;
  // The type (boat) or the kind (dock) comes from the form's path, never from the browser.
  if (step === "basics") formData.set(variantKey(kind), variant);
  const submission = parseWithZod(formData, { schema: listingFormSchema(kind, step, variant), errorMap: listingErrorMap(t) });
  const reject = (result: SubmissionResult<string[]>) => data<StepReply>({ intent: "step", step, result }, { status: 400 });
  if (submission.status !== "success") return reject(submission.reply());

  const value = submission.value as Record<string, unknown>;
  // A new dock starts at a port: check it before the draft exists, so a mistake leaves no empty draft.
  if (!listing && kind === "dock" && !(await ports.get(String(value.portSlug)))) {
    return reject(submission.reply({ fieldErrors: { portSlug: [t("validation:listing.unknownPort")] } }));
  }
  let saved: Listing;
  try {
    const target = listing ?? (await listings.createDraft(user.uid, kind, variant as BoatTypeId | DockKind));
    saved = await listings.saveStep(user.uid, target.id, step, value);
  } catch (error) {
    if (isListingError(error, "invalid-input")) return reject(submission.reply({ fieldErrors: fieldErrorsOf(error.issues, t) }));
    if (isListingError(error, "incomplete")) return reject(submission.reply({ formErrors: [t("errors.wouldBeIncomplete")] }));
    if (isListingError(error, "not-found") || isListingError(error, "archived")) notFound(env.request);
    throw error;
  }
  const steps = formSteps(kind);
  const next = steps[steps.indexOf(step) + 1] ?? "review";
  return redirect(localizePath(stepHref(kind, variant, saved.id, next), lang));
}

// ---------------------------------------------------------------------------------------------
// Photos

/** Reads and drops the rest of an upload part (one refused file must not stop the others). */
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

async function uploadPhotos(env: Env, listing: Listing, lang: Lang, t: T) {
  const { request, context, user, kind, variant } = env;
  const { listingPhotos } = context.services;
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
  if (formData.get("intent") !== "upload") badRequest();

  const errorMap = listingErrorMap(t);
  const submission = parseWithZod(formData, { schema: photoUploadSchema, errorMap });
  const files = formData.getAll("photos").filter((value): value is File => typeof value !== "string");
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

async function changePhotos(
  env: Env,
  listing: Listing,
  intent: (typeof photoIntents)[number],
  formData: FormData,
  lang: Lang,
  t: T,
) {
  const { context, user, kind, variant } = env;
  const { listingPhotos } = context.services;
  const back = redirect(localizePath(stepHref(kind, variant, listing.id, "photos"), lang));
  const photoId = String(formData.get("photoId") ?? "");
  const direction = formData.get("direction");
  try {
    // A photo already gone (another tab, a second click), or a move past either end: the page as it is now.
    if (intent === "move") {
      if (direction === "up" || direction === "down") await listingPhotos.move(user.uid, listing.id, photoId, direction);
    } else if (intent === "cover") {
      await listingPhotos.makeCover(user.uid, listing.id, photoId);
    } else {
      await listingPhotos.remove(user.uid, listing.id, photoId);
    }
  } catch (error) {
    if (isListingError(error, "incomplete")) {
      return data<PhotoReply>({ intent: "photo", result: null, uploaded: 0, message: t("photos.errors.keepOne") }, { status: 400 });
    }
    if (isListingError(error, "not-found") || isListingError(error, "archived")) notFound(env.request);
    throw error;
  }
  return back;
}

// ---------------------------------------------------------------------------------------------
// Publishing

async function publishListing(env: Env, listing: Listing, lang: Lang, t: T) {
  const { context, user } = env;
  try {
    await context.services.listings.publish(user.uid, listing.id);
  } catch (error) {
    if (isListingError(error, "incomplete")) {
      return data<PublishReply>({ intent: "publish", missing: missingItems(listing, error.missing), message: t("review.incomplete") }, { status: 400 });
    }
    if (isListingError(error, "invalid-transition")) {
      return data<PublishReply>({ intent: "publish", missing: [], message: t("review.notDraft") }, { status: 400 });
    }
    if (isListingError(error, "not-found") || isListingError(error, "archived")) notFound(env.request);
    throw error;
  }
  return redirect(localizePath(`${MY_LISTINGS_PATH}?${new URLSearchParams({ notice: "published", id: listing.id })}`, lang));
}
