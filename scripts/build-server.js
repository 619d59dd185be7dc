// Bundles the thin server.ts for `npm start`; packages stay external. The app's code (config,
// services, the request handler) is not bundled here: server.ts takes it from the Remix build
// (build/server/index.js), so one copy of app/.server runs. An import of it fails the build.
import { build } from "esbuild";
import { WORKER_ENTRY, WORKER_FILE, workerBuildOptions } from "../app/.server/calendar-read/worker-build.js";

await build({
  entryPoints: ["server.ts"],
  outfile: "build/server/server.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
  plugins: [
    {
      name: "no-app-code",
      setup(build) {
        build.onResolve({ filter: /^(#app\/|(\.\/)?app\/)/ }, (args) => ({
          errors: [{ text: `server.ts imports ${args.path}: take app code from the server build's serverApp (app/.server/server-app.ts) instead` }],
        }));
      },
    },
  ],
});

// The calendar reader's thread (decision 046), beside the server: production starts it without
// TypeScript or the build tools. Its own bundle (ical.js included): it shares no state with the app.
await build({ ...workerBuildOptions, entryPoints: [WORKER_ENTRY], outfile: `build/server/${WORKER_FILE}`, sourcemap: true });
