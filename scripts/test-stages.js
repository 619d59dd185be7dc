#!/usr/bin/env node
/**
 * `npm test`: typecheck, lint, unit tests and build at the same time, then the browser tests (a
 * stage that fails stops the run once its group has ended), then the time each stage took: wall
 * time and the CPU time of its processes (user + system, as the kernel counts a stage's finished
 * child processes, from /proc/self/stat on Linux). `node scripts/test-stages.js lint test:unit`
 * runs some stages only, one after the other.
 *
 * The four first stages share the machine well (docs/decisions/037-test-run-time.md): the unit
 * tests spend much of their time waiting on emulators and the disk, which the compiler, the linter
 * and the bundler fill. Within a group the first stage prints as it goes; the others' output is
 * held and printed whole when each ends, so it does not interleave.
 */
import { spawn } from "node:child_process";
import { createWriteStream, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** Steps run one after the other; a step that is a list runs its stages at the same time. */
// test:e2e:firebase: the browser smoke test on the firebase backend (emulators), decision 036.
const ALL = [["test:unit", "typecheck", "lint", "build"], "test:e2e", "test:e2e:firebase"];

const npm = process.platform === "win32" ? "npm.cmd" : "npm";

/** CPU seconds of this process's finished (reaped) children, or NaN off Linux. */
function childCpuSeconds() {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields 16 and 17 of proc(5), cutime and cstime, in clock ticks (100 a second on Linux).
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return Number.NaN;
  }
}

// `--stage <name>`: this script runs one stage and reports the CPU its processes used on file
// descriptor 3, so stages that run at the same time are counted apart.
if (process.argv[2] === "--stage") {
  const child = spawn(npm, ["run", process.argv[3]], { stdio: "inherit" });
  child.once("exit", (code, signal) => {
    createWriteStream(null, { fd: 3 }).end(String(childCpuSeconds()), () => process.exit(code ?? (signal ? 1 : 0)));
  });
} else {
  await main();
}

/** Runs one stage; its output live (`live`) or held and printed when it ends. */
function run(stage, live) {
  return new Promise((resolve) => {
    const wall = performance.now();
    const output = live ? "inherit" : "pipe";
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), "--stage", stage], { stdio: ["inherit", output, output, "pipe"] });
    const held = [];
    child.stdout?.on("data", (chunk) => held.push(chunk));
    child.stderr?.on("data", (chunk) => held.push(chunk));
    let cpu = "";
    child.stdio[3].on("data", (chunk) => (cpu += chunk));
    child.once("close", (code, signal) => {
      if (!live) process.stdout.write(`\n── ${stage} ──\n${Buffer.concat(held).toString()}`);
      resolve({ stage, code: code ?? (signal ? 1 : 0), wall: (performance.now() - wall) / 1000, cpu: cpu === "" ? Number.NaN : Number(cpu) });
    });
  });
}

// Whole seconds first, so 1,019.7 s reads "17 min 00 s", never "16 min 60 s".
function format(seconds) {
  if (Number.isNaN(seconds)) return "–";
  if (seconds < 59.95) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, "0")} s`;
}

async function main() {
  const steps = process.argv.length > 2 ? process.argv.slice(2) : ALL;
  const results = [];
  let failed = 0;
  let done = 0;
  const started = performance.now();
  for (const step of steps) {
    const group = [step].flat();
    const ended = await Promise.all(group.map((stage, i) => run(stage, i === 0)));
    results.push(...ended);
    done++;
    failed = ended.find(({ code }) => code !== 0)?.code ?? 0;
    if (failed) break;
  }
  const total = (performance.now() - started) / 1000;

  const lines = results.map(({ stage, code, wall, cpu }) => `  ${stage.padEnd(10)} ${format(wall).padStart(10)}   ${format(cpu).padStart(10)} CPU${code === 0 ? "" : `   FAILED (exit ${code})`}`);
  for (const stage of steps.slice(done).flat()) lines.push(`  ${stage.padEnd(10)} ${"not run".padStart(10)}`);
  const cpuTotal = results.reduce((sum, { cpu }) => sum + cpu, 0);
  console.log(`\nnpm test, time of each stage (wall, CPU; stages of a group ran at the same time):\n${lines.join("\n")}\n  ${"total".padEnd(10)} ${format(total).padStart(10)}   ${format(cpuTotal).padStart(10)} CPU`);
  process.exit(failed);
}
