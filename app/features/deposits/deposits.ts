/**
 * Deposit claims as pages show them (client-safe: no server code). The owner's claim, the
 * renter's answer and the team's decision, with links to their private photos.
 */
/** The owner's reason, the renter's answer and the team's note: at most this many characters. */
export const MAX_CLAIM_TEXT = 2_000;
/** Photos per side (the owner's with the claim, the renter's with the answer). */
export const MAX_CLAIM_PHOTOS = 10;

export type ClaimPhotoView = { id: string; url: string; width: number; height: number };

export type ClaimView = {
  bookingId: string;
  status: "open" | "decided" | "withdrawn";
  depositCents: number;
  amountCents: number;
  reason: string;
  photos: ClaimPhotoView[];
  answer: { text: string; at: string; photos: ClaimPhotoView[] } | null;
  decision: { keptCents: number; at: string; note: string } | null;
  /** What of the check-out the owner points at (decision 032); null on claims made before check-out records. */
  evidence: { photos: ClaimPhotoView[]; quote: string } | null;
  /** Closed without moving money: the deposit had gone back whole at this moment, with the claim open (before issue 43's fix). */
  depositReleasedBefore: string | null;
  createdAt: string;
};

/** The fields of the claim, answer and decision forms, and the whole form's message. */
export type ClaimFormField = "amount" | "reason" | "photos" | "text" | "kept" | "note" | "evidence" | "form";
export type ClaimReply = { intent: string; errors: Partial<Record<ClaimFormField, string>>; values?: Record<string, string> };

/** Euros as people type them ("250", "250,50", "250.5") to cents; null for anything else. */
export function eurosToCents(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const match = /^\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*(?:€)?\s*$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}
