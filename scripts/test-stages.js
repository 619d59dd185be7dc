#!/usr/bin/env node
/**
 * `npm test`: typecheck, lint, unit tests, build and browser tests, one after the other (a stage
 * that fails stops the run), then the time each stage took: wall time and the CPU time of its
 * processes (user + system, as the kernel counts a stage's finished child processes, from
 * /proc/self/stat on Linux). `node scripts/test-stages.js lint test:unit` runs some stages only.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";

// test:e2e:firebase: the browser smoke test on the firebase backend (emulators), decision 036.
const ALL = ["typecheck", "lint", "test:unit", "build", "test:e2e", "test:e2e:firebase"];
const stages = process.argv.length > 2 ? process.argv.slice(2) : ALL;

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

function run(stage) {
  return new Promise((resolve) => {
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    const child = spawn(npm, ["run", stage], { stdio: "inherit" });
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

// Whole seconds first, so 1,019.7 s reads "17 min 00 s", never "16 min 60 s".
const format = (seconds) => {
  if (Number.isNaN(seconds)) return "–";
  if (seconds < 59.95) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, "0")} s`;
};

const results = [];
let failed = 0;
const started = performance.now();
for (const stage of stages) {
  const wall = performance.now();
  const cpu = childCpuSeconds();
  const code = await run(stage);
  results.push({ stage, code, wall: (performance.now() - wall) / 1000, cpu: childCpuSeconds() - cpu });
  if (code !== 0) {
    failed = code;
    break;
  }
}
const total = (performance.now() - started) / 1000;

const lines = results.map(({ stage, code, wall, cpu }) => `  ${stage.padEnd(10)} ${format(wall).padStart(10)}   ${format(cpu).padStart(10)} CPU${code === 0 ? "" : `   FAILED (exit ${code})`}`);
for (const stage of stages.slice(results.length)) lines.push(`  ${stage.padEnd(10)} ${"not run".padStart(10)}`);
const cpuTotal = results.reduce((sum, { cpu }) => sum + cpu, 0);
console.log(`\nnpm test, time of each stage (wall, CPU):\n${lines.join("\n")}\n  ${"total".padEnd(10)} ${format(total).padStart(10)}   ${format(cpuTotal).padStart(10)} CPU`);
process.exit(failed);
