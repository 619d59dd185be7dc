import type { DocumentStore, Query, StoredDoc } from "./index";
import { cursorAfter } from "./query";

/**
 * Reads `query`'s documents in its order, `pageSize` at a time (cursors by `cursorAfter`), handing
 * each to `visit` until `visit` answers false, the documents run out, or `maxRead` have been read.
 * Answers why it stopped: `done` (none left), `stopped` (by `visit`), `capped` (`maxRead` reached
 * with a full last page: others may be left).
 */
export async function scanQuery<T extends object>(
  store: DocumentStore,
  query: Omit<Query, "limit" | "startAfter">,
  options: { pageSize: number; maxRead: number },
  visit: (doc: StoredDoc<T>) => boolean,
): Promise<"done" | "stopped" | "capped"> {
  let startAfter: unknown[] | null = null;
  let read = 0;
  while (read < options.maxRead) {
    const page: StoredDoc<T>[] = await store.query<T>({ ...query, limit: options.pageSize, ...(startAfter ? { startAfter } : {}) });
    read += page.length;
    for (const doc of page) if (!visit(doc)) return "stopped";
    if (page.length < options.pageSize) return "done";
    startAfter = cursorAfter(query, page[page.length - 1]!);
  }
  return "capped";
}
