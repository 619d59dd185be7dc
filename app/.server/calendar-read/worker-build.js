/**
 * How the calendar reader's thread (`worker.ts`, decision 046) is bundled: one CommonJS script
 * with everything it imports, ical.js included. scripts/build-server.js writes it beside the
 * server build for production (`.cjs`: the package is ESM); `index.ts` bundles it in memory, from
 * the same options, in development and tests. (Plain JavaScript: the build script imports it.)
 */
export const WORKER_ENTRY = "app/.server/calendar-read/worker.ts";
export const WORKER_FILE = "calendar-read-worker.cjs";
/** @type {{ bundle: true; platform: "node"; format: "cjs"; target: string; logLevel: "warning" }} */
export const workerBuildOptions = { bundle: true, platform: "node", format: "cjs", target: "node24", logLevel: "warning" };
