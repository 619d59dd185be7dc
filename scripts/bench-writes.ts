/**
 * What durable commits cost: the embedded store's write throughput with `synchronous = FULL`
 * (every commit on the disk before it is acknowledged) against `NORMAL` (the WAL default, which
 * survives a crashed process but not an OS crash), on this machine's disk.
 *
 *   npx tsx scripts/bench-writes.ts [--writes 2000] [--dir .cache]   (a folder on the data directory's disk)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { SqliteStore } from "#app/.server/store/sqlite";

export async function measureWrites(writes: number, baseDir = os.tmpdir()) {
  const rows: Array<{ mode: "FULL" | "NORMAL"; setPerSecond: number; transactionsPerSecond: number }> = [];
  for (const mode of ["NORMAL", "FULL"] as const) {
    const dir = fs.mkdtempSync(path.join(baseDir, `amarre-writes-${mode}-`));
    const store = new SqliteStore({ dataDir: dir, synchronous: mode });
    try {
      let started = performance.now();
      for (let i = 0; i < writes; i++) await store.set("bench", `doc-${i}`, { i, text: "x".repeat(200) });
      const setPerSecond = writes / ((performance.now() - started) / 1000);
      started = performance.now();
      const transactions = Math.max(1, Math.floor(writes / 4));
      for (let i = 0; i < transactions; i++) {
        await store.runTransaction(async (tx) => {
          const counter = await tx.get<{ n: number }>("bench-counters", "c");
          tx.set("bench-counters", "c", { n: (counter?.n ?? 0) + 1 });
          tx.set("bench", `tx-${i}`, { i });
        });
      }
      const transactionsPerSecond = transactions / ((performance.now() - started) / 1000);
      rows.push({ mode, setPerSecond, transactionsPerSecond });
    } finally {
      await store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { writes: { type: "string", default: "2000" }, dir: { type: "string", default: ".cache" } } });
  fs.mkdirSync(values.dir, { recursive: true });
  const rows = await measureWrites(Number(values.writes), values.dir);
  const normal = rows.find((r) => r.mode === "NORMAL")!;
  for (const row of rows) {
    console.info(
      `synchronous=${row.mode.padEnd(6)} single writes ${row.setPerSecond.toFixed(0).padStart(6)}/s (${((row.setPerSecond / normal.setPerSecond) * 100).toFixed(0)}%)` +
        `  transactions ${row.transactionsPerSecond.toFixed(0).padStart(6)}/s (${((row.transactionsPerSecond / normal.transactionsPerSecond) * 100).toFixed(0)}%)`,
    );
  }
}
