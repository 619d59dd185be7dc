
import type { Transaction } from "#app/.server/store";
import { searchTokens, type Case, type CaseStatus, type CaseType } from "./model";

/**
 * The word index of the admin's free-text search: one small document per word of a case
 * (`case_words/{word}_{caseId}`) with the case's status, type and creation time, so a word is an
 * equality filter on an indexed field on both stores (SQLite cannot index inside an array), and
 * the case's row in the team's list, so a search by one word reads only its page's entries,
 * newest first, and no case. Written in the case's own transactions.
 */
export const CASE_WORDS = "case_words";
/** `row` is absent on entries written before it was kept: the search reads those cases instead. */
export type WordEntry = { word: string; caseId: string; status: CaseStatus; type: CaseType; createdAt: string; row?: CaseRow };
const wordId = (word: string, caseId: string) => `${word}_${caseId}`;

/** A case as the team's list shows it (`/admin/gestiones`). */
export type CaseRow = {
  id: string;
  reference: string;
  type: CaseType;
  status: CaseStatus;
  createdAt: string;
  name: string;
  email: string;
  /** Filed by a visitor (no account yet). */
  visitor: boolean;
  /** A contact request's subject. */
  subject: string | null;
  /** Back in review because its quote expired. */
  quoteExpired: boolean;
};

export function caseRowOf(item: Case): CaseRow {
  const subject = item.type === "contact" && typeof item.details.subject === "string" ? item.details.subject : null;
  const quoteExpired = item.status === "in_review" && item.history.at(-1)?.quote?.event === "expired";
  return { id: item.id, reference: item.reference, type: item.type, status: item.status, createdAt: item.createdAt, name: item.contact.name, email: item.contact.email, visitor: item.requesterUid === null, subject, quoteExpired };
}

/** Writes the word entries that changed between `previous` and `item` (all of them for a new case, or when its row changed). */
export function writeWords(tx: Pick<Transaction, "set" | "delete">, item: Case, previous: Case | null) {
  const before = new Set(previous?.tokens ?? []);
  const after = new Set(item.tokens);
  for (const word of before) if (!after.has(word)) tx.delete(CASE_WORDS, wordId(word, item.id));
  const row = caseRowOf(item);
  const changed = !previous || JSON.stringify(caseRowOf(previous)) !== JSON.stringify(row);
  for (const word of after) {
    if (!changed && before.has(word)) continue;
    tx.set(CASE_WORDS, wordId(word, item.id), { word, caseId: item.id, status: item.status, type: item.type, createdAt: item.createdAt, row } satisfies WordEntry);
  }
}

/**
 * The words a case is found by: its id, its reference's code (`7K3Q9` of `GES-7K3Q9`: the
 * search reads a typed reference as its code), contact, details and messages.
 */
export function tokensOf(item: Pick<Case, "contact" | "details" | "messages" | "id"> & { reference?: string }): string[] {
  const code = item.reference?.slice(item.reference.indexOf("-") + 1);
  return searchTokens(item.id, code, item.contact.name, item.contact.email, item.contact.phone, ...Object.values(item.details), ...item.messages.map((m) => m.text));
}
