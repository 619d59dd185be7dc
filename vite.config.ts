import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

const isTest = Boolean(process.env.VITEST);
const FRAMEWORK =
  /\/node_modules\/(react|react-dom|scheduler|@remix-run\/react|@remix-run\/router|@remix-run\/server-runtime|react-router|react-router-dom|turbo-stream|i18next|react-i18next|remix-i18next|html-parse-stringify|void-elements)\//;

/** A chunk's own modules, named by their paths in the repository (a module id ends with one). */
function modules(...files: string[]): (id: string) => boolean {
  const endings = files.map((file) => `/${file}`);
  return (id) => endings.some((ending) => id.endsWith(ending));
}

/**
 * The app's own code that every page runs (the frame, header and footer, links, languages, the
 * theme, the one event stream, the card classes most pages use): one `shell` file instead of some
 * twenty of a kilobyte each, each a request of its own with its headers on a slow phone connection.
 * `utils/photos` (the photo URLs) is named: the header's avatar and the listing cards both write
 * them, and a module the groups share but none names lands in the first group that asks, which
 * then imports `shell` and is imported by it (a cycle: "Cannot access … before initialization").
 */
const SHELL = modules(
  "app/i18n.ts",
  "app/route-table.ts",
  "app/features/site/components/site-frame.tsx",
  "app/features/site/components/site-header.tsx",
  "app/features/site/components/logo-mark.tsx",
  "app/features/site/components/site-footer.tsx",
  "app/features/site/components/theme-toggle.tsx",
  "app/components/localized-link.tsx",
  "app/features/site/components/language-switcher.tsx",
  "app/components/avatar.tsx",
  "app/components/icons.tsx",
  "app/components/event-stream.tsx",
  "app/components/error-boundary.tsx",
  "app/components/ui/card.tsx",
  "app/utils/href.ts",
  "app/utils/use-lang.ts",
  "app/utils/meta.ts",
  "app/utils/nonce.tsx",
  "app/utils/headers.ts",
  "app/framework/intl.ts",
  "app/utils/initials.ts",
  "app/utils/theme.ts",
  "app/features/chats/chats.ts",
  "app/features/mailbox/use-emails.ts",
  "app/features/chats/use-chat-stream.ts",
  "app/utils/event-stream.client.ts",
  "app/features/mailbox/mailbox-types.ts",
  "app/utils/current-user.ts",
  "app/utils/safe-redirect.ts",
  "app/utils/use-close-on-navigate.ts",
  "app/utils/settings-nav.ts",
  "app/utils/photos.ts",
);

/**
 * The search box the home page, the search pages and the listing pages share (its options, place
 * suggestions, region names, the result view's URL helpers): one file instead of six of 0.2–0.9 kB.
 */
const SEARCH_BOX = modules(
  "app/features/search/components/place-suggestions.tsx",
  "app/features/search/search-options.ts",
  "app/features/listings/view.ts",
  "app/utils/regions.ts",
  "app/utils/catalog.ts",
  "app/utils/use-compact-get-submit.ts",
);

/**
 * What shows listings on the search, listing and favourites pages (cards, photos, prices, the
 * favourite heart, the map's frame — not Leaflet, which loads when the map is shown): one file
 * instead of five. (Rollup adds a group's own imports to it, so a group never names a module that
 * imports conform: the listing page would then load the form library it does not use.)
 */
const LISTINGS = modules(
  "app/features/listings/components/listing-card.tsx",
  "app/features/listings/components/listing-photo.tsx",
  "app/components/price.tsx",
  "app/features/listings/components/favourite-button.tsx",
  "app/features/listings/components/listing-map.tsx",
);

/**
 * The two search pages' own parts (filters, results, pages of results). The listing limits the
 * filters share with the listing forms stay a file of their own, or the forms would load this.
 */
/**
 * The buttons and the pending state of a page's forms (`usePending`) go with `listings`: every page
 * that shows listings uses them (no file more for the search pages), home does not. Left to Rollup,
 * they went into `search-page` (a group takes its imports), and the boat page, the booking summary
 * and every page with a form loaded the search's filters and results (search-page and limits,
 * 7.6 KiB in two files) for a button; in `shell`, home went over its 100 KiB budget (100.2 KiB);
 * a file of their own (0.6 KiB) was one request more on the search pages.
 */
const BUTTONS = modules(
  "app/components/ui/button.tsx",
  "app/utils/use-pending.ts",
);

const SEARCH_PAGE = modules(
  "app/features/search/components/search-filters.tsx",
  "app/features/search/components/search-results.tsx",
  "app/components/pagination.tsx",
);
const LISTING_LIMITS = modules(
  "app/features/listings/limits.ts",
);

