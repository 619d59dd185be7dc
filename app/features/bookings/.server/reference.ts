import { normalizeReferenceOf, referenceCandidateOf, SHORT_REFERENCE_ALPHABET, SHORT_REFERENCE_ATTEMPTS } from "#app/.server/domain/short-references";

/**
 * A booking's short human reference (`AMR-7K3Q9`, `short-references.ts`): the booking's
 * transaction creates `booking_references/{reference}` beside it; a booking stored before
 * references existed gets its derived one from `BookingsService.backfillReferences`.
 */
export const REFERENCES = "booking_references";
export const REFERENCE_ALPHABET = SHORT_REFERENCE_ALPHABET;
export const REFERENCE_PREFIX = "AMR-";
export const REFERENCE_ATTEMPTS = SHORT_REFERENCE_ATTEMPTS;
export const BOOKING_REFERENCE = { prefix: REFERENCE_PREFIX, salt: "booking-reference" };

/** The `attempt`-th candidate for the booking `id`: the first derived from the id, the others random. */
export function referenceCandidate(id: string, attempt: number): string {
  return referenceCandidateOf(BOOKING_REFERENCE, id, attempt);
}

/** A reference as typed (any case, with or without the prefix or a dash) in its canonical form, or null. */
export function normalizeReference(input: string): string | null {
  return normalizeReferenceOf(BOOKING_REFERENCE, input);
}

export function isReference(value: unknown): value is string {
  return typeof value === "string" && normalizeReference(value) === value;
}
