/**
 * The Cloud Storage adapter against the Firebase Storage emulator of firebase-tools, run in
 * process (tests/storage-emulator.ts says why not through the CLI).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadFirebaseToolsStorage, startStorageEmulator, type FirebaseToolsStorage, type StorageEmulator } from "#tests/storage-emulator";
import { describeBlobStoreContract } from "./blobs.contract";
import { CloudStorageBlobStore, toBlobError } from "./cloud-storage";
import { createBlobStore } from "./create-blobs";
import { BlobError } from "./index";

const PROJECT_ID = "demo-amarre";
const BUCKET = "demo-amarre.appspot.com";

const tools = loadFirebaseToolsStorage();
const unavailableReason = typeof tools === "string" ? tools : null;
const EMULATOR_VARIABLES = ["FIREBASE_STORAGE_EMULATOR_HOST", "STORAGE_EMULATOR_HOST"] as const;

describe.skipIf(unavailableReason !== null)(`on the Firebase Storage emulator (in process)${unavailableReason ? ` — skipped: ${unavailableReason}` : ""}`, () => {
  let emulator: StorageEmulator;
  const savedEnv: Record<string, string | undefined> = {};

  /** Points new stores at the emulator the way an operator would: FIREBASE_STORAGE_EMULATOR_HOST. */
  const pointAtEmulator = () => {
    delete process.env.STORAGE_EMULATOR_HOST;
    process.env.FIREBASE_STORAGE_EMULATOR_HOST = emulator.host;
  };
  const openStore = () => {
    pointAtEmulator();
    return new CloudStorageBlobStore({ projectId: PROJECT_ID, bucket: BUCKET });
  };

  beforeAll(async () => {
    for (const name of EMULATOR_VARIABLES) savedEnv[name] = process.env[name];
    emulator = await startStorageEmulator(tools as FirebaseToolsStorage);
  });

  afterAll(async () => {
    await emulator?.stop();
    for (const name of EMULATOR_VARIABLES) {
      if (savedEnv[name] === undefined) delete process.env[name];
      else process.env[name] = savedEnv[name];
    }
  });

  describeBlobStoreContract("cloud storage (Firebase Storage emulator)", async () => {
    const store = openStore();
    return { store, openSecondStore: async () => openStore(), cleanup: () => store.close() };
  });

  describe("cloud storage adapter", () => {
    it("writes the content type and cache control as the object's metadata, readable by any Cloud Storage client", async () => {
      pointAtEmulator();
      const store = await createBlobStore({ backend: "firebase", projectId: PROJECT_ID, bucket: BUCKET });
      try {
        expect(store.backend).toBe("firebase");
        const key = "adapter-checks/photos/u1/p1/640.webp";
        await store.put(key, new Uint8Array([82, 73, 70, 70]), { contentType: "image/webp", cacheControl: "public, max-age=31536000, immutable" });
        const objectUrl = `http://${emulator.host}/storage/v1/b/${BUCKET}/o/${encodeURIComponent(key)}`;
        const metadata = (await (await fetch(objectUrl)).json()) as { contentType: string; cacheControl: string; size: string; name: string };
        expect(metadata).toMatchObject({ name: key, contentType: "image/webp", cacheControl: "public, max-age=31536000, immutable", size: "4" });
        const media = await fetch(`${objectUrl}?alt=media`);
        expect(new Uint8Array(await media.arrayBuffer())).toEqual(new Uint8Array([82, 73, 70, 70]));
        await store.deletePrefix("adapter-checks");
        expect((await fetch(objectUrl)).status).toBe(404);
      } finally {
        await store.close();
      }
    });

    it("also honours STORAGE_EMULATOR_HOST (the Cloud Storage client's own variable)", async () => {
      delete process.env.FIREBASE_STORAGE_EMULATOR_HOST;
      process.env.STORAGE_EMULATOR_HOST = `http://${emulator.host}`;
      const store = new CloudStorageBlobStore({ projectId: PROJECT_ID, bucket: BUCKET });
      try {
        await store.put("adapter-checks/plain-variable.txt", Buffer.from("ok"), { contentType: "text/plain" });
        expect(Buffer.from((await store.get("adapter-checks/plain-variable.txt"))!.bytes).toString()).toBe("ok");
        await store.delete("adapter-checks/plain-variable.txt");
      } finally {
        await store.close();
      }
    });

    it("keeps stores of different buckets apart", async () => {
      pointAtEmulator();
      const photos = new CloudStorageBlobStore({ projectId: PROJECT_ID, bucket: BUCKET });
      const other = new CloudStorageBlobStore({ projectId: PROJECT_ID, bucket: "demo-amarre-other" });
      try {
        await photos.put("adapter-checks/bucket.txt", Buffer.from("photos bucket"), { contentType: "text/plain" });
        expect(await other.exists("adapter-checks/bucket.txt")).toBe(false);
        await photos.delete("adapter-checks/bucket.txt");
      } finally {
        await Promise.all([photos.close(), other.close()]);
      }
    });
  });
});

describe("cloud storage adapter, without a backend", () => {
  it("refuses a missing bucket name and an unparsable service account", () => {
    expect(() => new CloudStorageBlobStore({ projectId: PROJECT_ID, bucket: "" })).toThrowError(BlobError);
    expect(() => new CloudStorageBlobStore({ projectId: PROJECT_ID, bucket: BUCKET, serviceAccountJson: "{not json" })).toThrowError(
      expect.objectContaining({ code: "invalid-argument" }) as unknown as Error,
    );
  });

  it("maps HTTP statuses and network errors to blob error codes", () => {
    const http = (code: number) => Object.assign(new Error(`status ${code}`), { code });
    const network = (code: string) => Object.assign(new Error(code), { code });
    expect(toBlobError(http(400), "x").code).toBe("invalid-argument");
    expect(toBlobError(http(401), "x").code).toBe("permission-denied");
    expect(toBlobError(http(403), "x").code).toBe("permission-denied");
    expect(toBlobError(http(404), "x").code).toBe("failed-precondition");
    expect(toBlobError(http(408), "x").code).toBe("deadline-exceeded");
    expect(toBlobError(http(412), "x").code).toBe("failed-precondition");
    expect(toBlobError(http(413), "x").code).toBe("resource-exhausted");
    expect(toBlobError(http(429), "x").code).toBe("resource-exhausted");
    expect(toBlobError(http(503), "x").code).toBe("unavailable");
    expect(toBlobError(network("ECONNREFUSED"), "x").code).toBe("unavailable");
    expect(toBlobError(network("ETIMEDOUT"), "x").code).toBe("deadline-exceeded");
    expect(toBlobError(Object.assign(new Error("gaxios"), { response: { status: 500 } }), "x").code).toBe("unavailable");
    expect(toBlobError(new Error("no code"), "x").code).toBe("internal");
    const original = new BlobError("unavailable", "closed");
    expect(toBlobError(original, "x")).toBe(original);
  });
});
