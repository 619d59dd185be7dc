import { createHash, randomInt } from "node:crypto";

/**
 * A booking's short human reference (`AMR-7K3Q9`): what people read out on the phone, type in an
 * email and see on invoices, instead of the 20-character id (ids stay in URLs). Five characters
 * of an alphabet without the look-alikes 0/O and 1/I (32 symbols: 33.5 million references).
 *
 * Unique by construction: the booking's transaction creates a `booking_references/{reference}`
 * document beside the booking, so a second booking with the same reference fails there and
 * takes the next candidate. The first candidate derives from the booking's id (SHA-256), so a
 * booking stored before references existed shows the same reference before and after the
 * backfill stores it (`BookingsService.backfillReferences`), barring a collision.
 */
export const REFERENCES = "booking_references";
export const REFERENCE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
export const REFERENCE_PREFIX = "AMR-";
const LENGTH = 5;
/** Tries before giving up (each a 1 in 33.5 million chance at today's sizes). */
export const REFERENCE_ATTEMPTS = 8;

/** The `attempt`-th candidate for the booking `id`: the first derived from the id, the others random. */
export function referenceCandidate(id: string, attempt: number): string {
  let code = "";
  if (attempt === 0) {
    const digest = createHash("sha256").update(`booking-reference:${id}`).digest();
    for (let i = 0; i < LENGTH; i++) code += REFERENCE_ALPHABET[digest[i]! % REFERENCE_ALPHABET.length];
  } else {
    for (let i = 0; i < LENGTH; i++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  }
  return REFERENCE_PREFIX + code;
}

/** A reference as typed (any case, with or without the prefix or a dash) in its canonical form, or null. */
export function normalizeReference(input: string): string | null {
  const code = input.trim().toUpperCase().replace(/^AMR[-\s]?/, "");
  return new RegExp(`^[${REFERENCE_ALPHABET}]{${LENGTH}}$`).test(code) ? REFERENCE_PREFIX + code : null;
}

export function isReference(value: unknown): value is string {
  return typeof value === "string" && normalizeReference(value) === value;
}
