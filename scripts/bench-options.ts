/**
 * `npm run bench`'s options (see bench.ts for their use): parsed once, checked by `benchOptions`
 * (bench-backend.ts, which also gives each backend its defaults); a bad value exits with status 2.
 */
import { parseArgs } from "node:util";
import { benchOptions } from "./bench-backend";

export const { values: args } = parseArgs({
  options: {
    // 10,000 on embedded, 1,000 on firebase (bench-backend.ts).
    listings: { type: "string" },
    backend: { type: "string", default: "embedded" },
    // 16 on embedded, 4 on firebase (bench-backend.ts).
    connections: { type: "string" },
    duration: { type: "string", default: "5" },
    "skip-build": { type: "boolean", default: false },
    compare: { type: "string" },
    pages: { type: "string" },
    // 500 on embedded, 50 on firebase (bench-backend.ts).
    subscribers: { type: "string" },
    "sign-ins": { type: "string", default: "50" },
    // --compare: each page's figures are the medians of this many alternating rounds.
    rounds: { type: "string", default: "3" },
  },
});
export const options = (() => {
  try {
    return benchOptions(args);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
})();
export const listings = options.listings;
export const CASES = options.cases;
export const connections = options.connections;
export const duration = Number(args.duration);
export const rounds = (() => {
  const n = Number(args.rounds);
  if (!Number.isSafeInteger(n) || n < 1) {
    console.error(`--rounds must be a whole number of at least 1, not "${args.rounds}"`);
    process.exit(2);
  }
  return n;
})();
