#!/usr/bin/env node
/**
 * `npm test`: every stage starts as soon as the stages it needs have passed — unit tests,
 * typecheck, lint and build at once, the browser tests as soon as the build is done (beside the
 * unit tests) — then the time each stage took: wall time and the CPU time of its processes (user
 * + system; on Linux the larger of the kernel's count of the stage's finished child processes and
 * the sum of its processes sampled every second, see descendantCpuSampler). A stage that fails starts nothing more (the stages already running finish). `node
 * scripts/test-stages.js lint test:unit` runs some stages only, one after the other.
 *
 * One stage prints as it goes; the others' output is held. When the stage printing live ends,
 * the stage running longest takes over: what it held so far is printed, then the rest live. A
 * stage that ends while another prints live is printed whole then. Nothing interleaves. At the
 * end, a failed stage's failures (failureDigest) are printed once more, above the table. No
 * test runs a second time (issue 48): a test that fails fails its stage.
 * (docs/decisions/037-test-run-time.md.)
 */
import { spawn } from "node:child_process";
import { createWriteStream, readdirSync, readFileSync } from "node:fs";
import { setPriority } from "node:os";
import { fileURLToPath, pathToFileURL } from "node:url";

/**
 * Each stage, the stages it waits for, and its niceness (0 unless said). The order is the order
 * stages start in when they can, and the first is the one printed live first.
 *
 * - The browser tests need the build only: they run beside the unit tests, whose emulators and
 *   disk leave the cores idle much of the time.
 * - The firebase browser test (decision 036) starts its own Java emulators and seeds them: it
 *   waits for the unit tests too, so two stages never start emulators at the same time (the
 *   unit stage's Auth emulator needed over 60 s to start on a loaded CI machine).
 * - The runtime folder's check (`test:release`: the release written from the build and started as
 *   the container starts it) waits for the unit tests like the firebase browser test: both fill
 *   the time the browser tests still take after the unit tests end.
 * - Typecheck and lint run at niceness 10: nothing waits for them, so they take the cores the
 *   unit tests, the build and the browser tests leave (they have no time limits to miss).
 * - The unit tests run at niceness 10 until the build has passed (`yieldsTo`), then at 0: the
 *   build is the first step of the run's longest path (the browser tests wait for it), and beside
 *   the unit tests at equal priority its minute of CPU took two minutes of wall. Only where this
 *   script may lower a niceness again (root); elsewhere the unit tests start at 0, as before.
 */
export const STAGES = [
  { stage: "test:unit", needs: [], yieldsTo: "build" },
  { stage: "build", needs: [] },
  { stage: "typecheck", needs: [], nice: 10 },
  { stage: "lint", needs: [], nice: 10 },
  { stage: "test:e2e", needs: ["build"] },
  { stage: "test:e2e:firebase", needs: ["build", "test:unit"] },
  { stage: "test:release", needs: ["build", "test:unit"] },
];

/** Named stages one after the other (`node scripts/test-stages.js lint test:unit`). */
export function chain(names) {
  return names.map((stage, i) => ({ stage, needs: i === 0 ? [] : [names[i - 1]] }));
}

/**
 * Runs `graph` (as STAGES): `run(entry)` starts a stage and resolves to `{ code }` when it ends.
 * Each stage starts once every stage it needs has passed; after a failure no stage starts. Resolves
 * to the stages' results in the order they ended and the names of the stages not run.
 */
export async function runGraph(graph, run) {
  const names = new Set(graph.map(({ stage }) => stage));
  for (const { stage, needs } of graph) {
    for (const need of needs) if (!names.has(need)) throw new Error(`${stage} needs ${need}, which is not a stage`);
  }
  const passed = new Set();
  const started = new Set();
  const results = [];
  let failed = false;
  let running = 0;
  return new Promise((resolve) => {
    const startReady = () => {
      if (!failed) {
        for (const entry of graph) {
          if (started.has(entry.stage) || !entry.needs.every((need) => passed.has(need))) continue;
          started.add(entry.stage);
          running++;
          Promise.resolve(run(entry)).then((result) => {
            running--;
            results.push({ ...result, stage: entry.stage });
            if (result.code === 0) passed.add(entry.stage);
            else failed = true;
            startReady();
          });
        }
      }
      // Nothing running and nothing left that can start: a cycle or a failure ends the run here.
      if (running === 0) resolve({ results, notRun: graph.map(({ stage }) => stage).filter((stage) => !started.has(stage)) });
    };
    startReady();
  });
}

