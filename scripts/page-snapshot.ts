/**
 * Saves every page of the route table, in four languages, signed out and as each demo person,
 * from a production build, so that two builds can be compared response by response:
 *
 *   npm run build && npx tsx scripts/page-snapshot.ts --data .cache/snap-data --out .cache/snap-before
 *   … change the code …
 *   npm run build && npx tsx scripts/page-snapshot.ts --data .cache/snap-data --out .cache/snap-after
 *   npx tsx scripts/page-snapshot.ts --compare .cache/snap-before .cache/snap-after
 *
 * `--data` is prepared once (the demo marketplace) and copied for each run, so both builds see the
 * same ids. A page behind an id is each person's own (their booking, conversation, case…: the first
 * link to it on their pages), so it is the page they see, not a 404 (`samplePaths`). Bodies are
 * saved with the CSP nonce, asset hashes and session cookies masked.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { layoutGroups } from "#app/route-table";
import { freePort, waitForHealth } from "./serve-build";

/** Set from the first page read: `data-locales-version="…"`. */
let localesVersion = "LOCALES";

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    data: { type: "string", default: ".cache/snap-data" },
    out: { type: "string" },
    compare: { type: "boolean", default: false },
    server: { type: "string", default: "build/server/server.js" },
  },
});

const PASSWORD = "amarre-demo";
const people = ["renter@amarre.test", "owner@amarre.test", "pro@amarre.test", "admin@amarre.test"];
const prefixes = ["", "/en", "/fr", "/de"];
const SECRET = "snapshot-session-secret-that-is-long-enough-0123456789";

async function startServer(dataDir: string, seed: boolean) {
  const port = await freePort();
  const child = spawn(process.execPath, [args.server], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      SESSION_SECRET: SECRET,
      SEED_DEMO_DATA: seed ? "true" : "false",
      PAGE_CACHE_SECONDS: "3600",
      SIGN_IN_LIMIT_PER_10_MINUTES: "1000",
      METADATA_SERVER_DETECTION: "none",
      MARKETING_URL: "https://marketing.amarre.test/",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, () => child.exitCode !== null).catch((error: Error) => {
    throw new Error(`${error.message}:\n${log}`);
  });
  return {
    base,
    log: () => log,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    },
  };
}

