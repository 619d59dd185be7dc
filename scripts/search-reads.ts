/**
 * What the common boat searches read, as Firestore bills them (`app/.server/store/counting.ts`),
 * on Google's Firestore emulator at growing numbers of listings (decision 056):
 *
 *   npx tsx scripts/search-reads.ts --listings 1000,100000 [--ports 3345]
 *
 * Starts the emulators (fixed ports from `--ports`, else free ones), seeds the demo marketplace,
 * takes four boats on two days (owner blocks), then for each size seeds bench boats up to it
 * (`seedBenchListings`, one transaction per 500) and runs each search through the search service:
 * page 1 cold (nothing remembered) and warm (again at once), page 3 cold and warm, page 3
 * reached from pages 1 and 2, and page 3 opened cold from page 2's link (its cursor) and again —
 * on a clock held still meanwhile (the emulator is slow). Prints one
 * line per search and size, and how long seeding took.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "#app/.server/config";
import { seedDemoData } from "#app/.server/seed";
import { seedBenchListings } from "#app/.server/seed/bench";
import { createDemoPhotoProvider } from "#app/.server/seed/photos";
import { createServices } from "#app/.server/services";
import { measureStoreUse } from "#app/.server/store/counting";
import { createListingsService } from "#app/features/listings/.server";
import { commonSearches, SEARCH_FROM, SEARCH_TO } from "#tests/common-searches";
import { consecutivePorts, startFirebaseEmulators } from "./firebase-emulators";

const { values } = parseArgs({ options: { listings: { type: "string", default: "1000,100000" }, ports: { type: "string" } } });
const sizes = values.listings.split(",").map(Number);
const emulators = await startFirebaseEmulators({ firestore: "cloud", ports: values.ports ? consecutivePorts(Number(values.ports)) : undefined });
// firebase-admin reads the emulators' addresses from the environment.
Object.assign(process.env, emulators.env);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-search-reads-"));
const services = await createServices(
  loadConfig({ ...emulators.env, NODE_ENV: "production", DATA_DIR: dataDir, STORE_COUNTING: "true", SESSION_SECRET: "search-reads-session-secret-that-is-long-enough-0123456789" }),
);
try {
  let started = performance.now();
  await seedDemoData(services);
  console.log(`demo marketplace seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // The search service on a clock that stands still while one search's pages are measured: the
  // emulator scans every document (seconds a query at 100,000), which would outlast the 10 s the
  // search remembers results for; production Firestore answers in milliseconds.
  const clock = Date.now();
  const listings = createListingsService({ store: services.store, users: services.users, ports: services.ports, now: () => clock });
  listings.useAvailability({ busy: (from, to) => services.bookings.busyListings(from, to) });
  let seeded = 0;
  let blocked = false;
  const photos = createDemoPhotoProvider(services);
  for (const size of sizes) {
    started = performance.now();
    const { created } = await seedBenchListings(services, size - seeded, photos);
    seeded += created;
    console.log(`${seeded} bench boats (${created} more seeded in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
    if (!blocked) {
      // Four of the newest boats in Palma taken on the two days, by their owners.
      const taken = (await services.listings.search({ place: "Palma", sort: "newest" })).items.slice(0, 4);
      for (const boat of taken) await services.bookings.block(boat.ownerUid, boat.id, SEARCH_FROM, SEARCH_TO);
      blocked = true;
    }
    for (const [name, query] of commonSearches) {
      for (const sort of ["relevance", "price-asc"]) {
        const run = (page: number, cursor?: string | null) => measureStoreUse(() => listings.search({ ...query, sort, page }, { cursor }));
        const search = async (page: number) => (await run(page)).counts.reads;
        listings.forgetSearch();
        const cold1 = await search(1);
        const warm1 = await search(1);
        listings.forgetSearch();
        const cold3 = await search(3);
        const warm3 = await search(3);
        listings.forgetSearch();
        await search(1);
        const link = (await run(2)).result.cursors?.next;
        const next3 = await search(3);
        listings.forgetSearch();
        const link3 = (await run(3, link)).counts.reads;
        const linkAgain3 = (await run(3, link)).counts.reads;
        const { total } = await listings.search({ ...query, sort });
        console.log(`${size}\t${name}, ${sort}\tpage 1 cold ${cold1}, warm ${warm1}\tpage 3 cold ${cold3}, warm ${warm3}, after 1–2 ${next3}, from its link ${link3}, again ${linkAgain3}\ttotal ${total}`);
      }
    }
  }
} finally {
  await services.close();
  await emulators.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
