
import type { Transaction } from "#app/.server/store";
import { searchTokens, type Case, type CaseStatus, type CaseType } from "./model";

/**
 * The word index of the admin's free-text search: one small document per word of a case
 * (`case_words/{word}_{caseId}`) with the case's status, type and creation time, so a word is an
 * equality filter on an indexed field on both stores (SQLite cannot index inside an array), and
 * a search reads only the matching entries, newest first. Written in the case's own transactions.
 */
export const CASE_WORDS = "case_words";
export type WordEntry = { word: string; caseId: string; status: CaseStatus; type: CaseType; createdAt: string };
const wordId = (word: string, caseId: string) => `${word}_${caseId}`;

/** Writes the word entries that changed between `previous` and `item` (all of them for a new case). */
export function writeWords(tx: Pick<Transaction, "set" | "delete">, item: Pick<Case, "id" | "status" | "type" | "createdAt" | "tokens">, previous: Pick<Case, "status" | "type" | "tokens"> | null) {
  const before = new Set(previous?.tokens ?? []);
  const after = new Set(item.tokens);
  for (const word of before) if (!after.has(word)) tx.delete(CASE_WORDS, wordId(word, item.id));
  const changed = !previous || previous.status !== item.status || previous.type !== item.type;
  for (const word of after) {
    if (!changed && before.has(word)) continue;
    tx.set(CASE_WORDS, wordId(word, item.id), { word, caseId: item.id, status: item.status, type: item.type, createdAt: item.createdAt } satisfies WordEntry);
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