const npm = process.platform === "win32" ? "npm.cmd" : "npm";

/** The fields of /proc/<pid>/stat after the command's name (field 3 of proc(5) is [0]), or null. */
function statFields(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

/** CPU seconds of this process's finished (reaped) children, or NaN off Linux. */
function childCpuSeconds() {
  const fields = statFields("self");
  // Fields 16 and 17 of proc(5), cutime and cstime, in clock ticks (100 a second on Linux).
  return fields ? (Number(fields[13]) + Number(fields[14])) / 100 : Number.NaN;
}

/**
 * The process `pid` and all its descendants, each with its /proc stat fields (see statFields),
 * `pid` first; empty off Linux or once `pid` has ended.
 */
export function processTree(pid) {
  let entries;
  try {
    entries = readdirSync("/proc");
  } catch {
    return [];
  }
  const children = new Map();
  const stats = new Map();
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry);
    if (!fields) continue;
    const parent = Number(fields[1]);
    if (!children.has(parent)) children.set(parent, []);
    children.get(parent).push(Number(entry));
    stats.set(Number(entry), fields);
  }
  const tree = [];
  for (const stack = stats.has(pid) ? [pid] : []; stack.length > 0; ) {
    const next = stack.pop();
    tree.push({ pid: next, fields: stats.get(next) });
    stack.push(...(children.get(next) ?? []));
  }
  return tree;
}

/**
 * Samples, every second, the CPU time of each process below this one (its own utime + stime,
 * fields 14 and 15), keeping the last figure seen of each; `seconds()` sums them. The kernel's
 * count of reaped children misses the processes no parent waits for: the browser tests' Chromium
 * (renderers, zygotes) is most of their CPU and is not in it — 114 s reaped against 450 s sampled
 * for the same run of three browser specs (decision 037). A process's last second, and processes
 * that live less than a second, are missed here instead: each count is a lower bound.
 */
function descendantCpuSampler() {
  const last = new Map();
  const sample = () => {
    for (const { pid, fields } of processTree(process.pid).slice(1)) {
      // Keyed by pid and start time (field 22), so a reused pid is another process.
      last.set(`${pid}:${fields[19]}`, (Number(fields[11]) + Number(fields[12])) / 100);
    }
  };
  const timer = setInterval(sample, 1000);
  timer.unref();
  return {
    seconds() {
      clearInterval(timer);
      let sum = 0;
      for (const cpu of last.values()) sum += cpu;
      return sum;
    },
  };
}

/** The output of the stages: one prints live, the others are held (see the top of this file). */
function printer() {
  const holding = new Map();
  // Every stage's whole output, kept for the digest of a stage that fails.
  const whole = new Map();
  let live = null;
  return {
    /** A stage that started: live if no other stage is. */
    start(stage) {
      holding.set(stage, []);
      whole.set(stage, []);
      if (live === null) live = stage;
    },
    write(stage, chunk) {
      whole.get(stage).push(chunk);
      if (stage === live) process.stdout.write(chunk);
      else holding.get(stage).push(chunk);
    },
    /** What `stage` printed, whole. */
    output(stage) {
      return Buffer.concat(whole.get(stage) ?? []).toString();
    },
    end(stage) {
      const held = holding.get(stage);
      holding.delete(stage);
      if (stage !== live) {
        process.stdout.write(`\n── ${stage} ──\n${Buffer.concat(held).toString()}`);
        return;
      }
      // The stage running longest (Map keeps the order they started in) prints live from here.
      live = holding.keys().next().value ?? null;
      if (live !== null) {
        process.stdout.write(`\n── ${live} (from its start) ──\n${Buffer.concat(holding.get(live)).toString()}`);
        holding.set(live, []);
      }
    },
  };
}

