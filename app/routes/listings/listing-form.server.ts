import { redirect } from "@remix-run/node";
import { notFound, badRequest } from "#app/.server/http/responses";
import { localizePath } from "#app/i18n";
import { formPathOf, formSteps, formValuesOf, isDataStep, MAX_PHOTO_MEGABYTES, stepFields, type DataStep, type FormStep } from "#app/utils/listings/form";
import { MAX_PHOTOS, MIN_PHOTO_SIDE } from "#app/utils/photos";
import { readOwnedListing, variantKey, variantOf, type Env } from "./listing-form/env.server";
import { changePhotos, photoIntents, uploadPhotos } from "./listing-form/photos.server";
import { firstOpenStep, listingSummary, missingItems, photoItem, portNamesOf, stepsDone, type ListingSummary, type MissingItem } from "./listing-form/progress.server";
import { publishListing } from "./listing-form/publish.server";
import { saveAndLeave, saveDataStep } from "./listing-form/steps.server";

export { LISTING_FORM_NAMESPACES, variantFromPath, type Env } from "./listing-form/env.server";

/**
 * The server half of the listing forms (`routes/listings/boat-form.tsx` and `dock-form.tsx`)
 * and of the owner's listing pages: reading a listing of the signed-in owner, the form's
 * steps and defaults, saving a step, the photos step (multipart upload, order, cover, delete)
 * and publishing. The routes guard first (`requireUser`) and hand the person in.
 *
 * The photos' files belong to the listing-photos service (`services.listingPhotos`): uploads,
 * order, cover and delete go through it, never to the blob store from here.
 *
 * This module is the form's loader and the action's dispatch; beside it in `listing-form/`:
 * the shared request shape (`env.server.ts`), progress and summaries (`progress.server.ts`),
 * saving a step (`steps.server.ts`), the photos step (`photos.server.ts`) and publishing
 * (`publish.server.ts`). The routes make the request's context (`requestContext` with
 * `LISTING_FORM_NAMESPACES`), guard (`ctx.requireUser()`) and hand both in.
 */

export async function loadListingForm({ ctx, user, kind, variant }: Env) {
  const { url, lang, t } = ctx;
  const { listings, ports, users } = ctx.services;
  const id = url.searchParams.get("id");
  const listing = id === null ? null : await readOwnedListing(ctx, user.uid, id, kind);
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
      summary: listingSummary(listing, await portNamesOf(ctx.services)),
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

export async function listingFormAction(env: Env) {
  const { ctx, user, kind, variant } = env;
  const { request, url, lang, t } = ctx;
  const id = url.searchParams.get("id");
  const listing = id === null ? null : await readOwnedListing(ctx, user.uid, id, kind);
  if (listing && variantOf(listing) !== undefined && variantOf(listing) !== variant) notFound(request);

  const contentType = request.headers.get("Content-Type") ?? "";
  if (contentType.startsWith("multipart/form-data")) {
    if (!listing) notFound(request);
    return uploadPhotos(env, listing, lang, t);
  }
  const formData = await ctx.formData();
  const intent = String(formData.get("intent") ?? "next");
  if ((photoIntents as readonly string[]).includes(intent)) {
    if (!listing) notFound(request);
    return changePhotos(env, listing, intent as (typeof photoIntents)[number], formData, lang, t);
  }
  if (intent === "publish") {
    if (!listing) notFound(request);
    return publishListing(env, listing, lang, t);
  }
  const requested = url.searchParams.get("step") ?? "basics";
  if ((intent !== "next" && intent !== "save-exit") || (listing && !isDataStep(kind, requested))) badRequest();
  const step: DataStep = listing && isDataStep(kind, requested) ? requested : "basics";
  if (intent === "save-exit") return saveAndLeave(env, listing, step, formData, lang);
  return saveDataStep(env, listing, step, formData, lang, t);
}
