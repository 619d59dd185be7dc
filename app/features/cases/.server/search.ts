/** The team's views over all cases: the filtered, paged search on the word index, its rebuild and the dashboard's overview. */
import { cursorAfter, type OrderByClause, type WhereClause } from "#app/.server/store";
import { CASES, caseStatuses, caseTypes, OPEN_STATUSES, searchTokens, type Case } from "./model";
import { withDefaults, type CasesContext } from "./context";
import { CASE_WORDS, caseRowOf, type CaseRow, type WordEntry, writeWords, tokensOf } from "./word-index";
import { type CaseFilters, CASES_PAGE_SIZE } from "./service-types";

/** How many cases a search by several words reads at most to fill its page. */
const SEARCH_WINDOW = 2_000;
/** At most this many cases with the rarest word: read through its word entries (indexed on both stores) rather than scanned. */
const FEW = 12;
/** A stored case as the team's list shows it. */
const rowOf = (item: Case): CaseRow => caseRowOf(withDefaults(item));


/**
 * The admin's list: newest first, filtered by status, type, creation dates and free text
 * (every word of `text` must be among the case's words: each word's entries counted in the word
 * index; one word's page read from its entries, which carry the rows; with several, the rarest
 * word's cases read in the store, the others checked on them), 25 a page.
 */
export async function search(ctx: CasesContext, filters: CaseFilters): Promise<{ items: CaseRow[]; total: number; page: number; pageCount: number }> {
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
    return { items: (docs.slice(start) as Case[]).map(rowOf), total, page, pageCount };
  }

  // Each word's entries counted (a read per 1,000 each); the rarest word leads.
  const counts = await Promise.all(words.map((word) => ctx.store.count({ collection: CASE_WORDS, where: [["word", "==", word], ...where] })));
  const rarest = counts.indexOf(Math.min(...counts));
  const bound = counts[rarest]!;
  const hasAll = (item: Case) => words.every((word) => item.tokens?.includes(word));
  if (bound === 0) return { items: [], total: 0, page: 1, pageCount: 1 };

  // One word: its page of entries, newest first, with their rows (the cases of entries written
  // before rows were kept read by id).
  if (words.length === 1) {
    const { page, pageCount, start } = paged(bound);
    const listed = await ctx.store.query<WordEntry>({ collection: CASE_WORDS, where: [["word", "==", words[0]], ...where], orderBy: [["createdAt", "desc"]], limit: start + CASES_PAGE_SIZE });
    const entries = listed.slice(start);
    const missing = entries.filter((entry) => !entry.row).map((entry) => entry.caseId);
    const read = missing.length > 0 ? await ctx.store.getMany<Omit<Case, "id">>(CASES, missing) : [];
    const rows = new Map(read.flatMap((doc) => (doc ? [[doc.id, rowOf(doc as Case)] as const] : [])));
    const items = entries.map((entry) => entry.row ?? rows.get(entry.caseId)).filter((row): row is CaseRow => row !== undefined);
    return { items, total: bound, page, pageCount };
  }

  // A few matches: the rarest word's entries and their cases, every word checked on the cases' `tokens`.
  if (bound <= FEW) {
    const listed = await ctx.store.query<WordEntry>({ collection: CASE_WORDS, where: [["word", "==", words[rarest]], ...where], orderBy: [["createdAt", "desc"]], limit: bound });
    const docs = await ctx.store.getMany<Omit<Case, "id">>(CASES, listed.map((entry) => entry.caseId));
    const found = (docs.filter((doc) => doc !== null) as Case[]).filter(hasAll);
    const { page, pageCount, start } = paged(found.length);
    return { items: found.slice(start, start + CASES_PAGE_SIZE).map(rowOf), total: found.length, page, pageCount };
  }

  // More: the cases with the rarest word, newest first, read only until the page is full; the
  // other words checked on their `tokens`. The total is exact once all the rarest word's cases
  // were read, else the matches found plus those not read (an upper bound), and at most
  // SEARCH_WINDOW cases are read.
  const byWord = { collection: CASES, where: [["tokens", "array-contains", words[rarest]], ...where] as WhereClause[], orderBy: [["createdAt", "desc"]] as OrderByClause[] };
  const wanted = paged(bound).start + CASES_PAGE_SIZE;
  const found: Case[] = [];
  let scanned = 0;
  let after: unknown[] | undefined;
  let complete = false;
  while (!complete && found.length < wanted && scanned < SEARCH_WINDOW) {
    const limit = Math.max(CASES_PAGE_SIZE, wanted - found.length);
    const chunk = (await ctx.store.query<Omit<Case, "id">>({ ...byWord, limit, ...(after ? { startAfter: after } : {}) })) as Case[];
    scanned += chunk.length;
    complete = chunk.length < limit || scanned >= bound;
    found.push(...chunk.filter(hasAll));
    if (chunk.length > 0) after = cursorAfter(byWord, chunk[chunk.length - 1]!);
  }
  const total = complete ? found.length : found.length + Math.max(0, bound - scanned);
  const { page, pageCount, start } = paged(total);
  return { items: found.slice(start, start + CASES_PAGE_SIZE).map(rowOf), total, page, pageCount };
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
        writeWords(tx, withDefaults({ ...item, tokens }), null);
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
