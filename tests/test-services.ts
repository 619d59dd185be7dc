import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AppLoadContext } from "@remix-run/node";
import { loadConfig } from "#app/.server/config";
import { createServices, type Services } from "#app/.server/services";

/**
 * A real embedded backend in a fresh temp directory, with the demo data seeded through the
 * domain services, as `npm start` would have it.
 */
export async function createTestServices(env: Record<string, string> = {}): Promise<Services & { dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-test-"));
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, MARKETING_URL: "https://marketing.amarre.test", ...env });
  const services = await createServices(config);
  return {
    ...services,
    dataDir,
    async close() {
      await services.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function loadContext(services: Services): AppLoadContext {
  return { services, cspNonce: "test-nonce", shutdownSignal: new AbortController().signal };
}

/** A GET request as a browser sends it. */
export function pageRequest(pathAndQuery: string, headers: Record<string, string> = {}) {
  return new Request(`http://localhost:3000${pathAndQuery}`, { headers });
}

/** Runs a loader or action that may throw a Response (redirects, 404s) and returns it either way. */
export async function settle<T>(fn: () => Promise<T>): Promise<T | Response> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof Response) return error;
    // single-fetch `data()` throws a DataWithResponseInit
    if (error && typeof error === "object" && "type" in error && (error as { type: string }).type === "DataWithResponseInit") {
      return error as T;
    }
    throw error;
  }
}
