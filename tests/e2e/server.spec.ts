import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startBuiltServer } from "./built-server";

const startServer = startBuiltServer;

test("a bad configuration stops the server with a message naming the variable", async () => {
  const server = startServer({ PORT: "not-a-port", APP_BACKEND: "mysql" });
  expect(await server.exited).toBe(1);
  expect(server.output()).toMatch(/PORT:/);
  expect(server.output()).toMatch(/APP_BACKEND:/);
  server.cleanup();
});

test("production refuses to start without a session secret", async () => {
  const server = startServer({ SESSION_SECRET: "" });
  expect(await server.exited).toBe(1);
  expect(server.output()).toMatch(/SESSION_SECRET: is required in production/);
  server.cleanup();
});

// (That a first start seeds the demo data before it listens, and that SIGTERM then stops it with
// exit code 0, is also checked by every browser run: support/seed-template.mjs seeds their data so.)
test("SIGTERM stops accepting, closes the store and exits cleanly", async () => {
  const server = startServer({ SEED_DEMO_DATA: "false" });
  await expect.poll(() => server.port(), { timeout: 60_000 }).toBeTruthy();
  const port = server.port()!;
  const health = await fetch(`http://127.0.0.1:${port}/healthz`);
  expect(await health.json()).toEqual({ status: "ok" });
  // The store file is there.
  expect(fs.existsSync(path.join(server.dataDir, "amarre.sqlite"))).toBe(true);
  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
  expect(server.output()).toContain("Server closed");
  await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  server.cleanup();
});

test("addresses that cannot be decoded get the 404 page and only their request lines in the log", async () => {
  const server = startServer({ SEED_DEMO_DATA: "false" });
  await expect.poll(() => server.port(), { timeout: 60_000 }).toBeTruthy();
  const port = server.port()!;
  const logged = server.output().length;
  for (const target of ["/%", "/blog/%E0%A4%A", "/en/%ZZ?x=1", "/photos/%.webp"]) {
    const response = await fetch(`http://127.0.0.1:${port}${target}`, { headers: { Cookie: "i18n_redirected=es" } });
    expect(response.status, target).toBe(404);
    // A page's address gets the 404 page; a photo's, the photo route's plain 404.
    if (!target.startsWith("/photos/")) expect(await response.text(), target).toContain('data-error-status="404"');
  }
  // React Router wrote four "could not be decoded" lines for each of these: now each request's own
  // line is all (decision 049), a WARNING for its 404.
  const lines = () => server.output().slice(logged).split("\n").filter(Boolean);
  await expect.poll(() => lines().length).toBe(4);
  for (const line of lines()) {
    expect(JSON.parse(line), line).toMatchObject({ severity: "WARNING", status: 404, httpRequest: { status: 404 } });
  }
  server.child.kill("SIGTERM");
  await server.exited;
  server.cleanup();
});

test("the server holds one copy of the app's code: server.js bundles only server.ts, the rest is the Remix build's", () => {
  // What esbuild put into build/server/server.js, from its source map.
  const { sources } = JSON.parse(fs.readFileSync("build/server/server.js.map", "utf8")) as { sources: string[] };
  expect(sources.map((source) => path.basename(source))).toEqual(["server.ts"]);
  // A marker from app/.server (the identity port's error class) is in the Remix build only.
  const marker = '"IdentityError"';
  expect(fs.readFileSync("build/server/server.js", "utf8")).not.toContain(marker);
  const remixBuild = ["build/server/index.js", ...fs.readdirSync("build/server/assets").map((file) => `build/server/assets/${file}`)]
    .filter((file) => file.endsWith(".js"))
    .map((file) => fs.readFileSync(file, "utf8"));
  expect(remixBuild.filter((code) => code.includes(marker))).toHaveLength(1);
});
