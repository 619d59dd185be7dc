/**
 * Decision 046's figures: for each hostile calendar feed of issue 43 (tests/hostile-feeds.ts),
 * the longest the server's event loop stood still (`monitorEventLoopDelay`, max), the most CPU it
 * used in one go (the busiest tick, tests/event-loop-watch.ts) and the time to
 * a recorded outcome while an owner adds it, through the services as `createServices` wires them
 * (the feed served on 127.0.0.1). Each feed runs in a child process of its own with a 256 MB heap
 * and a time limit, so a feed that kills the reader is reported, not fatal:
 *
 *   npx tsx scripts/measure-hostile-feeds.ts [a b c d normal] [--timeout 120]
 *
 * `normal` adds and then syncs the demo's Airbnb-shaped feed ten times (the ordinary cost).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const args = process.argv.slice(2);
const timeoutIndex = args.indexOf("--timeout");
const timeoutS = timeoutIndex >= 0 ? Number(args[timeoutIndex + 1]) : 120;
const names = args.filter((a, n) => !a.startsWith("--") && args[n - 1] !== "--timeout");

if (process.env.MEASURE_FEED) await measureOne(process.env.MEASURE_FEED);
else await measureAll(names.length > 0 ? names : ["a", "b", "c", "d", "normal"]);

async function measureAll(feeds: string[]) {
  for (const feed of feeds) {
    const started = performance.now();
    const child = spawn(process.execPath, ["--max-old-space-size=256", "--import", "tsx", fileURLToPath(import.meta.url)], {
      env: { ...process.env, MEASURE_FEED: feed, METADATA_SERVER_DETECTION: "none" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (c) => (out += c));
    child.stderr.on("data", (c) => (out += c));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutS * 1000);
    const [code, signal] = await new Promise<[number | null, string | null]>((resolve) => child.on("exit", (c, s) => resolve([c, s])));
    clearTimeout(timer);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const result = /RESULT (.*)/.exec(out)?.[1];
    if (result) console.log(`${feed}: ${result}`);
    else if (signal === "SIGKILL") console.log(`${feed}: no outcome within ${timeoutS} s (killed)`);
    else console.log(`${feed}: process died after ${seconds} s (code ${code}, signal ${signal}): ${/(heap out of memory|Error[^\n]*)/.exec(out)?.[1] ?? out.slice(-300)}`);
  }
}

async function measureOne(feed: string) {
  const { loadConfig } = await import("#app/.server/config");
  const { createServices } = await import("#app/.server/services");
  const { seedDemoData, seedSteps } = await import("#app/.server/seed");
  const { hostileFeeds } = await import("#tests/hostile-feeds");
  const fixture = fs.readFileSync(path.join("tests/fixtures/ical", "airbnb.ics"), "utf8");
  const text = feed === "normal" ? fixture : hostileFeeds(new Date())[feed as "a"].text;
  const server = http.createServer((_req, res) => res.writeHead(200, { "Content-Type": "text/calendar" }).end(text));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.ics`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-measure-"));
  const services = await createServices(loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, SEED_DEMO_DATA: "false", PASSWORD_HASH_COST: "1024", CALENDAR_IMPORT_ALLOW_HOSTS: "127.0.0.1" }));
  // The demo's ports and owner, and a boat of theirs published as an owner publishes one.
  await seedDemoData(services, seedSteps.filter((step) => step.id === "ports-v1" || step.id === "accounts-v1"));
  const owner = { uid: (await services.identity.getUserByEmail("owner@amarre.test"))!.uid };
  const boat = await publishBoat(services, owner.uid);
  const { watchEventLoop } = await import("#tests/event-loop-watch");
  const started = performance.now();
  const watch = await watchEventLoop(async () => {
    try {
      const record = await services.calendarSync.add(owner.uid, boat.id, url);
      let outcome = `imported ${record.events.length} events`;
      if (feed === "normal") {
        // The ordinary sync's cost: ten syncs of the same feed after the add.
        const syncStarted = performance.now();
        for (let n = 0; n < 10; n++) await services.calendarSync.syncNow(owner.uid, record.id);
        outcome += `; a sync ${((performance.now() - syncStarted) / 10).toFixed(1)} ms`;
      }
      return outcome;
    } catch (error) {
      return `refused: ${(error as Error).message}`;
    }
  });
  const ms = performance.now() - started - 30;
  console.log(`RESULT ${watch.result} after ${ms.toFixed(0)} ms; event loop max delay ${watch.delayMs.toFixed(0)} ms, busiest tick ${watch.busiestMs.toFixed(0)} ms`);
  server.close();
  await services.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** A motorboat in Palma, made through the listings service: draft, every step, photos, publish. */
async function publishBoat(services: import("#app/.server/services").Services, owner: string) {
  const { listings } = services;
  const draft = await listings.createDraft(owner, "boat", "motor");
  const steps = {
    basics: { type: "motor", title: "Lancha para medir calendarios", description: { es: "Lancha cómoda para un día de calas por la bahía de Palma." } },
    specs: { make: "Quicksilver", model: "Activ 605 Open", year: 2021, lengthM: 6, capacity: 7, cabins: 0, berths: 0, enginePowerHp: 115, fuel: "gasoline", equipment: [] },
    location: { homePort: { portSlug: "club-de-mar-palma" } },
    pricing: { dayPriceCents: 26_000, halfDayPriceCents: 17_000, depositCents: 40_000, skipper: { mode: "optional", dailyPriceCents: 15_000 } },
    conditions: { licence: "licencia-navegacion", fuelPolicy: "not-included-return-full", instantBooking: true, cancellationPolicy: "flexible" },
  };
  for (const [step, input] of Object.entries(steps)) await listings.saveStep(owner, draft.id, step as "basics", input);
  const photo = (id: string) => ({ id, width: 1600, height: 1067, placeholder: "data:image/webp;base64,UklGRg", widths: [480, 960, 1600], folder: `listings/measure/${id}` });
  await listings.setPhotos(owner, draft.id, [photo("a"), photo("b"), photo("c")]);
  return listings.publish(owner, draft.id);
}
