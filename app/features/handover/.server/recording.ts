/**
 * The two sides' records: one side records the check-in or the check-out, the other confirms or
 * disputes it. Records are created with `create` (of two check-ins at once, one is written) and
 * answered behind a marker created first (`handover_answers/{recordId}`): of two answers at once
 * exactly one is kept, on every store.
 */
import { isStoreError } from "#app/.server/store";
import { notify, read, releaseIfClean, sideOf, type HandoverContext } from "./context";
import { HANDOVER_ANSWERS, HANDOVERS, HandoverError, isSubmissionId, recordId, type FuelChoice, type HandoverConfirmation, type HandoverKind, type HandoverRecord } from "./model";
import { preparePhotos, removePhotos, storePhotos } from "./photos";
import { cleanText, fuelOf, fullToFull, hasEngine, hoursOf, refusalFor } from "./rules";

export type RecordInput = {
  photos?: readonly Uint8Array[];
  /** 0–8 eighths of the tank; required for a boat with an engine. */
  fuelEighths?: number | null;
  /** The hour meter; required for a boat with an engine. */
  engineHours?: number | null;
  notes?: string;
  /** Check-out by the owner: damage noted. */
  damage?: boolean;
  /**
   * The sending phone's id for this record (a form sent again once back online): a record kept
   * under the same id by the same person is answered again instead of refused (`isSubmissionId`).
   */
  submission?: string | null;
  /** Check-in by the owner: he saw the renter's licence (required when the booking holds one). */
  licenceSeen?: boolean;
};
/** `fuel`: the owner's choice when he confirms a check-out whose fuel is short (`claim` or `waive`); ignored otherwise. */
/** `licenceSeen`: the owner confirming the renter's check-in saw the licence (required when the booking holds one). */
export type AnswerInput = { status: "confirmed" | "disputed"; note?: string; fuel?: FuelChoice | null; licenceSeen?: boolean };

/**
 * One side records the check-in or the check-out. Refusals: `not-found` (not their booking),
 * `too-early`, `closed`, `not-checked-in`, `already-recorded`, `invalid` (a field). Nothing is
 * kept of a refused record.
 */
export async function record(ctx: HandoverContext, uid: string, bookingId: string, kind: HandoverKind, input: RecordInput): Promise<HandoverRecord> {
  const { booking, side } = await sideOf(ctx, uid, bookingId);
  const listing = await ctx.listings.get(booking.listingId);
  const checkIn = kind === "check-out" ? await read(ctx, bookingId, "check-in") : null;
  const submission = isSubmissionId(input.submission) ? input.submission : null;
  const earlier = await read(ctx, bookingId, kind);
  if (earlier) return sameSubmission(earlier, uid, submission);
  const at = ctx.now();
  const refusal = refusalFor(kind, booking, listing, checkIn !== null, at);
  if (refusal) throw refusal;
  const engine = hasEngine(listing);
  const fuelEighths = fuelOf(input.fuelEighths, engine);
  const engineHours = hoursOf(input.engineHours, engine);
  if (engineHours !== null && checkIn?.engineHours != null && engineHours < checkIn.engineHours) throw new HandoverError("invalid", "engineHours", "backwards");
  // Back with less fuel than it left with, on a boat that goes back full: the owner's to claim.
  const fuelShort = kind === "check-out" && fullToFull(listing) && fuelEighths !== null && checkIn?.fuelEighths != null && fuelEighths < checkIn.fuelEighths;
  const notes = cleanText(input.notes, "notes", false);
  const licenceSeen = kind === "check-in" && side === "owner" && input.licenceSeen === true;
  if (kind === "check-in" && side === "owner" && !licenceSeen && (await licenceAsked(ctx, bookingId))) throw new HandoverError("invalid", "licenceSeen", "required");
  const prepared = await preparePhotos(input.photos ?? []);
  const iso = at.toISOString();
  const photos = await storePhotos(ctx.blobs, bookingId, prepared, iso);
  const written: HandoverRecord = {
    id: recordId(bookingId, kind),
    bookingId,
    kind,
    listingId: booking.listingId,
    ownerUid: booking.ownerUid,
    renterUid: booking.renterUid,
    by: side,
    uid,
    photos,
    fuelEighths,
    engineHours,
    notes,
    damage: kind === "check-out" && side === "owner" && input.damage === true,
    ...(submission ? { submission } : {}),
    fuelShort,
    ...(licenceSeen ? { licenceSeen } : {}),
    recordedAt: iso,
    confirmation: null,
    depositReleasedAt: null,
  };
  const { id, ...doc } = written;
  try {
    await ctx.store.create(HANDOVERS, id, doc);
  } catch (error) {
    await removePhotos(ctx.blobs, bookingId, photos);
    if (!isStoreError(error, "already-exists")) throw error;
    // Sent twice at once (a replay racing the first send): the one kept answers both.
    const kept = await read(ctx, bookingId, kind);
    if (!kept) throw new HandoverError("already-recorded");
    return sameSubmission(kept, uid, submission);
  }
  await notify(ctx, written, "recorded");
  return written;
}

