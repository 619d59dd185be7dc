/**
 * Cases (gestiones): every request from a service page — a paperwork procedure, an insurance
 * quote, cleaning, transport, a port asking to be listed, a contact message — becomes a case the
 * team works to the end (PRODUCT.md "Services and paperwork cases"). The lifecycle is data; every
 * change keeps who, when and a comment the requester sees; internal notes are the team's alone.
 */
export const CASES = "cases";

export {
  CASE_TRANSITIONS,
  caseStatuses,
  caseTypes,
  OPEN_STATUSES,
  procedureTypes,
  serviceTypes,
  type CaseStatus,
  type CaseType,
} from "#app/utils/cases";
import type { CaseStatus, CaseType } from "#app/utils/cases";

export type CaseContact = { name: string; email: string; phone: string | null };
export type CaseDocument = { id: string; name: string; contentType: "application/pdf" | "image/jpeg" | "image/png"; size: number; uploadedAt: string; by: "requester" | "team" };
export type CaseHistoryEntry = { at: string; byUid: string | null; by: "requester" | "team"; from: CaseStatus | null; to: CaseStatus; comment: string };
export type CaseNote = { at: string; byUid: string; text: string };
export type CaseMessage = { at: string; byUid: string | null; from: "requester" | "team"; text: string };

export type Case = {
  id: string;
  type: CaseType;
  status: CaseStatus;
  /** The requester's account, or null for a visitor (tied later by email). */
  requesterUid: string | null;
  /** A visitor's case: the secret its emails link to, to tie it to an account (null once tied). */
  claimToken: string | null;
  contact: CaseContact;
  /** What the form asked for this type (the boat's data, dates, places…), as text and numbers. */
  details: Record<string, string | number | boolean>;
  documents: CaseDocument[];
  history: CaseHistoryEntry[];
  notes: CaseNote[];
  messages: CaseMessage[];
  /** Normalised words of the contact, details and messages: the admin's free-text search (`array-contains`). */
  tokens: string[];
  lang: string;
  createdAt: string;
  updatedAt: string;
};

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const MAX_DOCUMENTS = 20;

export type CaseErrorCode = "not-found" | "invalid-transition" | "invalid-document" | "too-many-documents" | "invalid";

export class CaseError extends Error {
  override readonly name = "CaseError";
  constructor(
    readonly code: CaseErrorCode,
    readonly reason: string = code,
  ) {
    super(`case: ${code} (${reason})`);
  }
}

export function isCaseError(error: unknown, code?: CaseErrorCode): error is CaseError {
  return error instanceof CaseError && (code === undefined || error.code === code);
}

export function isCaseId(id: unknown): id is string {
  return typeof id === "string" && /^[A-Za-z0-9]{20}$/.test(id);
}

/**
 * The words a case is found by: lowercase, accents folded, split on anything that is not a
 * letter or digit, at least two characters, each once, at most 300.
 */
export function searchTokens(...texts: ReadonlyArray<string | number | boolean | null | undefined>): string[] {
  const words = new Set<string>();
  for (const text of texts) {
    if (text === null || text === undefined || typeof text === "boolean") continue;
    for (const word of String(text).normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
      if (word.length >= 2 && word.length <= 40) words.add(word);
      if (words.size >= 300) return [...words];
    }
  }
  return [...words];
}
