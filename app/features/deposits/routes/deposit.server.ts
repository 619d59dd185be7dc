import { isDepositError, type ClaimPhoto, type DepositClaim } from "#app/features/deposits/.server";
import { MAX_CLAIM_PHOTOS } from "#app/features/deposits/deposits";
import type { RequestContext } from "#app/.server/http/request-context";
import { formatEuros } from "#app/utils/money";
import type { ClaimFormField, ClaimPhotoView, ClaimReply, ClaimView } from "#app/features/deposits/deposits";
import { href } from "#app/utils/href";
import { CONTROL_CHARACTERS_MESSAGE } from "#app/utils/free-text";

/**
 * What the deposit pages share (the owner's and renter's `/…/{id}/fianza`, the team's
 * `/admin/fianzas/{id}`): the claim as a page shows it, the photos of a multipart form, and a
 * `DepositError` as a translated reply (400 with the field's message, 409 for a conflict, 404).
 */
const photoView = (bookingId: string, photo: ClaimPhoto): ClaimPhotoView => ({
  id: photo.id,
  url: href("deposit-photo", { params: { bookingId, photoId: photo.id } }),
  width: photo.width,
  height: photo.height,
});

/** `checkOut`: the photos of the trip's check-out (handover feature), for the ones the claim points at. */
export function claimView(claim: DepositClaim, checkOut: readonly ClaimPhotoView[] = []): ClaimView {
  return {
    bookingId: claim.bookingId,
    status: claim.status,
    depositCents: claim.depositCents,
    amountCents: claim.amountCents,
    reason: claim.reason,
    photos: claim.photos.map((p) => photoView(claim.bookingId, p)),
    answer: claim.answer ? { text: claim.answer.text, at: claim.answer.at, photos: claim.answer.photos.map((p) => photoView(claim.bookingId, p)) } : null,
    decision: claim.decision ? { keptCents: claim.decision.keptCents, at: claim.decision.at, note: claim.decision.note } : null,
    evidence: claim.evidence ? { photos: checkOut.filter((photo) => claim.evidence!.photoIds.includes(photo.id)), quote: claim.evidence.quote } : null,
    depositReleasedBefore: claim.depositReleasedBefore ?? null,
    createdAt: claim.createdAt,
  };
}

/** The uploaded photos of the form (empty file inputs left out); a reply when there are too many. */
/**
 * What was typed, with how many photos came with it: a refused claim or answer is a new page
 * without JavaScript, and a browser never fills a file input again, so the form asks for them again.
 */
export function withPhotosSent(form: FormData, values: Record<string, string>): Record<string, string> {
  const sent = form.getAll("photos").filter((value) => typeof value !== "string" && value.size > 0).length;
  return sent > 0 ? { ...values, photos: String(sent) } : values;
}

export async function photosOf(form: FormData): Promise<Uint8Array[] | "too-many"> {
  const files = form.getAll("photos").filter((value): value is File => typeof value !== "string" && value.size > 0);
  if (files.length > MAX_CLAIM_PHOTOS) return "too-many";
  return Promise.all(files.map(async (file) => new Uint8Array(await file.arrayBuffer())));
}

export type Refusal = { status: 400 | 404 | 409; reply: ClaimReply };

/** A refusal of the domain as the page's reply, in its language; other errors are rethrown. */
export function refusalOf(ctx: RequestContext, intent: string, error: unknown, values: { depositCents?: number; amountCents?: number } = {}): Refusal {
  if (!isDepositError(error)) throw error;
  const t = ctx.t;
  const money = { deposit: formatEuros(values.depositCents ?? 0, ctx.lang), amount: formatEuros(values.amountCents ?? 0, ctx.lang) };
  if (error.code === "not-found") return { status: 404, reply: { intent, errors: {} } };
  if (error.code === "invalid" && error.field) {
    const field: ClaimFormField = error.field;
    const message = error.reason === "control-characters" ? t(CONTROL_CHARACTERS_MESSAGE) : t(`errors.${error.field}.${error.reason}`, money);
    return { status: 400, reply: { intent, errors: { [field]: message } } };
  }
  return { status: 409, reply: { intent, errors: { form: t(`errors.${error.code}`) } } };
}
