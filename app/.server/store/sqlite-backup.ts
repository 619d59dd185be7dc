/**
 * The embedded store's database, copied while it serves (decision 050): SQLite's online backup
 * API through better-sqlite3's public `db.backup()`, on a connection of its own, in steps with
 * the event loop free between them. And the reads a backup and a restore make of the copy.
 *
 * SQLite's backup copies pages in steps; a commit made by any other connection between two steps
 * restarts it from the first page. The copy that completes was therefore made with no commit in
 * between: it is the database as it was at one moment (its last pass), every transaction in it
 * whole or absent. Steps grow while they stay short; after a few restarts (a busy writer) the
 * rest is copied in one step, so a backup always ends.
 */
import fs from "node:fs";
import { performance } from "node:perf_hooks";
import Database from "better-sqlite3";
import { DATABASE_FILE } from "./sqlite";
import { SCHEMA_VERSION } from "./sqlite-schema";

export { DATABASE_FILE, SCHEMA_VERSION };

/** Pages of the first step (4 KiB each); each step that takes under `FAST_STEP_MS` doubles the next, up to `MAX_STEP_PAGES`. */
const FIRST_STEP_PAGES = 64;
const MAX_STEP_PAGES = 4096;
const FAST_STEP_MS = 4;
/** Restarts after which the rest is copied in one step. */
const RESTARTS_BEFORE_ONE_STEP = 4;
/** The most pages one step may copy (better-sqlite3 clamps to this): every page left. */
const ALL_PAGES = 0x7fffffff;

export type SnapshotResult = {
  /** When the copy began, and when its last step ended: the snapshot is the database at one moment in between (its last pass). */
  startedAt: string;
  snapshotAt: string;
  pages: number;
  steps: number;
  restarts: number;
  /** The longest time between two steps' ends: one step's copying, plus whatever else ran before it. */
  longestStepMs: number;
};

/**
 * Copies the database at `sourceFile` (WAL, possibly written by other connections and processes)
 * to `targetFile`, a new file, then turns the copy into one self-contained file (no WAL beside it).
 */
export async function snapshotDatabase(sourceFile: string, targetFile: string): Promise<SnapshotResult> {
  const source = new Database(sourceFile, { fileMustExist: true, timeout: 5000 });
  const startedAt = new Date();
  let steps = 0;
  let restarts = 0;
  let longest = 0;
  let previousRemaining = Infinity;
  let rate = FIRST_STEP_PAGES;
  let last = performance.now();
  let progress: { totalPages: number };
  try {
    progress = await source.backup(targetFile, {
      progress({ remainingPages }) {
        const now = performance.now();
        const took = now - last;
        last = now;
        steps++;
        longest = Math.max(longest, took);
        if (remainingPages >= previousRemaining) restarts++;
        previousRemaining = remainingPages;
        // Every page left, however many the writers added since this report: one step to the end.
        if (restarts >= RESTARTS_BEFORE_ONE_STEP) return ALL_PAGES;
        if (took < FAST_STEP_MS) rate = Math.min(rate * 2, MAX_STEP_PAGES);
        return rate;
      },
    });
  } finally {
    source.close();
  }
  const snapshotAt = new Date();
  const copy = new Database(targetFile, { fileMustExist: true });
  try {
    copy.pragma("journal_mode = DELETE");
  } finally {
    copy.close();
  }
  return { startedAt: startedAt.toISOString(), snapshotAt: snapshotAt.toISOString(), pages: progress.totalPages, steps, restarts, longestStepMs: Math.round(longest * 10) / 10 };
}

type Row = { collection: string; id: string; data: string };

/** A database file opened to be read: a backup's copy, or a live one (a connection of its own). */
export class DatabaseReader {
  private readonly db: Database.Database;

  constructor(file: string, options: { readonly?: boolean } = {}) {
    if (!fs.existsSync(file)) throw new Error(`No database at ${file}`);
    this.db = new Database(file, { fileMustExist: true, readonly: options.readonly ?? false, timeout: 5000 });
  }

  /** `PRAGMA user_version`: the migrations applied. */
  schemaVersion(): number {
    return this.db.pragma("user_version", { simple: true }) as number;
  }

  /** What `PRAGMA integrity_check` finds: `[]` when the database is sound. */
  integrityProblems(): string[] {
    const rows = this.db.pragma("integrity_check") as Array<{ integrity_check: string }>;
    const problems = rows.map((row) => row.integrity_check);
    return problems.length === 1 && problems[0] === "ok" ? [] : problems;
  }

  /** Documents per collection. */
  counts(): Record<string, number> {
    const rows = this.db.prepare<[], { collection: string; n: number }>("SELECT collection, COUNT(*) AS n FROM documents GROUP BY collection ORDER BY collection").all();
    return Object.fromEntries(rows.map((row) => [row.collection, row.n]));
  }

  /**
   * Calls `onRow` for each document of `collections`, or holding the text `containing`, a page at
   * a time, the event loop free between pages.
   */
  async scan(filter: { collections: readonly string[]; containing: string }, onRow: (row: Row) => void, pageSize = 500): Promise<void> {
    const page = this.db.prepare<[string, string, string, string], Row>(
      `SELECT collection, id, data FROM documents
       WHERE (collection, id) > (?, ?)
         AND (collection IN (SELECT value FROM json_each(?)) OR instr(data, ?) > 0)
       ORDER BY collection, id LIMIT ${pageSize}`,
    );
    const collections = JSON.stringify(filter.collections);
    let after: [string, string] = ["", ""];
    for (;;) {
      const rows = page.all(after[0], after[1], collections, filter.containing);
      rows.forEach(onRow);
      if (rows.length < pageSize) return;
      const last = rows[rows.length - 1]!;
      after = [last.collection, last.id];
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  close(): void {
    this.db.close();
  }
}
