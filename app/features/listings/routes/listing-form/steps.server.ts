/** Saving a data step: "next" (validated, with field errors) and "save and leave" (keeps what is valid). */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import type { z } from "zod";
import { isListingError, type Listing } from "#app/features/listings/.server";
import { notFound } from "#app/.server/http/responses";
import { localizePath, type Lang } from "#app/i18n";
import { DRAFTS_PATH, formSteps, keptFields, listingDraftFormSchema, listingErrorMap, listingFormSchema, MY_LISTINGS_PATH, stepHref, type DataStep } from "#app/features/listings/form";
import type { BoatTypeId, DockKind } from "#app/features/listings/schemas";
import { variantKey, type Env, type T } from "./env.server";
import { listingTitle } from "./progress.server";

type StepReply = { intent: "step"; step: DataStep; result: SubmissionResult<string[]> };

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
export async function saveAndLeave(env: Env, listing: Listing | null, step: DataStep, formData: FormData, lang: Lang) {
  const { ctx, user, kind, variant } = env;
  const { listings } = ctx.services;
  if (step === "basics") formData.set(variantKey(kind), variant);
  const submission = parseWithZod(formData, { schema: listingDraftFormSchema(kind, step, variant) });
  const value = submission.status === "success" ? keptFields(submission.value as Record<string, unknown>) : {};
  const given = Object.entries(value).some(([field, fieldValue]) => field !== variantKey(kind) && fieldValue !== undefined && fieldValue !== false);
  const leave = async (saved: Listing | null) => {
    const target = saved && saved.status !== "draft" ? MY_LISTINGS_PATH : DRAFTS_PATH;
    const key = target === DRAFTS_PATH ? "listing-form:drafts.saved" : "listing-form:myListings.notices.saved";
    // The anchor scrolls the page to the listing just saved.
    return ctx.redirectWithNotice(localizePath(target, lang) + (saved ? `#listing-${saved.id}` : ""), saved ? { key, values: { title: (await listingTitle(ctx.services, saved, lang)) ?? ctx.t("untitled") } } : null);
  };
  if (!listing && !given) return leave(null);
  try {
    const target = listing ?? (await listings.createDraft(user.uid, kind, variant as BoatTypeId | DockKind));
    const { listing: saved } = await listings.saveValidFields(user.uid, target.id, step, value);
    return leave(saved);
  } catch (error) {
    if (isListingError(error, "not-found") || isListingError(error, "archived")) notFound(env.ctx.request);
    throw error;
  }
}

/** "Next": the step validated and saved (a new listing's draft made first), then the next step. */
export async function saveDataStep(
  env: Env,
  listing: Listing | null,
  step: DataStep,
  formData: FormData,
  lang: Lang,
  t: T,
) {
  const { ctx, user, kind, variant } = env;
  const { listings, ports } = ctx.services;
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
    if (isListingError(error, "not-found") || isListingError(error, "archived")) notFound(env.ctx.request);
    throw error;
  }
  const steps = formSteps(kind);
  const next = steps[steps.indexOf(step) + 1] ?? "review";
  return redirect(localizePath(stepHref(kind, variant, saved.id, next), lang));
}