/** A record already kept: the same send again (same person, same submission id) gets it back; anything else is refused. */
function sameSubmission(kept: HandoverRecord, uid: string, submission: string | null): HandoverRecord {
  if (submission !== null && kept.submission === submission && kept.uid === uid) return kept;
  throw new HandoverError("already-recorded");
}

/**
 * The other side confirms the record or disputes it with a note. Refusals: `not-found`,
 * `own-record`, `already-answered`, `invalid` (status, note, fuel). A confirmed check-out without
 * damage releases the deposit — unless its fuel is short: then the owner confirming it says
 * whether he claims the fuel (`fuel: "claim"`, with a note saying what is missing, which a claim
 * can quote) or lets it go (`"waive"`, released as a clean return); the renter confirming the
 * owner's short check-out leaves the deposit held for his claim.
 */
export async function answer(ctx: HandoverContext, uid: string, bookingId: string, kind: HandoverKind, input: AnswerInput): Promise<HandoverRecord> {
  const { side } = await sideOf(ctx, uid, bookingId);
  const recorded = await read(ctx, bookingId, kind);
  if (!recorded) throw new HandoverError("not-found");
  if (recorded.by === side) throw new HandoverError("own-record");
  if (recorded.confirmation) throw new HandoverError("already-answered");
  if (input.status !== "confirmed" && input.status !== "disputed") throw new HandoverError("invalid", "status", "required");
  // The owner confirming a short return says what becomes of the fuel; the choice is his alone.
  const fuelAsked = recorded.fuelShort === true && side === "owner" && input.status === "confirmed";
  const fuel = fuelAsked ? input.fuel : null;
  if (fuelAsked && fuel !== "claim" && fuel !== "waive") throw new HandoverError("invalid", "fuel", "choose");
  // Disputing says why, and keeping the deposit for the fuel says what is missing; confirming may add a word.
  const note = cleanText(input.note, "note", input.status === "disputed");
  if (fuel === "claim" && note.length === 0) throw new HandoverError("invalid", "note", "fuel-claim");
  // The owner confirming the renter's check-in says he saw the licence given with the booking.
  const licenceSeen = kind === "check-in" && side === "owner" && input.status === "confirmed" && input.licenceSeen === true;
  if (kind === "check-in" && side === "owner" && input.status === "confirmed" && !licenceSeen && (await licenceAsked(ctx, bookingId))) throw new HandoverError("invalid", "licenceSeen", "required");
  const id = recorded.id;
  const at = ctx.now().toISOString();
  const confirmation: HandoverConfirmation = { by: side, uid, status: input.status, note, at, fuel: fuel ?? null, ...(licenceSeen ? { licenceSeen } : {}) };
  try {
    await ctx.store.create(HANDOVER_ANSWERS, id, { uid, status: input.status, at });
  } catch (error) {
    if (isStoreError(error, "already-exists")) throw new HandoverError("already-answered");
    throw error;
  }
  let answered: HandoverRecord;
  try {
    answered = await ctx.store.runTransaction(async (tx) => {
      const doc = await tx.get<HandoverRecord>(HANDOVERS, id);
      if (!doc) throw new HandoverError("not-found");
      if (doc.confirmation) throw new HandoverError("already-answered");
      tx.update(HANDOVERS, id, { confirmation });
      return { ...doc, id, confirmation };
    });
  } catch (error) {
    await ctx.store.delete(HANDOVER_ANSWERS, id);
    throw error;
  }
  const result = await releaseIfClean(ctx, answered);
  await notify(ctx, result, "answered");
  return result;
}

/** Whether the booking holds a licence the owner must see at check-in (issue 49). */
export async function licenceAsked(ctx: HandoverContext, bookingId: string): Promise<boolean> {
  return (await ctx.licenceHeld?.(bookingId)) === true;
}