/** The thread ids of process `pid` (its first thread's is `pid`); just `pid` off Linux or once it has ended. */
function threadsOf(pid) {
  try {
    return readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    return [pid];
  }
}

/**
 * Sets the niceness of `pid` and its descendants, every thread of each (a process or thread that
 * has ended meanwhile is skipped). On Linux a niceness belongs to a thread: setting it for a
 * process id changes only that process's first thread, and vitest's worker threads kept the
 * niceness they were started with (CI: the unit stage ran 7 min on 3.5 min of CPU, and a test
 * that takes 1.7 s timed out at 30 s).
 */
export function reniceTree(pid, nice) {
  for (const each of processTree(pid)) {
    for (const tid of threadsOf(each.pid)) {
      try {
        setPriority(tid, nice);
      } catch {
        // Ended since the walk, or not ours to change.
      }
    }
  }
}

/** Whether this process may lower a niceness it raised (root, or CAP_SYS_NICE as root has it). */
const mayLowerNiceness = typeof process.getuid === "function" && process.getuid() === 0;

/**
 * Runs one stage (its wrapper, `--stage`) and resolves to its exit code, wall and CPU seconds;
 * `onSpawn` gets the wrapper's process id.
 */
function runStage({ stage, nice = 0 }, out, onSpawn = () => {}) {
  return new Promise((resolve) => {
    const wall = performance.now();
    out.start(stage);
    // Colours as if the stage wrote to this terminal (its output goes through a pipe).
    const env = process.stdout.isTTY && !("NO_COLOR" in process.env) ? { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "1" } : process.env;
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), "--stage", stage, String(nice)], { stdio: ["inherit", "pipe", "pipe", "pipe"], env });
    onSpawn(child.pid);
    child.stdout.on("data", (chunk) => out.write(stage, chunk));
    child.stderr.on("data", (chunk) => out.write(stage, chunk));
    let cpu = "";
    child.stdio[3].on("data", (chunk) => (cpu += chunk));
    child.once("close", (code, signal) => {
      out.end(stage);
      resolve({ code: code ?? (signal ? 1 : 0), wall: (performance.now() - wall) / 1000, cpu: cpu === "" ? Number.NaN : Number(cpu) });
    });
  });
}

// The terminal's colour codes (ESC [ … m), which the stages' output keeps.
// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;

/**
 * The part of a failed stage's output that says what failed, at most `max` lines: vitest's
 * "Failed Tests" section, Playwright's numbered failures ("  1) [chromium] › …") and its
 * summary, TypeScript's and ESLint's error lines; otherwise the output's last lines. A stage
 * that fails early (the unit tests beside the browser tests) has its failures printed long before
 * the run's end, where a log's tail no longer shows them.
 */
export function failureDigest(output, max = 80) {
  const lines = output.replace(ANSI, "").split(/\r?\n/);
  const cut = (from) => {
    const part = lines.slice(from, from + max);
    return from + max < lines.length ? [...part, `… (${lines.length - from - max} more lines in the stage's output above)`] : part;
  };
  const vitest = lines.findLastIndex((line) => /⎯ Failed Tests \d+ ⎯|⎯ Failed Suites \d+ ⎯|⎯ Unhandled Errors ⎯/.test(line));
  if (vitest !== -1) {
    // The first of those sections (suites, tests, unhandled errors follow one another).
    const first = lines.findIndex((line) => /⎯ (Failed Tests|Failed Suites) \d+ ⎯|⎯ Unhandled Errors ⎯/.test(line));
    return cut(first).join("\n");
  }
  const playwright = lines.findIndex((line) => /^\s+1\) \[/.test(line));
  if (playwright !== -1) return cut(playwright).join("\n");
  // TypeScript's errors, and ESLint's with the file each belongs to (printed on a line of its own).
  const errors = lines.filter((line) => /error TS\d+|^\s+\d+:\d+\s+error\s/.test(line) || /^\/\S+\.[cm]?[jt]sx?$/.test(line));
  if (errors.length > 0) return errors.slice(0, max).join("\n");
  return lines.slice(-max).join("\n");
}

