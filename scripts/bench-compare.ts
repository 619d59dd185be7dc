/**
 * `npm run bench -- --compare <git-ref>`: builds the ref in a temporary git worktree (its own
 * patched packages), serves both builds on copies of the same data and measures every page on one
 * then the other, in turns, `--rounds` times (3 unless told), each figure the median of its rounds;
 * prints a before/after table (pages only): absolute req/s, p95 and their ratio, each page's share of
 * /_baseline and /healthz measured in the same run, and what each page reads on each build.
 */
import { execFileSync, execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { prepareData } from "./bench-data";
import { printReadVerdicts, probeCounts, readsCell } from "./bench-counts";
import { measure, warmUp, type Measured } from "./bench-measure";
import { args, connections, duration, listings, rounds } from "./bench-options";
import { num, pct, printPages, rootLoaderLine } from "./bench-report";
import { measureRootLoader } from "./bench-root-loader";
import { startServer, type Server } from "./bench-server";
import { resolvePaths, selected, signedInTargets, targets, warmUpTargets } from "./bench-targets";

/** Where a checkout keeps its patch-package files (`app/framework/patches/`, `patches/` before it). */
function patchDir(root: string): string | null {
  for (const dir of ["app/framework/patches", "patches"]) if (fs.existsSync(path.join(root, dir))) return dir;
  return null;
}

/** Packages the two checkouts may patch differently (patch-package files `<name>+<version>.patch`). */
function patchedPackages(root: string): string[] {
  const dir = patchDir(root);
  if (!dir) return [];
  return fs
    .readdirSync(path.join(root, dir))
    .filter((file) => file.endsWith(".patch"))
    .map((file) => file.slice(0, file.lastIndexOf("+")).replace(/\+/g, "/"));
}

/**
 * A worktree of `ref` beside this checkout, with node_modules hard-linked from this one except
 * the packages either side patches: those are copied, this checkout's patches taken out and the
 * ref's applied, so each build runs on its own packages.
 */
function prepareRef(ref: string, dir: string) {
  const here = process.cwd();
  const lock = (rev: string) => execFileSync("git", ["show", `${rev}:package-lock.json`], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (lock(ref) !== fs.readFileSync(path.join(here, "package-lock.json"), "utf8")) {
    console.warn(`warning: ${ref} has another package-lock.json; it runs on this checkout's packages (except the patched ones)`);
  }
  execFileSync("git", ["worktree", "add", "--detach", dir, ref], { stdio: "inherit" });
  execFileSync("cp", ["-al", path.join(here, "node_modules"), path.join(dir, "node_modules")]);
  // Tool caches are written in place: the ref's build gets none rather than this checkout's files.
  for (const cache of [".vite", ".cache"]) fs.rmSync(path.join(dir, "node_modules", cache), { recursive: true, force: true });
  const packages = new Set([...patchedPackages(here), ...patchedPackages(dir)]);
  for (const name of packages) {
    const target = path.join(dir, "node_modules", name);
    fs.rmSync(target, { recursive: true, force: true });
    execFileSync("cp", ["-a", path.join(here, "node_modules", name), target]);
  }
  const herePatches = patchDir(here);
  if (herePatches) {
    for (const file of fs.readdirSync(path.join(here, herePatches)).filter((f) => f.endsWith(".patch"))) {
      execFileSync("patch", ["-p1", "-R", "-s", "--no-backup-if-mismatch", "-i", path.join(here, herePatches, file)], { cwd: dir, stdio: "inherit" });
    }
  }
  const refPatches = patchDir(dir);
  if (refPatches) execFileSync("npx", ["patch-package", "--patch-dir", refPatches, "--error-on-fail"], { cwd: dir, stdio: "inherit" });
  execSync("npm run build", { cwd: dir, stdio: "inherit" });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
/** A page's rounds as one: each figure the median of its rounds (requests and failures summed). */
export function medianOf(runs: Measured[]): Measured {
  const of = (field: "rps" | "p50" | "p95" | "p99" | "cpuMsPerRequest") => median(runs.map((r) => r[field]));
  const sum = (field: "requests" | "non2xx" | "errors") => runs.reduce((total, r) => total + r[field], 0);
  return { name: runs[0]!.name, rps: of("rps"), p50: of("p50"), p95: of("p95"), p99: of("p99"), cpuMsPerRequest: of("cpuMsPerRequest"), requests: sum("requests"), non2xx: sum("non2xx"), errors: sum("errors") };
}

/** `--compare <ref>`: before (the ref) and after (this checkout), page by page, in turns. */
export async function compare(ref: string) {
  // Interrupted, it still stops its servers and removes its worktree and data.
  const interrupted = () => {
    for (const server of servers) server.stop();
    for (const dir of [dataDir, ...copies]) fs.rmSync(dir, { recursive: true, force: true });
    if (fs.existsSync(refDir)) execFileSync("git", ["worktree", "remove", "--force", refDir], { stdio: "inherit" });
    process.exit(130);
  };
  const commit = execFileSync("git", ["rev-parse", "--verify", `${ref}^{commit}`], { encoding: "utf8" }).trim();
  const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], { encoding: "utf8" }).trim() !== "";
  const refDir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-compare-"));
  fs.rmdirSync(refDir);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-bench-"));
  const copies: string[] = [];
  const servers: Server[] = [];
  process.once("SIGINT", interrupted).once("SIGTERM", interrupted);
  try {
    prepareRef(commit, refDir);
    if (!args["skip-build"]) execSync("npm run build", { stdio: "inherit" });
    const seedStarted = Date.now();
    const seeded = await prepareData(dataDir, listings);
    console.log(`Seeded the data in ${((Date.now() - seedStarted) / 1000).toFixed(0)} s`);
    resolvePaths(seeded);
    // Each build gets its own copy of the same data (sign-ins and page views write to it).
    for (const side of ["before", "after"]) {
      const copy = `${dataDir}-${side}`;
      fs.cpSync(dataDir, copy, { recursive: true });
      copies.push(copy);
    }
    const before = await startServer(refDir, copies[0]);
    servers.push(before);
    const after = await startServer(process.cwd(), copies[1]);
    servers.push(after);
    const signedBefore = await signedInTargets(before.base, seeded);
    const signedAfter = await signedInTargets(after.base, seeded);
    const pages = selected([...targets, ...signedAfter.targets]);
    const beforeTargetOf = (target: (typeof pages)[number]) => signedBefore.targets.find((t) => t.name === target.name) ?? target;
    // What each page asks of the store on each build (a ref without STORE_COUNTING answers no header: –).
    const countedBefore = await probeCounts(before.base, pages.map(beforeTargetOf));
    const countedAfter = await probeCounts(after.base, pages);
    await warmUp(before.base, warmUpTargets);
    await warmUp(after.base, warmUpTargets);
    const rows: Array<{ name: string; before: Measured; after: Measured }> = [];
    // Each page `--rounds` times on each build, which build goes first alternating from round to
    // round (and the first round's order from page to page); each figure is the median of the rounds.
    for (const [i, target] of pages.entries()) {
      const runsBefore: Measured[] = [];
      const runsAfter: Measured[] = [];
      for (let round = 0; round < rounds; round++) {
        const runBefore = async () => runsBefore.push(await measure(before.base, before.pid, beforeTargetOf(target)));
        const runAfter = async () => runsAfter.push(await measure(after.base, after.pid, target));
        if ((i + round) % 2 === 0) await runBefore().then(runAfter);
        else await runAfter().then(runBefore);
      }
      const [b, a] = [medianOf(runsBefore), medianOf(runsAfter)];
      rows.push({ name: target.name, before: b, after: a });
      console.log(`${target.name}: ${num(b.rps)} → ${num(a.rps)} req/s (medians of ${rounds})`);
    }
    // The root loader alone, each build in a process of its own, on its own copy of the data.
    const rootBefore = await measureRootLoader(refDir, copies[0]!, signedBefore.renter);
    const rootAfter = await measureRootLoader(process.cwd(), copies[1]!, signedAfter.renter);
    console.log(`\nAmarre benchmark, before/after — before: ${ref} (${commit.slice(0, 9)}), after: this checkout (${head}${dirty ? " with uncommitted changes" : ""})`);
    console.log(`${connections} connections, ${duration} s per page and build, in turns; ${os.cpus().length} cores, Node ${process.version}, load average ${os.loadavg()[0].toFixed(1)}; ${listings} bench boats`);
    const healthz = rows.find((r) => r.name.startsWith("healthz"))!;
    const baseline = rows.find((r) => r.name === "baseline (/_baseline)")!;
    console.log(`Each figure: the median of ${rounds} rounds per page and build, the builds alternating; /healthz and /_baseline measured in the same run`);
    console.log("page                            before req/s  after req/s  after/before   before p95 ms  after p95 ms   vs baseline b/a   vs healthz b/a   before CPU ms/req  after CPU ms/req   reads b (1st/next)  reads a (1st/next)   non-2xx b/a");
    for (const { name, before: b, after: a } of rows) {
      console.log(
        `${name.padEnd(30)} ${num(b.rps).padStart(12)} ${num(a.rps).padStart(12)} ${`${num(a.rps / b.rps, 2)}×`.padStart(13)}   ${num(b.p95, 1).padStart(13)} ${num(a.p95, 1).padStart(13)}   ` +
          `${`${pct(b.rps / baseline.before.rps)}/${pct(a.rps / baseline.after.rps)}`.padStart(15)}   ${`${pct(b.rps / healthz.before.rps)}/${pct(a.rps / healthz.after.rps)}`.padStart(14)}   ` +
          `${num(b.cpuMsPerRequest, 2).padStart(17)}  ${num(a.cpuMsPerRequest, 2).padStart(16)}   ${readsCell(countedBefore.get(name)).padStart(18)}  ${readsCell(countedAfter.get(name)).padStart(18)}   ${`${b.non2xx + b.errors}/${a.non2xx + a.errors}`.padStart(11)}`,
      );
    }
    console.log(`\nThe root loader alone (in process): before ${rootLoaderLine(rootBefore)}; after ${rootLoaderLine(rootAfter)}`);
    console.log("\nAfter:");
    printPages(rows.map((row) => row.after), rootAfter, countedAfter);
    // The read targets judge this checkout (pages only: --compare makes no bookings).
    if (!printReadVerdicts(countedAfter)) process.exitCode = 1;
    fs.mkdirSync("bench-results", { recursive: true });
    fs.writeFileSync(
      path.join("bench-results", `compare-${new Date().toISOString().replace(/[:.]/g, "-")}.json`),
      JSON.stringify({ ref, commit, head, dirty, connections, duration, rounds, listings, counts: { before: Object.fromEntries(countedBefore), after: Object.fromEntries(countedAfter) }, loadAverage: os.loadavg(), rows, rootLoader: { before: rootBefore, after: rootAfter } }, null, 2),
    );
  } finally {
    for (const server of servers) server.stop();
    for (const dir of [dataDir, ...copies]) fs.rmSync(dir, { recursive: true, force: true });
    if (fs.existsSync(refDir)) execFileSync("git", ["worktree", "remove", "--force", refDir], { stdio: "inherit" });
  }
}