async function signIn(base: string, email: string): Promise<string> {
  const body = new URLSearchParams({ email, password: PASSWORD, redirect: "" });
  const res = await fetch(`${base}/login`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { Origin: base, Cookie: "i18n_redirected=es" },
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__session="));
  if (!cookie) throw new Error(`sign-in failed for ${email}: ${res.status}`);
  return cookie.split(";")[0];
}

function mask(text: string) {
  return text
    .replace(/nonce="[^"]*"/g, 'nonce="NONCE"')
    .replace(/'nonce-[^']*'/g, "'nonce-NONCE'")
    .replace(/\/assets\/[A-Za-z0-9_.-]+/g, "/assets/ASSET")
    .replace(/__session=[^;,\s]+/g, "__session=SESSION")
    .replace(/127\.0\.0\.1:\d+/g, "HOST")
    // The messages' version changes with any message: a page's text is compared, not its hash.
    .replace(new RegExp(`${localesVersion}`, "g"), "LOCALES");
}

const keptHeaders = ["content-type", "location", "cache-control", "x-page-cache", "content-security-policy", "vary", "content-language", "retry-after"];

async function snapshot(outDir: string) {
  const work = `${args.data}-run-${process.pid}`;
  fs.rmSync(work, { recursive: true, force: true });
  fs.cpSync(args.data!, work, { recursive: true });
  const server = await startServer(work, false);
  try {
    const base = server.base;
    // Sample parameters read from the pages themselves.
    const search = await (await fetch(`${base}/alquiler-barco`, { headers: { Cookie: "i18n_redirected=es" } })).text();
    localesVersion = /data-locales-version="([^"]+)"/.exec(search)?.[1] ?? localesVersion;
    const boat = /href="\/boat\/([A-Za-z0-9_-]+)"/.exec(search)?.[1] ?? "none";
    const docks = await (await fetch(`${base}/docks`, { headers: { Cookie: "i18n_redirected=es" } })).text();
    const dock = /href="\/dock\/([A-Za-z0-9_-]+)"/.exec(docks)?.[1] ?? "none";
    const boatPage = await (await fetch(`${base}/boat/${boat}`, { headers: { Cookie: "i18n_redirected=es" } })).text();
    const slug = /href="\/user\/([A-Za-z0-9_-]+)"/.exec(boatPage)?.[1] ?? "none";
    const fallback = (pattern: string) => `/${pattern.replace(":slug", slug).replace(/:id\b/, boat).replace("*", "no-such-page")}`;
    const extra = [
      // A few query variants the pages read.
      `/alquiler-barco?type=sail&place=Palma&people=6&sort=price-asc`,
      `/alquiler-barco?page=2`,
      `/boat/form/add-motor-boat?id=${boat}&step=2`,
      `/dock/form/add-dock-rent?id=${dock}`,
      `/login?redirect=/ajustes/mis-barcos`,
    ];
    const cookies: Array<[string, string]> = [["anonymous", ""]];
    for (const email of people) cookies.push([email.split("@")[0], await signIn(base, email)]);
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.mkdirSync(outDir, { recursive: true });
    let count = 0;
    let pathCount = 0;
    for (const [who, cookie] of cookies) {
      const paths = [...(await samplePaths(base, cookie, fallback)), ...extra];
      pathCount = Math.max(pathCount, paths.length);
      const records: Record<string, unknown> = {};
      for (const prefix of prefixes) {
        for (const p of paths) {
          const url = prefix + (p === "/" && prefix ? "" : p);
          const res = await fetch(base + url, {
            redirect: "manual",
            headers: { Cookie: [cookie, `i18n_redirected=${prefix.slice(1) || "es"}`].filter(Boolean).join("; ") },
          });
          const headers: Record<string, string> = {};
          for (const name of keptHeaders) {
            const v = res.headers.get(name);
            if (v !== null) headers[name] = mask(v);
          }
          const setCookies = res.headers.getSetCookie().map(mask);
          records[url] = { status: res.status, headers, setCookies, body: mask(await res.text()) };
          count++;
        }
      }
      fs.writeFileSync(path.join(outDir, `${who}.json`), JSON.stringify(records, null, 1));
    }
    console.info(`saved ${count} responses (up to ${pathCount} paths × ${prefixes.length} languages × ${cookies.length} people) to ${outDir}`);
  } finally {
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Every page of the route table as this person (`cookie`; none for a visitor) reaches it: a path
 * with parameters takes the first link to it on the person's own pages (their bookings, rentals,
 * cases, conversations, invoices…, read from every page without parameters), so that a page
 * behind an id is the real page, not a 404; `fallback` fills a path no page links to (a boat's id,
 * a person's slug).
 */
async function samplePaths(base: string, cookie: string, fallback: (pattern: string) => string): Promise<string[]> {
  const patterns: Array<string | null> = layoutGroups.flatMap((g) => g.pages.map((p) => p.path));
  const plain = patterns.filter((p): p is string => p !== null && !p.includes(":") && !p.includes("*"));
  const links = new Set<string>();
  const read = async (pages: string[]) => {
    for (const page of pages) {
      const res = await fetch(base + page, { redirect: "manual", headers: { Cookie: [cookie, "i18n_redirected=es"].filter(Boolean).join("; ") } });
      for (const match of (await res.text()).matchAll(/href="(\/[^"?#]*)/g)) links.add(match[1]!);
    }
  };
  const choose = () =>
    patterns.map((pattern) => {
      if (pattern === null) return "/";
      if (!pattern.includes(":")) return pattern.includes("*") ? fallback(pattern) : `/${pattern}`;
      // Route paths are letters, digits, dashes and slashes: only the parameters need a pattern.
      const shape = new RegExp(`^/${pattern.replace(/:[A-Za-z]+/g, "[^/]+")}$`);
      return [...links].find((link) => shape.test(link)) ?? null;
    });
  await read(["/", ...plain.map((p) => `/${p}`)]);
  // One level deeper: a booking's deposit page is linked from the booking's page, a case from the list.
  await read(choose().filter((found): found is string => found !== null && found.includes("/") && !plain.includes(found.slice(1)) && found !== "/"));
  return choose().map((found, index) => found ?? fallback(patterns[index]!));
}

async function prepare() {
  if (fs.existsSync(path.join(args.data!, ".prepared"))) return;
  fs.rmSync(args.data!, { recursive: true, force: true });
  fs.mkdirSync(args.data!, { recursive: true });
  const server = await startServer(args.data!, true);
  await server.stop();
  fs.writeFileSync(path.join(args.data!, ".prepared"), "");
}

/** Snapshots saved before the messages' version was masked: mask it on comparison. */
function withoutLocalesVersion(body: string) {
  const version = /data-locales-version="([^"]+)"/.exec(body)?.[1];
  // The route manifest's version changes with every build, and how modules are split into
  // chunks with the code: compare pages, not bundles.
  const masked = body
    .replace(/"version": "[0-9a-f]+"/g, '"version": "BUILD"')
    .replace(/<link rel="modulepreload" href="\/assets\/ASSET"\/>/g, "")
    .replace(/"\/assets\/ASSET",?\s*/g, "")
    .replace(/,(\s*)\]/g, "$1]");
  return version ? masked.split(version).join("LOCALES") : masked;
}