// Whole seconds first, so 1,019.7 s reads "17 min 00 s", never "16 min 60 s".
export function format(seconds) {
  if (Number.isNaN(seconds)) return "–";
  if (seconds < 59.95) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, "0")} s`;
}

/** The end-of-run table: each stage's start (after the run's), wall and CPU time, then the total. */
export function table(results, notRun, total) {
  const width = Math.max(10, ...results.map(({ stage }) => stage.length), ...notRun.map((stage) => stage.length));
  const lines = results.map(
    ({ stage, code, start, wall, cpu }) =>
      `  ${stage.padEnd(width)} ${`+${format(start)}`.padStart(11)} ${format(wall).padStart(11)}   ${format(cpu).padStart(11)} CPU${code === 0 ? "" : `   FAILED (exit ${code})`}`,
  );
  for (const stage of notRun) lines.push(`  ${stage.padEnd(width)} ${"".padStart(11)} ${"not run".padStart(11)}`);
  // Stages whose CPU is unknown (off Linux) are left out, not made to hide the others'.
  const known = results.filter(({ cpu }) => !Number.isNaN(cpu));
  const cpuTotal = known.length === 0 ? Number.NaN : known.reduce((sum, { cpu }) => sum + cpu, 0);
  return (
    `\nnpm test, time of each stage (started after the run's start, wall, CPU; stages overlap):\n${lines.join("\n")}\n` +
    `  ${"total".padEnd(width)} ${"".padStart(11)} ${format(total).padStart(11)}   ${format(cpuTotal).padStart(11)} CPU`
  );
}

async function main() {
  const graph = process.argv.length > 2 ? chain(process.argv.slice(2)) : STAGES;
  const out = printer();
  const started = performance.now();
  // The stages that run at niceness 10 until another stage passes (`yieldsTo`), by process id.
  const yielding = new Map();
  const { results, notRun } = await runGraph(graph, async (entry) => {
    const start = (performance.now() - started) / 1000;
    const yields = entry.yieldsTo !== undefined && mayLowerNiceness && graph.some(({ stage }) => stage === entry.yieldsTo);
    let spawned = 0;
    const result = await runStage(yields ? { ...entry, nice: 10 } : entry, out, (pid) => {
      spawned = pid;
      if (yields) yielding.set(pid, entry.yieldsTo);
    });
    // Ended before what it yields to: its id is nobody's to renice any more (it may be reused).
    yielding.delete(spawned);
    if (result.code === 0) {
      for (const [pid, until] of yielding) {
        if (until !== entry.stage) continue;
        yielding.delete(pid);
        reniceTree(pid, 0);
      }
    }
    return { start, ...result };
  });
  const total = (performance.now() - started) / 1000;
  // A failure printed early is buried under the stages that printed after it: its digest again.
  for (const { stage, code } of results) if (code !== 0) console.log(`\n── ${stage} failed (exit ${code}); its failures again ──\n${failureDigest(out.output(stage))}`);
  console.log(table(results, notRun, total));
  process.exit(results.find(({ code }) => code !== 0)?.code ?? 0);
}

// `--stage <name> <niceness>`: this script runs one stage and reports the CPU its processes used
// on file descriptor 3, so stages that run at the same time are counted apart.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv[2] === "--stage") {
    const nice = Number(process.argv[4] ?? 0);
    // Children inherit it: the whole stage runs at this niceness.
    if (nice > 0) setPriority(0, nice);
    const child = spawn(npm, ["run", process.argv[3]], { stdio: "inherit" });
    const sampled = descendantCpuSampler();
    child.once("exit", (code, signal) => {
      // Both counts are lower bounds of the stage's CPU (see descendantCpuSampler): the larger.
      const cpu = Math.max(childCpuSeconds(), sampled.seconds());
      createWriteStream(null, { fd: 3 }).end(String(cpu), () => process.exit(code ?? (signal ? 1 : 0)));
    });
  } else {
    await main();
  }
}
