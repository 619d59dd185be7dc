/**
 * The runtime folder (`npm run release`, scripts/release.js) is what the container runs: it
 * starts on its own and serves. Run by the `test:release` stage after the build
 * (`node --test`, no test framework: the folder is checked as an operator would use it).
 *
 * A fresh data folder without demo data: the search page answers, a person registers, signs in,
 * and a wrong password is refused with the translated message; SIGTERM closes it cleanly.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { DEV_ONLY, release } from "../../scripts/release.js";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-release-"));
const folder = path.join(work, "app");
const dataDir = path.join(work, "data");
let origin = "";
let output = "";
let server: ReturnType<typeof spawn>;

before(async () => {
  release(folder);
  fs.mkdirSync(dataDir);
  server = spawn(process.execPath, ["build/server/server.js"], {
    cwd: folder,
    // Only what an operator sets: no PATH into the checkout's node_modules.
    env: {
      PATH: "/usr/bin:/bin",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: "false",
      SESSION_SECRET: "release-check-secret-that-is-long-enough-0123456789",
      METADATA_SERVER_DETECTION: "none",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (chunk) => (output += chunk));
  server.stderr!.on("data", (chunk) => (output += chunk));
  const deadline = Date.now() + 60_000;
  while (!/running at http:\/\/localhost:(\d+)/.test(output)) {
    if (server.exitCode !== null || Date.now() > deadline) throw new Error(`the runtime folder's server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  origin = `http://127.0.0.1:${/running at http:\/\/localhost:(\d+)/.exec(output)![1]}`;
});

after(() => {
  if (server.exitCode === null) server.kill("SIGKILL");
  fs.rmSync(work, { recursive: true, force: true });
});

test("holds the build, the files read at run time and production packages only", () => {
  for (const entry of ["build/server/server.js", "build/server/index.js", "build/client", "locales/es", "app/features/invoices/.server/fonts/DejaVuSans.ttf"]) {
    assert.ok(fs.existsSync(path.join(folder, entry)), `${entry} is in the runtime folder`);
  }
  const pkg = JSON.parse(fs.readFileSync(path.join(folder, "package.json"), "utf8"));
  assert.equal(pkg.devDependencies, undefined);
  assert.deepEqual(Object.keys(pkg.scripts), ["start"]);
  for (const name of ["better-sqlite3", "react-dom", "firebase-admin", "sharp"]) {
    assert.ok(fs.existsSync(path.join(folder, "node_modules", name, "package.json")), `${name} is installed`);
  }
  for (const name of DEV_ONLY) assert.ok(!fs.existsSync(path.join(folder, "node_modules", name)), `${name} is not`);
});

test("serves the search page from a fresh data folder", async () => {
  const response = await fetch(`${origin}/alquiler-barco`);
  assert.equal(response.status, 200);
  const html = await response.text();
  assert.match(html, /<html lang="es"/);
  assert.match(html, /<h1/);
});

test("registers a person, signs them in, and refuses a wrong password in their language", async () => {
  const post = (pathname: string, fields: Record<string, string>) =>
    fetch(origin + pathname, { method: "POST", redirect: "manual", headers: { Origin: origin }, body: new URLSearchParams(fields) });
  const account = { email: "ana@release.test", password: "a-long-pass-2026!" };
  const registered = await post("/register", { displayName: "Ana Release", ...account, acceptTerms: "on", website: "" });
  assert.equal(registered.status, 302);
  const signedIn = await post("/login", { ...account, website: "" });
  assert.equal(signedIn.status, 302);
  assert.match(signedIn.headers.get("set-cookie") ?? "", /HttpOnly/i);
  const refused = await post("/en/login", { email: account.email, password: "not-the-password-2026", website: "" });
  assert.equal(refused.status, 400);
  const english = JSON.parse(fs.readFileSync("locales/en/auth.json", "utf8")) as { errors: Record<string, string> };
  assert.ok((await refused.text()).includes(english.errors["invalid-credential"].replace(/'/g, "&#x27;")));
});

test("stops cleanly on SIGTERM", async () => {
  const exited = once(server, "exit");
  server.kill("SIGTERM");
  const [code] = (await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve(["timeout"]), 10_000))])) as [unknown];
  assert.equal(code, 0, output);
  assert.match(output, /Server closed/);
});

test("the image's build leaves out what it must not copy", () => {
  const ignored = fs.readFileSync(".dockerignore", "utf8").split("\n").map((line) => line.trim());
  for (const entry of ["node_modules", "data", ".env", "test-results", "playwright-report"]) assert.ok(ignored.includes(entry), entry);
  const dockerfile = fs.readFileSync("Dockerfile", "utf8");
  assert.match(dockerfile, /node scripts\/release\.js \/app/);
  assert.match(dockerfile, /^USER node$/m);
  assert.match(dockerfile, /^CMD \["node", "build\/server\/server\.js"\]$/m);
});
