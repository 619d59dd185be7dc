import { legalMinimumLicence } from "#app/features/licences/.server";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { invariantResponse } from "#app/.server/http/responses";
import { localizePath } from "#app/i18n";
import { formPathOf, formSteps, formValuesOf, isDataStep, MAX_PHOTO_MEGABYTES, stepFields, type DataStep, type FormStep } from "#app/features/listings/form";
import { MAX_PHOTOS, MIN_PHOTO_SIDE } from "#app/utils/photos";
import { readOwnedListing, variantKey, variantOf, type Env } from "./listing-form/env.server";
import { changePhotos, photoChangeSchemas, uploadPhotos } from "./listing-form/photos.server";
import { firstOpenStep, listingSummary, listingTitle, missingItems, photoItem, portNamesOf, stepsDone, type ListingSummary, type MissingItem } from "./listing-form/progress.server";
import { publishListing } from "./listing-form/publish.server";
import { saveAndLeave, saveDataStep } from "./listing-form/steps.server";

export { LISTING_FORM_NAMESPACES, variantFromPath, type Env } from "./listing-form/env.server";

/**
 * The server half of the listing forms (`features/listings/routes/boat-form.tsx` and `dock-form.tsx`)
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
      summary: listingSummary(listing, await portNamesOf(ctx.services), await listingTitle(ctx.services, listing, lang)),
    };
  }
  const uploaded = Number(url.searchParams.get("uploaded"));
  return {
    meta: { title: t(`meta.${kind}.${variant}`), description: t(`meta.${kind}.description`) },
    kind,
    variant,
    id: listing?.id ?? null,
    status: listing?.status ?? null,
    listingTitle: listing ? await listingTitle(ctx.services, listing, lang) : null,
    step,
    steps: steps.map((s) => ({ step: s, done: done.includes(s) })),
    defaults: isDataStep(kind, step) ? formValuesOf(stepFields(kind, step, variant), stored, lang) : {},
    ports: portList.map((port) => ({ slug: port.slug, name: port.name, city: port.city, region: port.region })),
    photos: listing && step === "photos" ? listing.photos.map((photo) => photoItem(listing, photo, 320)).filter((item) => item !== null) : [],
    uploaded: step === "photos" && Number.isInteger(uploaded) && uploaded > 0 ? uploaded : 0,
    review,
    limits: { maxPhotos: MAX_PHOTOS, maxPhotoMegabytes: MAX_PHOTO_MEGABYTES, minPhotoSide: MIN_PHOTO_SIDE },
    // The conditions step says what the law asks of this boat (issue 49): the owner may ask for more.
    legalMinimum: listing?.kind === "boat" && step === "conditions" ? legalMinimumLicence(listing.data) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// The form's action

/**
 * What the form's buttons post (urlencoded, through the body gate): one schema per intent. The
 * data steps' fields ("next", "save and leave") are read by the step's own schema afterwards;
 * a form without an intent is "next" (the first button, pressed with Enter).
 */
const listingIntentSchema = z.preprocess(
  (value) => (value && typeof value === "object" && (value as { intent?: unknown }).intent === undefined ? { ...value, intent: "next" } : value),
  z.discriminatedUnion("intent", [...photoChangeSchemas, z.object({ intent: z.literal("publish") }), z.object({ intent: z.literal("next") }), z.object({ intent: z.literal("save-exit") })]),
);

export async function listingFormAction(env: Env) {
  const { ctx, user, kind, variant } = env;
  const { request, url, lang, t } = ctx;
  const id = url.searchParams.get("id");
  const listing = id === null ? null : await readOwnedListing(ctx, user.uid, id, kind);
  invariantResponse(!listing || variantOf(listing) === undefined || variantOf(listing) === variant, request);

  const contentType = request.headers.get("Content-Type") ?? "";
  if (contentType.startsWith("multipart/form-data")) {
    invariantResponse(listing, request);
    return uploadPhotos(env, listing, lang, t);
  }
  const formData = await ctx.formData();
  const requested = url.searchParams.get("step") ?? "basics";
  const step: DataStep = listing && isDataStep(kind, requested) ? requested : "basics";
  // Any issue here means the form was not one of ours: one translated message for all of them.
  const submission = parseWithZod(formData, { schema: listingIntentSchema, errorMap: () => ({ message: t("errors.unknown") }) });
  // A button no step of this form has, or a data intent on a step without data: the step says so.
  const unknown = () => data({ intent: "step" as const, step, result: submission.reply({ formErrors: [t("errors.unknown")] }) }, { status: 400 });
  if (submission.status !== "success") {
    const intent = submission.payload.intent;
    if (photoChangeSchemas.some((schema) => schema.shape.intent.value === intent)) {
      invariantResponse(listing, request);
      return data({ intent: "photo" as const, result: null, uploaded: 0, message: t("errors.unknown") }, { status: 400 });
    }
    return unknown();
  }
  const action = submission.value;
  if (action.intent === "move" || action.intent === "cover" || action.intent === "delete") {
    invariantResponse(listing, request);
    return changePhotos(env, listing, action, lang, t);
  }
  if (action.intent === "publish") {
    invariantResponse(listing, request);
    return publishListing(env, listing, lang, t);
  }
  if (listing && !isDataStep(kind, requested)) return unknown();
  if (action.intent === "save-exit") return saveAndLeave(env, listing, step, formData, lang);
  return saveDataStep(env, listing, step, formData, lang, t);
}
