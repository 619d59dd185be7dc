// Bundles server.ts (and the app/.server code it imports) for `npm start`; packages stay external.
import { build } from "esbuild";

await build({
  entryPoints: ["server.ts"],
  outfile: "build/server/server.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
