/** Stores a reference on every case stored before references existed (`reference.ts`), once per store. */
import { backfillShortReferences } from "#app/.server/domain/short-references";
import { withDefaults, type CasesContext } from "./context";
import { CASES, type Case } from "./model";
import { CASE_REFERENCE, CASE_REFERENCES } from "./reference";
import { tokensOf, writeWords } from "./word-index";

/**
 * Idempotent; returns how many it stored (`backfillShortReferences`). The reference's code joins
 * the case's search words.
 */
export function backfillReferences(ctx: CasesContext): Promise<number> {
  return backfillShortReferences<Omit<Case, "reference"> & { reference?: string }>({
    store: ctx.store,
    now: ctx.now,
    kind: CASE_REFERENCE,
    collection: CASES,
    references: CASE_REFERENCES,
    marker: "case-references-v1",
    attach: (tx, current, reference) => {
      const tokens = tokensOf({ ...current, reference });
      tx.create(CASE_REFERENCES, reference, { caseId: current.id });
      tx.update(CASES, current.id, { reference, tokens });
      writeWords(tx, withDefaults({ ...current, reference, tokens }), withDefaults(current));
    },
  });
}
