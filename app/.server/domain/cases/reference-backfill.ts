/** Stores a reference on every case stored before references existed (`reference.ts`), once per store. */
import { cursorAfter } from "#app/.server/store";
import type { CasesContext } from "./context";
import { CASES, type Case } from "./model";
import { CASE_REFERENCE_ATTEMPTS, CASE_REFERENCES, caseReferenceCandidate } from "./reference";
import { tokensOf, writeWords } from "./word-index";

/** One document per data migration done on this store; a backfill that finds its own skips the scan. */
const MIGRATIONS = "migrations";
const REFERENCES_BACKFILLED = "case-references-v1";

/**
 * Stores a reference on every case stored without one: the derived candidate first (what the
 * pages already showed), another on a collision; its code joins the case's search words.
 * Idempotent; returns how many it stored.
 */
export async function backfillReferences(ctx: CasesContext): Promise<number> {
  // Done once per store, not once per server start: new cases get theirs when created.
  if (await ctx.store.get(MIGRATIONS, REFERENCES_BACKFILLED)) return 0;
  let stored = 0;
  let after: readonly unknown[] | undefined;
  for (;;) {
    const query = { collection: CASES, orderBy: [["createdAt", "asc"]] as const, limit: 300 };
    const page = await ctx.store.query<Omit<Case, "reference"> & { reference?: string }>({ ...query, ...(after ? { startAfter: after } : {}) });
    for (const doc of page) {
      if (doc.reference) continue;
      for (let attempt = 0; attempt < CASE_REFERENCE_ATTEMPTS; attempt++) {
        const reference = caseReferenceCandidate(doc.id, attempt);
        const done = await ctx.store.runTransaction(async (tx) => {
          const [current, claimed] = await Promise.all([tx.get<Omit<Case, "id">>(CASES, doc.id), tx.get(CASE_REFERENCES, reference)]);
          if (!current || current.reference) return true;
          if (claimed) return false;
          const tokens = tokensOf({ ...current, id: doc.id, reference });
          tx.create(CASE_REFERENCES, reference, { caseId: doc.id });
          tx.update(CASES, doc.id, { reference, tokens });
          writeWords(tx, { ...current, id: doc.id, tokens }, current);
          return true;
        });
        if (done) {
          stored++;
          break;
        }
      }
    }
    if (page.length < 300) {
      await ctx.store.set(MIGRATIONS, REFERENCES_BACKFILLED, { at: ctx.now().toISOString(), stored });
      return stored;
    }
    after = cursorAfter(query, page.at(-1)!);
  }
}
