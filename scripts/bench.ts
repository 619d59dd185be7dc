/**
 * `npm run bench`: builds, starts the production server on a fresh embedded backend and
 * measures pages with autocannon: absolute req/s, p50/p95/p99 latency and the server's CPU
 * milliseconds per request, beside each page's ratio to `/_baseline` (a trivial page: the
 * framework's floor) and `/healthz` (plain Node and Express, no Remix), all measured in the same
 * run so that a slower machine or a slower framework cannot hide behind the ratios. Then booking
 * confirmations, a 50-way contention, sign-ins, event streams, the server's peak RSS, the root
 * loader's own CPU (bench-root-loader.ts) and the gzip bytes of JavaScript the home page loads.
 * Beside each page's times, what it asked of the document store (reads as Firestore bills them,
 * writes, queries, transactions: bench-counts.ts); a page that reads more than its target, or a
 * booking confirmation beyond its reads and writes, makes the bench exit with status 1.
 *
 *   npm run bench -- [--listings 10000] [--connections 16] [--duration 5] [--skip-build]
 *   npm run bench -- --compare <git-ref> [--pages a,b] [--rounds 3]   # before (ref) / after (this checkout)
 *   npm run bench -- --backend firebase [--listings 1000] # the same on the emulators
 *
 * `--compare` builds the ref in a temporary git worktree (its own patched packages), serves both
 * builds on copies of the same data and measures every page on one then the other, in turns, so
 * both see the same machine; it prints a before/after table (pages only).
 *
 * `--backend firebase` starts Google's Cloud Firestore emulator, the Auth emulator and the
 * Storage emulator once (scripts/bench-backend.ts), seeds the same kinds of data (a tenth as
 * much by default) and measures the same pages, bookings and contention against them; emulator
 * figures are for regressions, not capacity, and the output says so.
 *
 * Its parts: bench-options.ts (options), bench-data.ts (the data), bench-targets.ts (pages and
 * targets), bench-measure.ts (autocannon, CPU, RSS), bench-flows.ts (sign-ins, bookings,
 * contention, event streams), bench-server.ts, bench-report.ts (the table, the verdicts),
 * bench-compare.ts (`--compare`), bench-counts.ts (the store's use and its targets).
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { EMULATOR_CAVEAT, startBackend, type RunningBackend } from "./bench-backend";
import { compare } from "./bench-compare";
import { prepareData } from "./bench-data";
import { printReadVerdicts, probeCounts } from "./bench-counts";
import { confirmationCounts, measureBookings, measureContention, measureEventStreams, measureSignIn } from "./bench-flows";
import { homeJavaScriptGzipBytes, measure, rssMiB, warmUp, type Measured } from "./bench-measure";
import { args, CASES, connections, duration, listings, options } from "./bench-options";
import { printPages, rate } from "./bench-report";
import { measureRootLoader } from "./bench-root-loader";
import { startServer, type Server } from "./bench-server";
import { resolvePaths, selected, signedInTargets, targets, warmUpTargets } from "./bench-targets";

async function main() {
  if (args.compare) return compare(args.compare);
  if (!args["skip-build"]) execSync("npm run build", { stdio: "inherit" });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-bench-"));
  let backend: RunningBackend | undefined;
  let server: Server | undefined;
  const cleanUp = async () => {
    if (server && server.process.exitCode === null && server.process.signalCode === null) {
      // The server goes first, so it never sees its backend vanish under it.
      const exited = new Promise((resolve) => server!.process.once("exit", resolve));
      server.stop();
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    }
    await backend?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  // Interrupted, it still stops the server and every emulator (no Java process left behind).
  const interrupted = () => void cleanUp().finally(() => process.exit(130));
  process.once("SIGINT", interrupted).once("SIGTERM", interrupted);
  try {
    const emulatorsStarted = Date.now();
    backend = await startBackend(options.backend);
    const firebase = backend.backend === "firebase";
    if (firebase) {
      console.log(`Emulators started in ${((Date.now() - emulatorsStarted) / 1000).toFixed(1)} s: ${backend.description}`);
      // firebase-admin in this process (the seed) reads the emulators' addresses from the environment.
      Object.assign(process.env, backend.env);
    }
    const seeded = await prepareData(dataDir, listings, backend.env);
    console.log(`Seeded ${seeded.created} bench boats in ${(seeded.ms / 1000).toFixed(1)} s and ${CASES} cases in ${(seeded.casesMs / 1000).toFixed(1)} s`);
    resolvePaths(seeded);
    server = await startServer(process.cwd(), dataDir, backend.env);
    const base = server.base;
    const signedIn = await signedInTargets(base, seeded);
    const renter = signedIn.renter;
    const pages = selected([...targets, ...signedIn.targets]);
    // What each page asks of the store, before anything warms the caches (bench-counts.ts).
    const counted = await probeCounts(base, pages);
    await warmUp(base, warmUpTargets);
    const results: Measured[] = [];
    for (const target of pages) results.push(await measure(base, server.pid, target));
    const confirmation = await confirmationCounts(base, renter, seeded.instantBoats[1] ?? seeded.instantBoats[0]);
    const booking = await measureBookings(base, renter, seeded.instantBoats.slice(1));
    const contention = await measureContention(base, renter, seeded.instantBoats[0], 50);
    const js = await homeJavaScriptGzipBytes(base);
    const signIns = await measureSignIn(base, Number(args["sign-ins"]));
    const streams = await measureEventStreams(base, server.pid, options.subscribers);
    const rss = rssMiB(server.pid);
    const rootLoader = await measureRootLoader(process.cwd(), dataDir, renter, backend.env);
    const baseline = results.find((r) => r.name === "baseline (/_baseline)")!.rps;

    console.log(`\nAmarre benchmark — ${connections} connections, ${duration} s per page, ${os.cpus().length} cores, Node ${process.version}, load average ${os.loadavg()[0].toFixed(1)}`);
    console.log(`Backend: ${backend.description}`);
    if (firebase) console.log(`\n*** ${EMULATOR_CAVEAT} ***\n`);
    console.log(`Listings: ${listings} bench boats + the demo marketplace (65 boats, 13 docks); ${CASES} cases`);
    console.log(`Server start (incl. first-start seed): ${server.startupMs} ms`);
    console.log("Absolute figures depend on the machine and what else runs on it; compare builds with --compare <git-ref>.\n");
    printPages(results, rootLoader, counted);
    const readsMet = printReadVerdicts(counted, confirmation);
    if (!readsMet) process.exitCode = 1;
    console.log(
      `\nBooking confirmations (signed in, a different day each, ${connections} connections): ${rate(booking.rps)} req/s (${((booking.rps / baseline) * 100).toFixed(0)}% of the baseline), ` +
        `p50 ${booking.p50.toFixed(1)} ms, p95 ${booking.p95.toFixed(1)} ms, p99 ${booking.p99.toFixed(1)} ms; ${booking.booked} booked, ${booking.other} other answers` +
        (booking.aloneMs === undefined ? "" : `; one alone before the run ${booking.aloneMs.toFixed(0)} ms`),
    );
    console.log(
      `Contention: ${contention.count} confirmations of the same day at once → ${contention.booked} booked, ${contention.conflicts} answered 409 (${JSON.stringify(contention.tally)}) in ${contention.ms.toFixed(0)} ms: ${contention.booked === 1 && contention.conflicts === contention.count - 1 ? "exactly one booked" : "NOT exactly one"}`,
    );
    console.log(
      `Sign-in (form POST, ${firebase ? "the Auth emulator's password check" : "scrypt"}, session cookie): ${signIns.count} in a row, p50 ${signIns.p50.toFixed(1)} ms, p95 ${signIns.p95.toFixed(1)} ms, max ${signIns.max.toFixed(1)} ms`,
    );
    console.log(
      `Email event streams: ${streams.count} open at once, all got their first message in ${streams.connectedMs.toFixed(0)} ms; ` +
        `a new email reached all of them in ${streams.fanOutMs.toFixed(0)} ms; RSS ${streams.rssBefore.toFixed(1)} → ${streams.rssConnected.toFixed(1)} MiB ` +
        `(${streams.perSubscriberKiB.toFixed(1)} KiB per subscriber)`,
    );
    console.log(`Server peak RSS: ${rss.toFixed(1)} MiB`);
    console.log(`Invoices: ${seeded.invoices} for the demo renter; one PDF drawn in ${seeded.pdfMs.toFixed(1)} ms on average (100 drawn)`);
    console.log(`JavaScript loaded by the home page: ${js.files} files, ${(js.gzipBytes / 1024).toFixed(1)} KiB gzip (${js.gzipBytes} bytes)`);
    if (firebase) console.log(`\n*** ${EMULATOR_CAVEAT} ***`);
    fs.mkdirSync("bench-results", { recursive: true });
    fs.writeFileSync(
      path.join("bench-results", `bench-${firebase ? "firebase-" : ""}${new Date().toISOString().replace(/[:.]/g, "-")}.json`),
      JSON.stringify(
        { backend: backend.backend, emulators: firebase, connections, duration, listings, cases: CASES, startupMs: server.startupMs, loadAverage: os.loadavg(), results, counts: Object.fromEntries(counted), confirmation, rootLoader, booking, contention, signIns, streams, peakRssMiB: rss, js },
        null,
        2,
      ),
    );
  } finally {
    process.off("SIGINT", interrupted).off("SIGTERM", interrupted);
    await cleanUp();
  }
}

await main();