type Rec = { status: number; headers: Record<string, string>; setCookies: string[]; body: string };

function compare(a: string, b: string) {
  let differences = 0;
  let total = 0;
  for (const file of fs.readdirSync(a)) {
    const left = JSON.parse(fs.readFileSync(path.join(a, file), "utf8")) as Record<string, Rec>;
    const right = JSON.parse(fs.readFileSync(path.join(b, file), "utf8")) as Record<string, Rec>;
    for (const url of new Set([...Object.keys(left), ...Object.keys(right)])) {
      total++;
      const l = left[url];
      const r = right[url];
      if (!l || !r) {
        differences++;
        console.info(`${file} ${url}: only in ${l ? a : b}`);
        continue;
      }
      const notes: string[] = [];
      if (l.status !== r.status) notes.push(`status ${l.status} → ${r.status}`);
      for (const h of new Set([...Object.keys(l.headers), ...Object.keys(r.headers)]))
        if (l.headers[h] !== r.headers[h]) notes.push(`${h}: ${l.headers[h]} → ${r.headers[h]}`);
      if (JSON.stringify(l.setCookies) !== JSON.stringify(r.setCookies)) notes.push(`set-cookie ${l.setCookies} → ${r.setCookies}`);
      l.body = withoutLocalesVersion(l.body);
      r.body = withoutLocalesVersion(r.body);
      if (l.body !== r.body) {
        let i = 0;
        while (i < l.body.length && l.body[i] === r.body[i]) i++;
        notes.push(`body differs at ${i}: «${l.body.slice(Math.max(0, i - 80), i + 120)}» → «${r.body.slice(Math.max(0, i - 80), i + 120)}»`);
      }
      if (notes.length) {
        differences++;
        console.info(`${file} ${url}:\n  ${notes.join("\n  ")}`);
      }
    }
  }
  console.info(`${total} responses compared, ${differences} differ`);
}

if (args.compare) {
  compare(positionals[0], positionals[1]);
} else {
  if (!args.out) throw new Error("--out DIR is required");
  await prepare();
  await snapshot(args.out);
}
