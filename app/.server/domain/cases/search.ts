/** The team's views over all cases: the filtered, paged search on the word index, its rebuild and the dashboard's overview. */
import { CASES, caseStatuses, caseTypes, OPEN_STATUSES, searchTokens, type Case } from "./model";
import { withDefaults, type CasesContext } from "./context";
import { CASE_WORDS, type WordEntry, writeWords, tokensOf } from "./word-index";
import { type CaseFilters, CASES_PAGE_SIZE } from "./service-types";

/** How many cases a filtered search reads at most before paging in memory. */
const SEARCH_WINDOW = 2_000;


/**
 * The admin's list: newest first, filtered by status, type, creation dates and free text
 * (every word of `text` must be among the case's words: the first in the store with
 * `array-contains`, the others in memory), 25 a page.
 */
export async function search(ctx: CasesContext, filters: CaseFilters): Promise<{ items: Case[]; total: number; page: number; pageCount: number }> {
  // A reference as typed (`GES-7K3Q9`) is found by its code, the word the case is indexed under.
  const words = searchTokens((filters.text ?? "").replace(/\bges[-\s]?(?=[0-9a-z]{5}\b)/gi, "")).slice(0, 8);
  const where: Array<readonly [string, "==" | ">=" | "<", unknown]> = [];
  if (filters.status) where.push(["status", "==", filters.status]);
  if (filters.type) where.push(["type", "==", filters.type]);
  if (filters.from) where.push(["createdAt", ">=", filters.from]);
  if (filters.to) where.push(["createdAt", "<", `${filters.to}\uffff`]);
  const paged = (total: number) => {
    const pageCount = Math.max(1, Math.ceil(total / CASES_PAGE_SIZE));
    const page = Math.min(Math.max(1, filters.page ?? 1), pageCount);
    return { page, pageCount, start: (page - 1) * CASES_PAGE_SIZE };
  };

  if (words.length === 0) {
    const query = { collection: CASES, where: [...where], orderBy: [["createdAt", "desc"]] as Array<[string, "desc"]> };
    // Counted without the ordering: every case has `createdAt`, and SQLite counts the
    // collection's keys faster than it checks each row's ordering field.
    const total = await ctx.store.count({ collection: CASES, where: [...where] });
    const { page, pageCount, start } = paged(total);
    const docs = await ctx.store.query<Omit<Case, "id">>({ ...query, limit: start + CASES_PAGE_SIZE });
    return { items: (docs.slice(start) as Case[]).map(withDefaults), total, page, pageCount };
  }

  // One word: its entries counted (a read per 1,000), then only the page's read — not the whole window.
  if (words.length === 1) {
    const entries = { collection: CASE_WORDS, where: [["word", "==", words[0]], ...where] as typeof where };
    const total = Math.min(await ctx.store.count(entries), SEARCH_WINDOW);
    const { page, pageCount, start } = paged(total);
    const listed = await ctx.store.query<WordEntry>({ ...entries, orderBy: [["createdAt", "desc"]], limit: start + CASES_PAGE_SIZE });
    const docs = await ctx.store.getMany<Omit<Case, "id">>(CASES, listed.slice(start).map((entry) => entry.caseId));
    return { items: (docs.filter((doc) => doc !== null) as Case[]).map(withDefaults), total, page, pageCount };
  }

  // Every word's entries (newest first, same filters); the cases that have them all.
  const lists = await Promise.all(
    words.map((word) => ctx.store.query<WordEntry>({ collection: CASE_WORDS, where: [["word", "==", word], ...where], orderBy: [["createdAt", "desc"]], limit: SEARCH_WINDOW })),
  );
  const others = lists.slice(1).map((list) => new Set(list.map((entry) => entry.caseId)));
  const ids = lists[0]!.map((entry) => entry.caseId).filter((id) => others.every((set) => set.has(id)));
  const { page, pageCount, start } = paged(ids.length);
  const docs = await ctx.store.getMany<Omit<Case, "id">>(CASES, ids.slice(start, start + CASES_PAGE_SIZE));
  return { items: (docs.filter((doc) => doc !== null) as Case[]).map(withDefaults), total: ids.length, page, pageCount };
}


/** Writes the word index of every case again (after a change of how words are read). */
export async function reindexWords(ctx: CasesContext): Promise<number> {
  let done = 0;
  let after: string | null = null;
  for (;;) {
    const batch: Array<Case> = (await ctx.store.query<Omit<Case, "id">>({ collection: CASES, orderBy: [["createdAt", "asc"]], ...(after ? { where: [["createdAt", ">", after]] } : {}), limit: 200 })) as Case[];
    if (batch.length === 0) return done;
    for (const item of batch) {
      await ctx.store.runTransaction(async (tx) => {
        const tokens = tokensOf(withDefaults(item));
        tx.update(CASES, item.id, { tokens });
        writeWords(tx, { ...item, tokens }, null);
      });
      done++;
    }
    after = batch[batch.length - 1]!.createdAt;
  }
}


/**
 * The admin dashboard: counts by status and by type (counted by the store, not read), the
 * requests of the last seven days, and the five oldest open cases.
 */
export async function overview(ctx: CasesContext): Promise<{ byStatus: Record<string, number>; byType: Record<string, number>; lastWeek: number; oldestOpen: Case[] }> {
  const count = (where: Array<readonly [string, "==" | ">=", unknown]>) => ctx.store.count({ collection: CASES, where: [...where] });
  const weekAgo = new Date(ctx.now().getTime() - 7 * 86_400_000).toISOString();
  const [statusCounts, typeCounts, lastWeek, open] = await Promise.all([
    Promise.all(caseStatuses.map((status) => count([["status", "==", status]]))),
    Promise.all(caseTypes.map((type) => count([["type", "==", type]]))),
    count([["createdAt", ">=", weekAgo]]),
    Promise.all(OPEN_STATUSES.map((status) => ctx.store.query<Omit<Case, "id">>({ collection: CASES, where: [["status", "==", status]], orderBy: [["createdAt", "asc"]], limit: 5 }))),
  ]);
  const byStatus = Object.fromEntries(caseStatuses.map((status, index) => [status, statusCounts[index]!]));
  const byType = Object.fromEntries(caseTypes.map((type, index) => [type, typeCounts[index]!]));
  const oldestOpen = (open.flat() as Case[]).map(withDefaults).sort((a, b) => a.createdAt.localeCompare(b.createdAt)).slice(0, 5);
  return { byStatus, byType, lastWeek, oldestOpen };
}
