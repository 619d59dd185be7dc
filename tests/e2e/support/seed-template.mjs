#!/usr/bin/env node
/**
 * `node tests/e2e/support/seed-template.mjs <dir>`: the demo marketplace, seeded once per browser
 * run by the built server as an operator starts it (a first start seeds every demo step before it
 * listens), then stopped with SIGTERM. The shared server and the tests that start a server of their
 * own on the demo data (page-cache, retry-after) each run on a copy of it: a seed costs about 14 s
 * of CPU (the photos of 78 listings), a copy a few milliseconds.
 *
 * Run with the shared server's environment (playwright.config.ts's webServer.env); fails, saying
 * why, when the server does not seed, does not start or does not stop cleanly.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";

const dir = process.argv[2];
if (!dir) {
  console.error("usage: seed-template.mjs <data directory to seed>");
  process.exit(2);
}
fs.rmSync(dir, { recursive: true, force: true });
// The marketplace's day (Europe/Madrid) the seed runs on, written beside the template: specs that rely
// on it seed a server of their own once the day has changed (support/demo-day.ts).
const marketDay = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
const dayFile = `${dir.replace(/\/+$/, "")}.day`;
fs.rmSync(dayFile, { force: true });
const firstDay = marketDay();

const child = spawn(process.execPath, ["build/server/server.js"], {
  env: { ...process.env, DATA_DIR: dir, PORT: "0" },
  stdio: ["ignore", "pipe", "pipe"],
});
let output = "";
const exited = once(child, "exit");
const running = new Promise((resolve) => {
  const onData = (chunk) => {
    output += chunk;
    if (/running at http:\/\//.test(output)) resolve(true);
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  void exited.then(() => resolve(false));
});

function fail(why) {
  console.error(`seed-template: ${why}\n--- the server's output ---\n${output}`);
  child.kill("SIGKILL");
  process.exit(1);
}

const timer = setTimeout(() => fail("the server did not start within 170 s"), 170_000);
if (!(await running)) fail("the server exited before it listened");
clearTimeout(timer);
if (!/Seeded demo data: ports-v1/.test(output)) fail("a first start did not seed the demo data");
child.kill("SIGTERM");
const [code] = await exited;
if (code !== 0 || !output.includes("Server closed")) fail(`SIGTERM did not close the server cleanly (exit code ${code})`);
// A seed that crossed midnight wrote some trips on each day: both days, which no day matches.
const lastDay = marketDay();
fs.writeFileSync(dayFile, firstDay === lastDay ? `${firstDay}\n` : `${firstDay} ${lastDay}\n`);
console.log(`seed-template: the demo marketplace seeded in ${dir} on ${lastDay}`);
