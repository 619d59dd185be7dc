/**
 * What every deposit-claim operation shares: the dependencies with their defaults, reading a
 * claim and who may see it, changing an open claim in a transaction, and closing one exactly once.
 * Each operation module takes this context; `service.ts` makes it once and wires the operations.
 */
import type { BlobStore } from "#app/.server/blobs";
import { isStoreError, type DocumentStore } from "#app/.server/store";
import { hasControlCharacters } from "#app/utils/text";
import { isBookingId, type BookingsService } from "#app/features/bookings/.server";
import { DEPOSIT_CLAIM_CLOSINGS as CLOSINGS, DEPOSIT_CLAIMS, DepositError, MAX_CLAIM_TEXT, type ClaimHistoryEntry, type DepositClaim } from "./model";

/** A claim's closing marker (`deposit_claim_closings/{bookingId}`): who closes it, how, when; a decision's amount and note (absent on markers written before issue 45). */
export type ClosingMarker = { by: string; kind: "decide" | "withdraw"; at: string; keptCents?: number; note?: string };

export type Viewer = { uid: string; role: "admin" | "user" };

/** What a check-out offers as evidence: its id, its photos' ids and its notes (the record's and the answer's). */
export type CheckOutEvidence = { id: string; photoIds: string[]; notes: string[] };

export type DepositsDeps = {
  store: DocumentStore;
  blobs: BlobStore;
  /** The ledger's moves of a claimed deposit: to `disputed` by the claim, on only by the decision (`settleDeposit`) or the withdrawal (`withdrawDepositClaim`). */
  bookings: Pick<BookingsService, "getFor" | "claimDeposit" | "settleDeposit" | "withdrawDepositClaim" | "finishDepositMove">;
  /** The booking's check-out record (the handover feature, decision 032) a claim must point at; null without one. */
  checkOut: (bookingId: string) => Promise<CheckOutEvidence | null>;
  now?: () => Date;
  /**
   * Tests only: awaited after each of a closing's own steps (its marker created, the claim's
   * status written), so a test can stop the process there (`closing-stops.suite.ts`). The
   * ledger's, the provider's and the emails' steps are the bookings service's (its payments and
   * handlers). Absent in the app.
   */
  afterClosingStep?: (step: "marker" | "status", bookingId: string) => void | Promise<void>;
};

export type DepositsContext = Required<DepositsDeps>;

export function createDepositsContext(deps: DepositsDeps): DepositsContext {
  return { ...deps, now: deps.now ?? (() => new Date()), afterClosingStep: deps.afterClosingStep ?? (() => undefined) };
}

/** The booking's claim, if any (a malformed id has none). */
export async function read(ctx: DepositsContext, bookingId: string): Promise<DepositClaim | null> {
  if (!isBookingId(bookingId)) return null;
  return ctx.store.get<DepositClaim>(DEPOSIT_CLAIMS, bookingId);
}

/** The claim for its owner, its renter or the team; null for anyone else. */
export function visible(claim: DepositClaim | null, viewer: Viewer): DepositClaim | null {
  if (!claim) return null;
  return viewer.role === "admin" || claim.ownerUid === viewer.uid || claim.renterUid === viewer.uid ? claim : null;
}

/** Writes a change to an open claim in a transaction; `not-open` when it was closed meanwhile. */
export async function change(ctx: DepositsContext, bookingId: string, patch: (claim: DepositClaim) => Partial<DepositClaim>, openOnly = true): Promise<DepositClaim> {
  return ctx.store.runTransaction(async (tx) => {
    const doc = await tx.get<DepositClaim>(DEPOSIT_CLAIMS, bookingId);
    if (!doc) throw new DepositError("not-found");
    if (openOnly && doc.status !== "open") throw new DepositError("not-open");
    const next = { ...doc, ...patch(doc), id: bookingId };
    const { id: _id, ...record } = next;
    tx.set(DEPOSIT_CLAIMS, bookingId, record);
    return next;
  });
}

/**
 * Closing a claim (a decision or a withdrawal) first creates its closing marker: of two at once
 * one creates it and the others are told the claim is closed — on every store, whatever its
 * transactions' isolation (the ledger's own check stays behind it). If the money then cannot
 * move, the marker is removed so the claim can be closed again. A decision's marker keeps the
 * amount and the note, so a closing stopped half-way can be finished as it was meant
 * (`repair.ts`).
 */
export async function closing<T>(ctx: DepositsContext, bookingId: string, by: string, kind: "decide" | "withdraw", move: () => Promise<T>, decision?: { keptCents: number; note: string }): Promise<T> {
  try {
    const marker: ClosingMarker = { by, kind, at: ctx.now().toISOString(), ...(decision ?? {}) };
    await ctx.store.create(CLOSINGS, bookingId, marker);
  } catch (error) {
    if (isStoreError(error, "already-exists")) throw new DepositError("not-open");
    throw error;
  }
  await ctx.afterClosingStep("marker", bookingId);
  try {
    return await move();
  } catch (error) {
    await ctx.store.delete(CLOSINGS, bookingId);
    throw error;
  }
}

export const entry = (by: ClaimHistoryEntry["by"], uid: string, action: ClaimHistoryEntry["action"], at: string): ClaimHistoryEntry => ({ at, by, uid, action });

/**
 * A person's text, cleaned: `invalid` on `field` when required and empty, too long, or holding a
 * control character (issue 43: a `%00` is never stored, whoever calls).
 */
export function text(value: unknown, field: "reason" | "text" | "note" | "evidence", required: boolean): string {
  if (typeof value === "string" && hasControlCharacters(value)) throw new DepositError("invalid", field, "control-characters");
  const clean = typeof value === "string" ? value.replace(/\r\n/g, "\n").trim() : "";
  if (required && clean.length === 0) throw new DepositError("invalid", field, "required");
  if (clean.length > MAX_CLAIM_TEXT) throw new DepositError("invalid", field, "too-long");
  return clean;
}
