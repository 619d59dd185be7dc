/**
 * Deposit claims: an owner's claim on part of a trip's security deposit, made within
 * DEPOSIT_CLAIM_HOURS of the trip's end, answered by the renter and decided by the team. One
 * claim per booking (its document id is the booking's id). The money itself lives on the
 * booking's ledger (`bookings`: the `deposit` line is `disputed` while a claim is open; a
 * decision writes a `claim` line and releases the rest); this record keeps what each side said.
 */
export const DEPOSIT_CLAIMS = "deposit_claims";
/** One marker per closed (or closing) claim: its creation is the lock of a decision or a withdrawal. */
export const DEPOSIT_CLAIM_CLOSINGS = "deposit_claim_closings";

export { MAX_CLAIM_PHOTOS, MAX_CLAIM_TEXT } from "#app/features/deposits/deposits";

export type ClaimStatus = "open" | "decided" | "withdrawn";
export const claimStatuses = ["open", "decided", "withdrawn"] as const satisfies readonly ClaimStatus[];

/** A photo kept privately (a WebP re-encoded without metadata), readable only by the two people and the team. */
export type ClaimPhoto = { id: string; by: "owner" | "renter"; width: number; height: number; size: number; uploadedAt: string };

export type ClaimEvidence = { photoIds: string[]; quote: string };

export type ClaimHistoryEntry = { at: string; by: "owner" | "renter" | "admin"; uid: string; action: "claim" | "answer" | "decide" | "withdraw" };

export type DepositClaim = {
  /** The booking's id (one claim per booking). */
  id: string;
  bookingId: string;
  listingId: string;
  ownerUid: string;
  renterUid: string;
  /** The deposit held for the trip when the claim was made. */
  depositCents: number;
  /** What the owner asks to keep: 1 ≤ amount ≤ the deposit. */
  amountCents: number;
  reason: string;
  photos: ClaimPhoto[];
  answer: { text: string; at: string; photos: ClaimPhoto[] } | null;
  status: ClaimStatus;
  decision: { keptCents: number; by: string; at: string; note: string } | null;
  /**
   * The check-out record (the boat's state on return, the handover feature) this claim points
   * at; null only on claims made before check-out records existed.
   */
  checkoutId: string | null;
  /** What of the check-out the owner points at: its photos (ids) and/or a quote of its notes. */
  evidence?: ClaimEvidence | null;
  /**
   * Closed without moving money: the deposit had gone back whole at this moment, while the claim
   * was open (a clean check-out confirmed before issue 43's rule). Absent on every other claim.
   */
  depositReleasedBefore?: string;
  history: ClaimHistoryEntry[];
  /** A closing that stopped half-way, finished by the scheduler (`by: "scheduler"`) or the team (/admin/operaciones, the admin's uid): who, when. Absent on every other claim. */
  closingFinished?: { by: string; at: string };
  createdAt: string;
  updatedAt: string;
};

export type DepositErrorCode =
  /** No such booking or claim, or not the caller's. */
  | "not-found"
  /** A field is wrong: `field` says which, `reason` why. */
  | "invalid"
  /** More than DEPOSIT_CLAIM_HOURS after the end, or the trip is not over. */
  | "window-closed"
  /** The booking has no deposit that can be claimed (none, or already released). */
  | "no-deposit"
  /** The booking already has a claim. */
  | "already-claimed"
  /** The claim is no longer open (decided or withdrawn), or was answered already. */
  | "not-open"
  | "already-answered";

export type DepositField = "amount" | "reason" | "photos" | "text" | "kept" | "note" | "evidence";

export class DepositError extends Error {
  override readonly name = "DepositError";
  constructor(
    readonly code: DepositErrorCode,
    readonly field: DepositField | null = null,
    readonly reason: string = code,
  ) {
    super(`deposit claim: ${code}${field ? ` (${field}: ${reason})` : ""}`);
  }
}

export function isDepositError(error: unknown, code?: DepositErrorCode): error is DepositError {
  return error instanceof DepositError && (code === undefined || error.code === code);
}
