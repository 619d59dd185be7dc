/**
 * The Firebase Storage emulator of firebase-tools, run in this process (tests, and the bench on
 * the firebase backend).
 *
 * `firebase emulators:start --only storage` cannot start on this machine: firebase-tools 15
 * refuses Java older than 21 (Debian 12 has 17), and the storage emulator also needs its rules
 * runtime jar (cloud-storage-rules-runtime), which the CLI downloads from Google on first use —
 * there is no network here. So this runs the emulator's own server in process: the same Express
 * app and storage layer the CLI serves, through the Cloud Storage JSON API that firebase-admin
 * speaks. That API is admin-only in the emulator (security rules apply to the client SDK's API
 * only), so the Java rules runtime is never involved. See docs/decisions/005-blob-store.md.
 *
 * Point firebase-admin at it with `process.env.FIREBASE_STORAGE_EMULATOR_HOST = emulator.host`.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { Server } from "node:http";

export const STORAGE_EMULATOR_PROJECT_ID = "demo-amarre";
const HOST = "127.0.0.1";

interface StorageEmulatorInstance {
  stop(): Promise<void>;
}

export interface FirebaseToolsStorage {
  StorageEmulator: new (args: { projectId: string; host: string; port: number; auto_download: boolean }) => StorageEmulatorInstance;
  createApp(projectId: string, emulator: StorageEmulatorInstance): Promise<{ listen(port: number, host: string): Server }>;
  EmulatorRegistry: { set(name: string, instance: unknown): void; clear(name: string): void };
}

/** The storage emulator's modules from firebase-tools, or the reason they cannot be loaded. */
export function loadFirebaseToolsStorage(): FirebaseToolsStorage | string {
  try {
    const require = createRequire(import.meta.url);
    const root = path.dirname(require.resolve("firebase-tools/package.json"));
    const lib = (file: string) => require(path.join(root, "lib", "emulator", file)) as Record<string, unknown>;
    const { StorageEmulator } = lib("storage/index.js");
    const { createApp } = lib("storage/server.js");
    const { EmulatorRegistry } = lib("registry.js");
    if (typeof StorageEmulator !== "function" || typeof createApp !== "function" || typeof EmulatorRegistry !== "function") {
      return "firebase-tools no longer has lib/emulator/storage/{index,server}.js and lib/emulator/registry.js as expected";
    }
    return { StorageEmulator, createApp, EmulatorRegistry } as unknown as FirebaseToolsStorage;
  } catch (error) {
    return `firebase-tools' storage emulator cannot be loaded: ${error instanceof Error ? error.message : String(error)}`;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface StorageEmulator {
  /** "127.0.0.1:port", the value for FIREBASE_STORAGE_EMULATOR_HOST. */
  host: string;
  stop(): Promise<void>;
}

/** `port`: a free one by default. */
export async function startStorageEmulator(tools: FirebaseToolsStorage, projectId = STORAGE_EMULATOR_PROJECT_ID, options: { port?: number } = {}): Promise<StorageEmulator> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-storage-emulator-"));
  const port = options.port ?? (await freePort());
  // Its files go to a temp directory of ours, not the shared <tmpdir>/firebase/storage/blobs.
  class IsolatedStorageEmulator extends tools.StorageEmulator {
    getPersistenceTmpDir() {
      return dir;
    }
  }
  const emulator = new IsolatedStorageEmulator({ projectId, host: HOST, port, auto_download: false });
  // Its handlers build object links from the registry's host and port, as under the CLI.
  tools.EmulatorRegistry.set("storage", emulator);
  const app = await tools.createApp(projectId, emulator);
  const server = app.listen(port, HOST);
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  return {
    host: `${HOST}:${port}`,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await emulator.stop();
      tools.EmulatorRegistry.clear("storage");
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
