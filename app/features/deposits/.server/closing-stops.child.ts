/**
 * Test-only child process (`closing-stops.test.ts` runs it with tsx's loader): opens the SQLite
 * data folder it is given and runs the closings it is told (a withdrawal and a decision), each
 * up to the same step, where it is left; after the last one reached it, the process kills itself
 * with SIGKILL — no clean-up, no flush, as a server dies with its closings under way. Exits 3 if
 * it got past the kill (it never should).
 */
import { createBlobStore } from "#app/.server/blobs/create-blobs";
import { createStore } from "#app/.server/store/create-store";
import { closeUntilStopped, type StopScenario } from "./closing-stops.world";

type Order = { dataDir: string; journal: string; scenarios: StopScenario[]; now: string };

const order = JSON.parse(process.argv[2] ?? "{}") as Order;
const store = await createStore({ backend: "embedded", dataDir: order.dataDir });
const blobs = await createBlobStore({ backend: "embedded", dataDir: order.dataDir });
for (const scenario of order.scenarios) await closeUntilStopped({ store, blobs, journal: order.journal }, scenario, new Date(order.now));
process.kill(process.pid, "SIGKILL");
process.exit(3);