/**
 * A feature's browser door (`app/features/<feature>/index.ts`) names, module by module, what other
 * code may import from it. In every build (browser, server, tests) an import or re-export from a
 * door becomes one from the module that door names for it (its `export { … } from "./…"` lines):
 * pages are made of the same modules, in the same chunks, as when they imported those modules
 * directly (a door left in the graph is one module more in each chunk that imports it, carrying
 * every module it names with it: Rollup adds a chunk's unassigned imports to that chunk), and two
 * features whose doors name each other's modules load without a cycle through the doors (a
 * module would otherwise read a door's name before that door's modules ran).
 */
function featureDoors(): Plugin {
  const doors = new Map<string, Map<string, { module: string; imported: string }>>();
  const doorOf = (feature: string) => {
    let names = doors.get(feature);
    if (!names) {
      names = new Map();
      const text = readFileSync(`app/features/${feature}/index.ts`, "utf8");
      for (const [, list, from] of text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}\s+from\s+"\.\/([^"]+)"/g)) {
        for (const entry of list.split(",").map((s) => s.trim()).filter(Boolean)) {
          if (entry.startsWith("type ")) continue;
          const [imported, exported = imported] = entry.split(/\s+as\s+/);
          names.set(exported, { module: `#app/features/${feature}/${from}`, imported });
        }
      }
      doors.set(feature, names);
    }
    return names;
  };
  return {
    name: "amarre:feature-doors",
    // After the TypeScript transform: type-only imports are gone, what is left is values.
    transform(code, id) {
      if (id.includes("/node_modules/") || !code.includes('"#app/features/')) return undefined;
      // (statements start their line: a string that holds an import, as the lint tests write, is left alone)
      const next = code.replace(/^(import|export)\s*\{([^}]*)\}\s*from\s*"#app\/features\/([a-z-]+)";?/gm, (_, keyword: string, list: string, feature: string) => {
        const door = doorOf(feature);
        const byModule = new Map<string, string[]>();
        for (const entry of list.split(",").map((s) => s.trim()).filter(Boolean)) {
          const [name, local = name] = entry.split(/\s+as\s+/);
          const found = door.get(name);
          if (!found) throw new Error(`${id}: #app/features/${feature} does not export ${name}`);
          const names = byModule.get(found.module) ?? [];
          names.push(found.imported === local ? local : `${found.imported} as ${local}`);
          byModule.set(found.module, names);
        }
        return [...byModule].map(([module, names]) => `${keyword} { ${names.join(", ")} } from "${module}";`).join("\n");
      });
      return next === code ? undefined : { code: next, map: null };
    },
  };
}

function chunkOf(id: string): string | undefined {
  if (FRAMEWORK.test(id)) return "framework";
  if (SHELL(id) || id.includes("vite/preload-helper")) return "shell";
  if (SEARCH_BOX(id)) return "search-box";
  if (LISTINGS(id) || BUTTONS(id)) return "listings";
  if (LISTING_LIMITS(id)) return "limits";
  if (SEARCH_PAGE(id)) return "search-page";
  return undefined;
}

/**
 * The browser reads the route table's ids and paths only (`href`, the root's fixed pages): its
 * copy leaves out each route's module file and sitemap flag, which `app/routes.ts` and the
 * sitemap read on the server (a quarter of the shell file before compression; issue 13's home
 * page was at its 100 KiB budget). The server's copy is the file as written.
 */
function routeTableForBrowser(): Plugin {
  return {
    name: "amarre:route-table-for-browser",
    enforce: "pre",
    transform(code, id, options) {
      if (options?.ssr || !id.endsWith("/app/route-table.ts")) return undefined;
      return { code: code.replace(/\b(file: "[^"]*"|sitemap: (true|false)),?\s*/g, ""), map: null };
    },
  };
}

const TEST_FILES = ["app/**/*.test.{ts,tsx}", "tests/unit/**/*.test.ts", "scripts/**/*.test.ts"];

/**
 * The test files that run in a process of their own: those that set environment variables, fake
 * the clock or globals, or start Firebase clients and emulators themselves (they import firebase,
 * firebase-admin or an emulator helper: firebase-admin's apps, the emulators' addresses in
 * process.env), and the
 * browser-side code's (its modules keep state for the page), and those that say `vitest: own
 * process` (they count what module-level caches do). Read from each file, so a new test that does
 * one of these is isolated without a list to keep. (A file that only names Firebase — a config
 * test, a comment — shares a worker: each fresh process cost one to three seconds of CPU.) Every
 * other file runs after others in the same worker, its modules already loaded: its services come
 * from `createTestServices`, fresh for each file. The domains' Firestore suites share too: they
 * use `firestoreForFile` (tests/firestore-store.ts), which gives each file a project and a
 * Firestore app of its own and closes them after it; the emulator's address it sets in
 * process.env is the worker thread's own copy, and always that worker's emulator (a process of
 * its own cost each of the 13 files about 1.4 s of CPU).
 */
const OWN_PROCESS =
  /vitest: own process|process\.env|useFakeTimers|stubGlobal|stubEnv|vi\.mock\(|vi\.doMock|resetModules|from "firebase(-admin)?[/"]|from "@firebase\/|from "@firestore-emulator|from "@google-cloud\/|-emulator"|emulators?\.global|firebase-emulators"|APP_BACKEND: "firebase"/;
const ownProcess = isTest
  ? ["app", "tests/unit", "scripts"]
      .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: "utf8" }).map((file) => `${dir}/${file}`))
      .filter((file) => /\.test\.tsx?$/.test(file))
      .filter((file) => file.endsWith(".tsx") || file.includes(".client.") || OWN_PROCESS.test(readFileSync(file, "utf8")))
  : [];

