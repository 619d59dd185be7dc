import { normalizeReferenceOf, referenceCandidateOf, SHORT_REFERENCE_ATTEMPTS } from "#app/.server/domain/short-references";

/**
 * A case's short human reference (`GES-7K3Q9`, for "gestión"; `short-references.ts`): what its
 * pages, emails and invoice name it by and what people quote to the team. The case's transaction
 * creates `case_references/{reference}` beside the case; a case stored before references existed
 * gets its derived one from `backfillReferences`.
 */
export const CASE_REFERENCES = "case_references";
export const CASE_REFERENCE_PREFIX = "GES-";
export const CASE_REFERENCE_ATTEMPTS = SHORT_REFERENCE_ATTEMPTS;
export const CASE_REFERENCE = { prefix: CASE_REFERENCE_PREFIX, salt: "case-reference" };

/** The `attempt`-th candidate for the case `id`: the first derived from the id, the others random. */
export function caseReferenceCandidate(id: string, attempt = 0): string {
  return referenceCandidateOf(CASE_REFERENCE, id, attempt);
}

/** A reference as typed (any case, with or without the prefix or its dash) in its canonical form, or null. */
export function normalizeCaseReference(input: string): string | null {
  return normalizeReferenceOf(CASE_REFERENCE, input);
}
