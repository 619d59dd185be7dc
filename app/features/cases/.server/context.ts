/**
 * What every cases operation shares: the dependencies, reading a case, who may see it
 * (`viewOf`, so every page and download asks the same question) and changing it in one
 * transaction that keeps the word index in step.
 */
import type { BlobStore } from "#app/.server/blobs";
import type { DocumentStore } from "#app/.server/store";
import { CaseError, CASES, isCaseId, type Case } from "./model";
import { caseReferenceCandidate } from "./reference";
import { writeWords, tokensOf } from "./word-index";
import type { CaseEvent, CasesDeps, Viewer } from "./service-types";

export type CasesContext = {
  deps: CasesDeps;
  store: DocumentStore;
  blobs: BlobStore;
  now: () => Date;
  /** The app's secrets that sign claim links, empty ones left out. */
  claimSecrets: readonly string[];
};

export function createCasesContext(deps: CasesDeps): CasesContext {
  return {
    deps,
    store: deps.store,
    blobs: deps.blobs,
    now: deps.now ?? (() => new Date()),
    claimSecrets: (deps.claimSecrets ?? []).filter((secret) => secret.length > 0),
  };
}


/** Cases stored before quotes existed read as having none; before references, with the reference derived from their id. */
export function withDefaults(item: Omit<Case, "reference" | "quotes"> & Partial<Pick<Case, "reference" | "quotes">>): Case {
  return { ...item, quotes: item.quotes ?? [], reference: item.reference ?? caseReferenceCandidate(item.id) };
}

/** Emails the requester through `deps.notify`; a failure is logged, never undoes the change. */
export async function notify(ctx: CasesContext, event: CaseEvent, item: Case) {
  try {
    await ctx.deps.notify?.(event, item);
  } catch (error) {
    console.warn(`[cases] emailing ${event} of case ${item.id} failed:`, error);
  }
}

/** The case by id, or null (no such case, or not an id). */
export async function read(ctx: CasesContext, id: string): Promise<Case | null> {
  if (!isCaseId(id)) return null;
  const doc = await ctx.store.get<Omit<Case, "id">>(CASES, id);
  return doc ? withDefaults({ ...doc, id } as Case) : null;
}

/** The case as `viewer` may see it: the requester without internal notes, the team whole; null for anyone else. */
export function viewOf(item: Case, viewer: Viewer | null): { item: Case; as: "requester" | "team" } | null {
  if (viewer?.role === "admin") return { item, as: "team" };
  if (viewer && item.requesterUid === viewer.uid) return { item: { ...item, notes: [] }, as: "requester" };
  return null;
}

/** Changes a case in one transaction; `change` returns the new case or throws. */
export async function update(ctx: CasesContext, id: string, change: (current: Case) => Case): Promise<Case> {
  if (!isCaseId(id)) throw new CaseError("not-found");
  return ctx.store.runTransaction(async (tx) => {
    const doc = await tx.get<Omit<Case, "id">>(CASES, id);
    if (!doc) throw new CaseError("not-found");
    const next = change(withDefaults({ ...doc, id } as Case));
    const { id: _id, ...record } = { ...next, tokens: tokensOf(next), updatedAt: ctx.now().toISOString() };
    tx.set(CASES, id, record);
    writeWords(tx, withDefaults({ ...record, id } as Case), withDefaults({ ...doc, id } as Case));
    return { ...next, tokens: record.tokens, updatedAt: record.updatedAt };
  });
}
