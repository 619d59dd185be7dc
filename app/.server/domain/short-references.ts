import { createHash, randomInt } from "node:crypto";
import { cursorAfter, type DocumentStore, type Transaction } from "#app/.server/store";

/**
 * Short human references (`AMR-7K3Q9` for a booking, `GES-7K3Q9` for a case): what people read
 * out on the phone, type in an email and see on invoices, instead of a 20-character id (ids stay
 * in URLs). Five characters of an alphabet without the look-alikes 0/O and 1/I (32 symbols: 33.5
 * million references per kind).
 *
 * Unique by construction: the record's transaction creates `{references}/{reference}` beside it,
 * so a second record with the same reference fails there and takes the next candidate. The first
 * candidate derives from the record's id (SHA-256, salted by kind), so a record stored before
 * references existed shows the same reference before and after `backfillShortReferences` stores
 * it, barring a collision.
 */
export const SHORT_REFERENCE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
const LENGTH = 5;
/** Tries before giving up (each a 1 in 33.5 million chance at today's sizes). */
export const SHORT_REFERENCE_ATTEMPTS = 8;

/** One kind of reference: its prefix (`AMR-`) and the salt of its derived candidate. */
export type ReferenceKind = { prefix: string; salt: string };

/** The `attempt`-th candidate for the record `id`: the first derived from the id, the others random. */
export function referenceCandidateOf(kind: ReferenceKind, id: string, attempt: number): string {
  let code = "";
  if (attempt === 0) {
    const digest = createHash("sha256").update(`${kind.salt}:${id}`).digest();
    for (let i = 0; i < LENGTH; i++) code += SHORT_REFERENCE_ALPHABET[digest[i]! % SHORT_REFERENCE_ALPHABET.length];
  } else {
    for (let i = 0; i < LENGTH; i++) code += SHORT_REFERENCE_ALPHABET[randomInt(SHORT_REFERENCE_ALPHABET.length)];
  }
  return kind.prefix + code;
}

/** A reference as typed (any case, with or without the prefix or its dash) in its canonical form, or null. */
export function normalizeReferenceOf(kind: ReferenceKind, input: string): string | null {
  const letters = kind.prefix.replace(/-$/, "");
  const code = input.trim().toUpperCase().replace(new RegExp(`^${letters}[-\\s]?`), "");
  return new RegExp(`^[${SHORT_REFERENCE_ALPHABET}]{${LENGTH}}$`).test(code) ? kind.prefix + code : null;
}

/** One document per data migration done on a store; a backfill that finds its own skips the scan. */
const MIGRATIONS = "migrations";
const PAGE = 300;

type Backfill<T extends { reference?: string }> = {
  store: DocumentStore;
  now: () => Date;
  kind: ReferenceKind;
  /** The records' collection and the references' (`booking_references`). */
  collection: string;
  references: string;
  /** The migration's marker (`booking-references-v1`): done once per store, not once per start. */
  marker: string;
  /** Writes the reference on the record (and what derives from it), inside the transaction that claims it. */
  attach: (tx: Transaction, record: T & { id: string }, reference: string) => void;
};

/**
 * Stores a reference on every record stored without one: the derived candidate first (what the
 * pages already showed), another on a collision. Idempotent; returns how many it stored.
 */
export async function backfillShortReferences<T extends { reference?: string }>(options: Backfill<T>): Promise<number> {
  const { store, collection, references } = options;
  if (await store.get(MIGRATIONS, options.marker)) return 0;
  let stored = 0;
  let after: readonly unknown[] | undefined;
  for (;;) {
    const query = { collection, orderBy: [["createdAt", "asc"]] as const, limit: PAGE };
    const page = await store.query<T>({ ...query, ...(after ? { startAfter: after } : {}) });
    for (const doc of page) {
      if (doc.reference) continue;
      for (let attempt = 0; attempt < SHORT_REFERENCE_ATTEMPTS; attempt++) {
        const reference = referenceCandidateOf(options.kind, doc.id, attempt);
        const done = await store.runTransaction(async (tx) => {
          const [current, claimed] = await Promise.all([tx.get<T>(collection, doc.id), tx.get(references, reference)]);
          if (!current || current.reference) return true;
          if (claimed) return false;
          options.attach(tx, { ...current, id: doc.id }, reference);
          return true;
        });
        if (done) {
          stored++;
          break;
        }
      }
    }
    if (page.length < PAGE) {
      await store.set(MIGRATIONS, options.marker, { at: options.now().toISOString(), stored });
      return stored;
    }
    after = cursorAfter(query, page.at(-1)!);
  }
}
