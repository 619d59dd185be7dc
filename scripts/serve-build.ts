/**
 * For the scripts that measure the production build (`bench.ts`, `lighthouse.ts`,
 * `page-snapshot.ts`): a free port on 127.0.0.1 to start `build/server/server.js` on (known before
 * the start, so it can go into the server's own configuration), and the wait for its `/healthz`.
 */
import { createServer } from "node:net";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** Resolves once `base/healthz` answers 200; throws when `exited()` turns true or after `timeoutMs` (120 s). */
export async function waitForHealth(base: string, exited: () => boolean, timeoutMs = 120_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (exited()) throw new Error("the server stopped before answering /healthz");
    try {
      if ((await fetch(base + "/healthz")).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > timeoutMs) throw new Error(`the server did not start in ${Math.round(timeoutMs / 1000)} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