/**
 * What /admin/operaciones names as the running build: package.json's version and the commit it
 * was built from (`APP_COMMIT` when the build sets it, as a container build without `.git` would,
 * else git's; null when neither answers).
 */
function buildCommit(): string | null {
  if (process.env.APP_COMMIT) return process.env.APP_COMMIT.slice(0, 40);
  try {
    return execFileSync("git", ["rev-parse", "--short=12", "HEAD"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim() || null;
  } catch {
    return null;
  }
}
const BUILD = { version: (JSON.parse(readFileSync("package.json", "utf8")) as { version: string }).version, commit: buildCommit() };

export default defineConfig(({ isSsrBuild }) => ({
  server: { host: "127.0.0.1" },
  define: { __AMARRE_BUILD__: JSON.stringify(BUILD) },
  build: {
    target: "es2022",
    cssMinify: true,
    // Issue 13's JavaScript budget: terser on ES modules packs the framework and the pages about
    // 4% tighter than esbuild (at the cost of a slower build).
    // The server bundle stays readable (profiles and stack traces name the app's functions; nothing
    // downloads it), and the build is faster for it.
    minify: isSsrBuild ? false : "terser",
    terserOptions: { module: true, ecma: 2020, compress: { passes: 2 }, format: { comments: false } },
    // The framework every page runs (React, Remix, the router, i18next) as one file instead of
    // six: fewer requests before the first paint on a slow phone connection. Lazy code (Leaflet,
    // zod, conform, Firebase) keeps its own chunks.
    rollupOptions: isSsrBuild ? {} : { output: { manualChunks: chunkOf } },
  },
  plugins: [
    tailwindcss(),
    !isTest && routeTableForBrowser(),
    featureDoors(),
    !isTest &&
      remix({
        ignoredRouteFiles: ["**/*"],
        serverModuleFormat: "esm",
        future: {
          v3_fetcherPersist: true,
          v3_relativeSplatPath: true,
          v3_throwAbortReason: true,
          v3_lazyRouteDiscovery: true,
          v3_singleFetch: true,
          v3_routeConfig: true,
        },
      }),
    tsconfigPaths(),
  ],
  test: {
    environment: "node",
    setupFiles: ["./tests/setup-unit.ts"],
    // The run's temporary directory (removed at its end, after the emulators stop: teardowns run
    // in reverse), then one Google Firestore emulator per worker for the whole run, started when a
    // suite first asks for it.
    globalSetup: ["./tests/temp-dir.global.ts", "./tests/emulators.global.ts"],
    // CI runs slower than this machine (its unit stage shares two cores with typecheck, lint and the build).
    testTimeout: 30_000,
    // No second run (issue 48): a test that fails fails the run, and a flaky one is fixed, not retried.
    retry: 0,
    // An emulator's start (the Auth emulator's CLI, a JVM) in a `beforeAll` takes 9 s on an idle
    // 2-core machine and over a minute on CI, where typecheck, lint and the build run beside the
    // unit tests (a 60 s limit failed there). Each emulator helper gives up with its own output
    // a little before this.
    hookTimeout: 180_000,
    pool: "forks",
    poolOptions: { threads: { isolate: false } },
    // vitest's default is one worker on a 2-core machine: the emulator suites mostly wait on the
    // emulator, so a second file runs meanwhile. (Per pool: the two projects below use one pool each.)
    maxWorkers: 2,
    env: { METADATA_SERVER_DETECTION: "none", NODE_ENV: "test" },
    // Two projects (docs/decisions/037-test-run-time.md): most files share their worker's loaded
    // modules (the app's server code, the drivers) instead of loading them again for each file;
    // the files that change the process (see `ownProcess`) each get a fresh one, as before.
    projects: [
      { extends: true, test: { name: "shared", include: TEST_FILES, exclude: ownProcess, pool: "threads", isolate: false } },
      { extends: true, test: { name: "isolated", include: ownProcess } },
    ],
  },
}));
