/**
 * What one mailbox write costs the server while many people hold the email event stream open:
 * `--subscribers` mailbox watches (one per person, as `/api/emails/subscribe` opens them), then
 * `--writes` emails delivered to random people; prints the CPU time per write once every watch
 * has settled.
 *
 *   npx tsx scripts/bench-fanout.ts [--subscribers 2000] [--writes 200]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createMailboxService } from "#app/features/mailbox/.server";
import { SqliteStore } from "#app/.server/store/sqlite";
import { storeIndexes } from "#app/.server/store/indexes";

export async function measureFanout(subscribers: number, writes: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-fanout-"));
  const store = new SqliteStore({ dataDir: dir, indexes: storeIndexes });
  const mailbox = createMailboxService({ store, transport: null });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
  try {
    let deliveries = 0;
    const stops = Array.from({ length: subscribers }, (_, i) => mailbox.watch(`person-${i}`, () => deliveries++, (error) => console.warn(error)));
    await settle();
    const start = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < writes; i++) {
      const uid = `person-${Math.floor(Math.random() * subscribers)}`;
      await mailbox.deliver({ uid, to: `${uid}@amarre.test`, subject: `Mensaje ${i}`, text: "Hola" });
      await new Promise((resolve) => setImmediate(resolve));
    }
    await settle();
    const cpu = process.cpuUsage(start);
    const wallMs = performance.now() - started - 50;
    for (const stop of stops) stop();
    return { cpuMsPerWrite: (cpu.user + cpu.system) / 1000 / writes, wallMsPerWrite: wallMs / writes, deliveries: deliveries - subscribers };
  } finally {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { subscribers: { type: "string", default: "2000" }, writes: { type: "string", default: "200" } } });
  const result = await measureFanout(Number(values.subscribers), Number(values.writes));
  console.info(
    `${values.subscribers} subscribers: ${result.cpuMsPerWrite.toFixed(2)} ms CPU per mailbox write (${result.wallMsPerWrite.toFixed(2)} ms wall), ${result.deliveries} updates delivered for ${values.writes} writes`,
  );
}
