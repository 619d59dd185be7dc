/**
 * vitest's global setup: the run's Google Cloud Firestore emulators, one per worker, each started
 * the first time a test file of its worker asks for it (so a run without Firestore suites never
 * starts a JVM) and stopped when the run ends. Test workers ask a small HTTP "broker" on 127.0.0.1 for its address; see
 * `startCloudFirestoreEmulator` in tests/firestore-emulator.ts.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";
import { FIRESTORE_RULES_FILE, launchCloudFirestoreEmulator, type FirestoreEmulator } from "./firestore-emulator";

declare module "vitest" {
  export interface ProvidedContext {
    /** "http://127.0.0.1:port": GET /firestore?worker=N answers `{ hostPort }` of worker N's emulator. */
    emulatorBroker: string;
  }
}

export default async function setup(project: TestProject) {
  // One emulator per worker slot: a worker runs one test file at a time, so each emulator serves
  // one suite at a time, as when every file started its own (the contention suites count on it).
  const firestore = new Map<string, Promise<FirestoreEmulator>>();
  const server = http.createServer((request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? "/", "http://broker");
    if (url.pathname !== "/firestore") return answer(404, { error: "unknown emulator" });
    const worker = url.searchParams.get("worker") ?? "";
    if (!firestore.has(worker)) firestore.set(worker, launchCloudFirestoreEmulator({ rulesFile: FIRESTORE_RULES_FILE, timeoutMs: 170_000 }));
    firestore.get(worker)!.then(
      (emulator) => answer(200, { hostPort: emulator.hostPort }),
      (error: unknown) => answer(500, { error: String(error) }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  project.provide("emulatorBroker", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);

  return async () => {
    server.close();
    await Promise.all([...firestore.values()].map((started) => started.then((emulator) => emulator.stop()).catch(() => undefined)));
  };
}
