/**
 * The two people's filings: the owner's claim on the deposit, with its evidence from the
 * check-out, and the renter's one answer.
 */
import { isStoreError } from "#app/.server/store";
import { DEPOSIT_CLAIM_HOURS, isBookingError, lineOf, type Booking } from "#app/features/bookings/.server";
import { change, entry, read, text, type CheckOutEvidence, type DepositsContext } from "./context";
import { DEPOSIT_CLAIMS, DepositError, type ClaimEvidence, type DepositClaim } from "./model";
import { preparePhotos, removePhotos, storePhotos } from "./photos";

/** The claim points at check-out photos (ids) and/or quotes the check-out's notes; at least one. */
export type ClaimInput = { amountCents: number; reason: string; photos?: readonly Uint8Array[]; evidence?: { photoIds?: readonly string[]; quote?: string } };
export type AnswerInput = { text: string; photos?: readonly Uint8Array[] };

/** Until when the owner may claim the deposit of a trip. */
export function claimWindowEnd(booking: Pick<Booking, "endsAt">): string {
  return new Date(Date.parse(booking.endsAt) + DEPOSIT_CLAIM_HOURS * 3_600_000).toISOString();
}

/** Whether the owner may claim now: a finished trip inside the window, its deposit still held (or owed directly). */
export function canClaim(booking: Booking, now: Date): boolean {
  const state = lineOf(booking.money, "deposit")?.state;
  return booking.status === "completed" && now.toISOString() <= claimWindowEnd(booking) && (state === "authorised" || state === "direct");
}

const squash = (value: string) => value.replace(/\s+/g, " ").trim().toLowerCase();

/**
 * The evidence of a claim (decision 032): a check-out record must exist, and the claim must name
 * some of its photos and/or quote words that are in its notes. `invalid` on `evidence` otherwise.
 */
function evidenceOf(checkOut: CheckOutEvidence | null, input: ClaimInput["evidence"]): ClaimEvidence & { checkoutId: string } {
  if (!checkOut) throw new DepositError("invalid", "evidence", "no-check-out");
  const photoIds = [...new Set((input?.photoIds ?? []).filter((id) => typeof id === "string" && id.length > 0))];
  if (photoIds.some((id) => !checkOut.photoIds.includes(id))) throw new DepositError("invalid", "evidence", "unknown-photo");
  const quote = text(input?.quote, "evidence", false);
  if (quote && !checkOut.notes.some((notes) => squash(notes).includes(squash(quote)))) throw new DepositError("invalid", "evidence", "not-quoted");
  if (photoIds.length === 0 && !quote) throw new DepositError("invalid", "evidence", "required");
  return { photoIds, quote, checkoutId: checkOut.id };
}

/**
 * The owner claims `amountCents` of the deposit with a reason (and photos). Refusals:
 * `not-found` (not their booking), `invalid` (amount, reason, photos), `window-closed`,
 * `no-deposit`, `already-claimed`. Nothing is kept of a refused claim.
 */
export async function claim(ctx: DepositsContext, ownerUid: string, bookingId: string, input: ClaimInput): Promise<DepositClaim> {
  const { store, blobs, bookings } = ctx;
  const found = await bookings.getFor(bookingId, ownerUid);
  if (!found || found.role !== "owner") throw new DepositError("not-found");
  const booking = found.booking;
  const deposit = lineOf(booking.money, "deposit");
  if (await read(ctx, bookingId)) throw new DepositError("already-claimed");
  const at = ctx.now();
  if (booking.status !== "completed" || at.toISOString() > claimWindowEnd(booking)) throw new DepositError("window-closed");
  if (!deposit || !["authorised", "direct"].includes(deposit.state)) throw new DepositError("no-deposit");
  const amount = input.amountCents;
  if (!Number.isInteger(amount) || amount < 1) throw new DepositError("invalid", "amount", "required");
  if (amount > deposit.amountCents) throw new DepositError("invalid", "amount", "over-deposit");
  const reason = text(input.reason, "reason", true);
  const { checkoutId, ...evidence } = evidenceOf(await ctx.checkOut(bookingId), input.evidence);
  const prepared = await preparePhotos(input.photos ?? []);
  const iso = at.toISOString();
  const photos = await storePhotos(blobs, bookingId, prepared, "owner", iso);
  const filed: DepositClaim = {
    id: bookingId,
    bookingId,
    listingId: booking.listingId,
    ownerUid: booking.ownerUid,
    renterUid: booking.renterUid,
    depositCents: deposit.amountCents,
    amountCents: amount,
    reason,
    photos,
    answer: null,
    status: "open",
    decision: null,
    checkoutId,
    evidence,
    history: [entry("owner", ownerUid, "claim", iso)],
    createdAt: iso,
    updatedAt: iso,
  };
  const { id: _id, ...record } = filed;
  try {
    // The claim's document is the booking's: of two claims at once, one creates it.
    await store.create(DEPOSIT_CLAIMS, bookingId, record);
  } catch (error) {
    await removePhotos(blobs, bookingId, photos);
    if (isStoreError(error, "already-exists")) throw new DepositError("already-claimed");
    throw error;
  }
  try {
    await bookings.claimDeposit(bookingId, ownerUid);
  } catch (error) {
    await store.delete(DEPOSIT_CLAIMS, bookingId);
    await removePhotos(blobs, bookingId, photos);
    if (isBookingError(error, "invalid-transition")) throw new DepositError(error.reason === "claim-window" ? "window-closed" : "no-deposit");
    if (isBookingError(error, "not-found")) throw new DepositError("not-found");
    throw error;
  }
  return filed;
}

/** The renter answers an open claim once, with text and optional photos. */
export async function answer(ctx: DepositsContext, renterUid: string, bookingId: string, input: AnswerInput): Promise<DepositClaim> {
  const current = await read(ctx, bookingId);
  if (!current || current.renterUid !== renterUid) throw new DepositError("not-found");
  if (current.status !== "open") throw new DepositError("not-open");
  if (current.answer) throw new DepositError("already-answered");
  const written = text(input.text, "text", true);
  const prepared = await preparePhotos(input.photos ?? []);
  const iso = ctx.now().toISOString();
  const photos = await storePhotos(ctx.blobs, bookingId, prepared, "renter", iso);
  try {
    return await change(ctx, bookingId, (doc) => {
      if (doc.answer) throw new DepositError("already-answered");
      return { answer: { text: written, at: iso, photos }, history: [...doc.history, entry("renter", renterUid, "answer", iso)], updatedAt: iso };
    });
  } catch (error) {
    await removePhotos(ctx.blobs, bookingId, photos);
    throw error;
  }
}
