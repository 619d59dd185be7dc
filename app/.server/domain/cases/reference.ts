import { createHash, randomInt } from "node:crypto";
import { REFERENCE_ALPHABET } from "../bookings";

/**
 * A case's short human reference (`GES-7K3Q9`, for "gestión"): what its pages, emails and
 * invoice name it by and what people quote to the team, instead of its 20-character id (ids stay
 * in URLs). Built like a booking's (`AMR-…`): five characters of the same alphabet without the
 * look-alikes 0/O and 1/I (33.5 million references).
 *
 * Unique by construction: the case's transaction creates `case_references/{reference}` beside
 * the case, and a candidate already taken moves to the next. The first candidate derives from
 * the case's id (SHA-256), so a case stored before references existed shows the same reference
 * before and after `backfillReferences` stores it, barring a collision.
 */
export const CASE_REFERENCES = "case_references";
export const CASE_REFERENCE_PREFIX = "GES-";
const LENGTH = 5;
/** Tries before giving up (each a 1 in 33.5 million chance at today's sizes). */
export const CASE_REFERENCE_ATTEMPTS = 8;

/** The `attempt`-th candidate for the case `id`: the first derived from the id, the others random. */
export function caseReferenceCandidate(id: string, attempt = 0): string {
  let code = "";
  if (attempt === 0) {
    const digest = createHash("sha256").update(`case-reference:${id}`).digest();
    for (let i = 0; i < LENGTH; i++) code += REFERENCE_ALPHABET[digest[i]! % REFERENCE_ALPHABET.length];
  } else {
    for (let i = 0; i < LENGTH; i++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  }
  return CASE_REFERENCE_PREFIX + code;
}

/** A reference as typed (any case, with or without the prefix or its dash) in its canonical form, or null. */
export function normalizeCaseReference(input: string): string | null {
  const code = input.trim().toUpperCase().replace(/^GES[-\s]?/, "");
  return new RegExp(`^[${REFERENCE_ALPHABET}]{${LENGTH}}$`).test(code) ? CASE_REFERENCE_PREFIX + code : null;
}
