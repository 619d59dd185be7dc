#!/usr/bin/env node
/**
 * `npm run release -- <dir>` (after `npm run build`, which the npm script runs first): writes a
 * runtime folder that starts with `node build/server/server.js` and needs nothing else — the
 * build output, the files the server reads from disk at run time, a package.json without
 * scripts to build or test, and the production dependencies only, copied from this checkout's
 * node_modules as npm resolved them (so patched packages stay patched and no registry is asked).
 * The Dockerfile's runtime stage is this folder; `tests/release/runtime-folder.check.ts` starts it.
 *
 * `node scripts/release.js <dir>` does the same without building (the tests, after the build).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** What the server reads from disk relative to its working directory, besides build/. */
export const RUNTIME_FILES = [
  "build",
  "locales", // app/.server/i18n.ts
  "public/images", // the demo seed's photos (app/.server/seed/photos.ts)
  "app/features/invoices/.server/fonts", // invoice PDFs (pdf-layout.ts)
];

/**
 * Packages that must never reach the runtime folder. `npm ls --omit=dev` still lists optional
 * peers the dev tools installed (Remix's packages name `typescript` as one): those are left out;
 * any other here would be a dev tool that became a dependency, and stops the release.
 */
export const DEV_ONLY = ["vitest", "@playwright/test", "playwright", "typescript", "vite", "tsx", "eslint", "node"];

/** Optional peer dependencies of production packages that nothing runs in production. */
const OPTIONAL_PEERS = ["typescript"];

export function release(target, { root = process.cwd() } = {}) {
  const dest = path.resolve(target);
  if (!fs.existsSync(path.join(root, "build/server/server.js"))) {
    throw new Error("build/server/server.js is missing: run `npm run build` first (or `npm run release`, which builds)");
  }
  if (fs.existsSync(dest) && fs.readdirSync(dest).length > 0) throw new Error(`${dest} exists and is not empty`);
  fs.mkdirSync(dest, { recursive: true });

  for (const entry of RUNTIME_FILES) copyTree(path.join(root, entry), path.join(dest, entry));

  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
  const runtimePkg = {
    name: pkg.name,
    version: pkg.version,
    private: true,
    type: pkg.type,
    engines: pkg.engines,
    scripts: { start: "node build/server/server.js" },
    dependencies: pkg.dependencies,
  };
  fs.writeFileSync(path.join(dest, "package.json"), JSON.stringify(runtimePkg, null, 2) + "\n");

  // Every installed production package (transitive ones too), by the folder npm put it in.
  const listing = execFileSync("npm", ["ls", "--omit=dev", "--all", "--parseable"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const rootModules = path.join(root, "node_modules") + path.sep;
  const packages = listing
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith(rootModules))
    .filter((line) => !OPTIONAL_PEERS.includes(path.relative(path.join(root, "node_modules"), line)));
  for (const from of packages) {
    const relative = path.relative(root, from);
    // A package's own nested node_modules are listed (and copied) as packages of their own.
    copyTree(from, path.join(dest, relative), { skip: path.join(from, "node_modules") });
  }
  const shipped = DEV_ONLY.filter((name) => fs.existsSync(path.join(dest, "node_modules", name)));
  if (shipped.length > 0) throw new Error(`development packages reached the runtime folder: ${shipped.join(", ")}`);
  return { dest, packages: packages.length };
}

/**
 * Copies a folder: files hard-linked where the target is on the same file system (nothing here
 * writes to a file after it is made, so a link is as good as a copy and takes no time or space),
 * copied otherwise; symbolic links kept as links. `skip` leaves one sub-folder out.
 */
function copyTree(from, to, { skip } = {}) {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (source === skip) continue;
    if (entry.isDirectory()) copyTree(source, target);
    else if (entry.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(source), target);
    else {
      try {
        fs.linkSync(source, target);
      } catch {
        fs.copyFileSync(source, target);
      }
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const target = process.argv[2];
  if (!target) {
    console.error("usage: npm run release -- <dir>");
    process.exit(2);
  }
  try {
    const started = performance.now();
    const { dest, packages } = release(target);
    console.info(`Runtime folder written to ${dest}: ${packages} production packages, ${Math.round(performance.now() - started)} ms. Start it with: cd ${dest} && NODE_ENV=production node build/server/server.js`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
