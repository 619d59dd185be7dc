/**
 * vitest's global setup: the run's one Google Cloud Firestore emulator, started the first time a
 * test file asks for it (so a run without Firestore suites never starts a JVM) and stopped when
 * the run ends. Test workers ask a small HTTP "broker" on 127.0.0.1 for its address; see
 * `startCloudFirestoreEmulator` in tests/firestore-emulator.ts.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";
import { FIRESTORE_RULES_FILE, launchCloudFirestoreEmulator, type FirestoreEmulator } from "./firestore-emulator";

declare module "vitest" {
  export interface ProvidedContext {
    /** "http://127.0.0.1:port": GET /firestore answers `{ hostPort }` of the shared emulator. */
    emulatorBroker: string;
  }
}

export default async function setup(project: TestProject) {
  let firestore: Promise<FirestoreEmulator> | undefined;
  const server = http.createServer((request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (request.url !== "/firestore") return answer(404, { error: "unknown emulator" });
    firestore ??= launchCloudFirestoreEmulator({ rulesFile: FIRESTORE_RULES_FILE, timeoutMs: 120_000 });
    firestore.then(
      (emulator) => answer(200, { hostPort: emulator.hostPort }),
      (error: unknown) => answer(500, { error: String(error) }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  project.provide("emulatorBroker", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);

  return async () => {
    server.close();
    const started = await firestore?.catch(() => undefined);
    await started?.stop();
  };
}
