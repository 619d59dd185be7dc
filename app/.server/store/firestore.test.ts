import { fileURLToPath } from "node:url";
import { getFirestore } from "firebase-admin/firestore";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  findCloudFirestoreEmulator,
  startCloudFirestoreEmulator,
  startFirestoreEmulator,
  type FirestoreEmulator,
} from "#tests/firestore-emulator";
import { StoreError } from "./index";
import { FirestoreStore } from "./firestore";
import { toStoreError } from "./firestore-errors";
import { runFirestoreTransaction, type FirestoreStoreParts } from "./firestore-transaction";
import { describeStoreContract, type ContractOptions, type StoreHarness } from "./store.contract";

// Its own project: the run's Google emulator is shared with the other Firestore suites.
const PROJECT_ID = "demo-amarre-store-contract";
const RULES_FILE = fileURLToPath(new URL("../../../firestore.rules", import.meta.url));

/**
 * What `@firestore-emulator/server` 0.3.15 gets wrong (seen by running this suite against it).
 * Google's emulator, above, runs the whole contract; these gaps are the in-process double's,
 * not the adapter's.
 */
const IN_PROCESS_EMULATOR_GAPS: ContractOptions["unsupported"] = {
  "null-filters": "== null matches every document and != matches missing and null fields",
  "int-double-compare": "integers and fractional numbers never compare (1 < 2.5 is false)",
  "mixed-type-order": "orderBy ignores Firestore's order of types",
  "order-excludes-missing": "orderBy keeps documents that lack the field",
  "id-tie-break": "ties keep insertion order instead of document-id order",
  cursors: "startAt/startAfter cursors are ignored",
  "nested-field-queries": "filters and orderBy on dotted paths throw 'Not implemented'",
  "set-replaces": "set() merges into an existing document instead of replacing it",
  "nested-updates": "a dotted update over a non-map value is dropped",
  "field-transforms": "deleteField() is ignored, increment() fails on non-numbers and on dotted paths",
  transactions: "commits apply writes one by one (a failing write leaves the earlier ones) and transactions neither lock nor detect conflicts, so concurrent read-modify-writes lose updates",
};

/** Stores on one emulator; FIRESTORE_EMULATOR_HOST is read when each client is created. */
function harnessOn(emulator: () => FirestoreEmulator): () => Promise<StoreHarness> {
  return async () => {
    const open = () => {
      process.env.FIRESTORE_EMULATOR_HOST = emulator().hostPort;
      return new FirestoreStore({ projectId: PROJECT_ID });
    };
    const store = open();
    return { store, openSecondStore: async () => open(), cleanup: () => store.close() };
  };
}

describe.skipIf(!findCloudFirestoreEmulator())("on the Cloud Firestore emulator", () => {
  let emulator: FirestoreEmulator;

  beforeAll(async () => {
    emulator = await startCloudFirestoreEmulator({ rulesFile: RULES_FILE });
  });

  afterAll(async () => {
    await emulator?.stop();
  });

  describeStoreContract("firestore (Cloud Firestore emulator)", harnessOn(() => emulator));

  describe("firestore.rules", () => {
    const documentUrl = (path: string) =>
      `http://${emulator.hostPort}/v1/projects/${PROJECT_ID}/databases/(default)/documents/${path}`;

    it("denies clients every read and write, while the server's Admin SDK still works", async () => {
      process.env.FIRESTORE_EMULATOR_HOST = emulator.hostPort;
      const store = new FirestoreStore({ projectId: PROJECT_ID });
      try {
        await store.set("ports", "rules-check", { name: "Vigo" });
        const read = await fetch(documentUrl("ports/rules-check"));
        expect(read.status).toBe(403);
        const write = await fetch(documentUrl("ports/rules-check"), {
          method: "PATCH",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ fields: { name: { stringValue: "Hacked" } } }),
        });
        expect(write.status).toBe(403);
        const list = await fetch(documentUrl("users"));
        expect(list.status).toBe(403);
        expect(await store.get("ports", "rules-check")).toEqual({ id: "rules-check", name: "Vigo" });
      } finally {
        await store.delete("ports", "rules-check");
        await store.close();
      }
    });
  });
});

describe("on the in-process emulator (@firestore-emulator/server)", () => {
  let emulator: FirestoreEmulator;

  beforeAll(async () => {
    emulator = await startFirestoreEmulator();
  });

  afterAll(async () => {
    await emulator?.stop();
  });

  describeStoreContract("firestore (in-process emulator)", harnessOn(() => emulator), { unsupported: IN_PROCESS_EMULATOR_GAPS });

  it("leaves a Firestore client it was given open when it closes", async () => {
    process.env.FIRESTORE_EMULATOR_HOST = emulator.hostPort;
    const app = initializeApp({ projectId: PROJECT_ID }, "given-client");
    const db = getFirestore(app);
    try {
      const store = new FirestoreStore({ projectId: PROJECT_ID, firestore: db });
      await store.set("meta", "given", { ok: true });
      await store.close();
      expect((await db.collection("meta").doc("given").get()).data()).toEqual({ ok: true });
    } finally {
      await db.terminate();
      await deleteApp(app);
    }
  });
});

describe("firestore error mapping", () => {
  const grpcError = (code: number) => Object.assign(new Error(`status ${code}`), { code });

  it("maps gRPC status codes to store error codes", () => {
    expect(toStoreError(grpcError(4)).code).toBe("deadline-exceeded");
    expect(toStoreError(grpcError(14)).code).toBe("unavailable");
    expect(toStoreError(grpcError(6)).code).toBe("already-exists");
    expect(toStoreError(grpcError(5)).code).toBe("not-found");
    expect(toStoreError(grpcError(10)).code).toBe("aborted");
    expect(toStoreError(grpcError(3)).code).toBe("invalid-argument");
    expect(toStoreError(grpcError(9)).code).toBe("failed-precondition");
    expect(toStoreError(grpcError(8)).code).toBe("resource-exhausted");
    expect(toStoreError(grpcError(7)).code).toBe("permission-denied");
    expect(toStoreError(grpcError(13)).code).toBe("internal");
    expect(toStoreError(new Error("no code")).code).toBe("internal");
    const mapped = toStoreError(grpcError(14));
    expect(mapped).toBeInstanceOf(StoreError);
    expect(mapped.cause).toBeInstanceOf(Error);
    const original = new StoreError("not-found", "gone");
    expect(toStoreError(original)).toBe(original);
  });
});

describe("a transaction the backend closed under us", () => {
  const closed = () => Object.assign(new Error("3 INVALID_ARGUMENT: Transaction is invalid or closed."), { code: 3 });
  /** A store whose driver fails the first `failures` transactions with `error`. */
  const storeFailing = (failures: number, error: () => Error) => {
    let runs = 0;
    const db = {
      runTransaction: async (fn: (tx: unknown) => Promise<unknown>) => {
        runs++;
        if (runs <= failures) throw error();
        return fn({});
      },
    };
    return { store: { db } as unknown as FirestoreStoreParts, runs: () => runs };
  };

  it("runs again when the emulator closed it (nothing of it was written), up to three runs", async () => {
    const twice = storeFailing(2, closed);
    expect(await runFirestoreTransaction(twice.store, async () => "done")).toBe("done");
    expect(twice.runs()).toBe(3);
    const always = storeFailing(99, closed);
    await expect(runFirestoreTransaction(always.store, async () => "done")).rejects.toMatchObject({ code: "invalid-argument" });
    expect(always.runs()).toBe(3);
  });

  it("never runs again for another invalid argument or a caller's error", async () => {
    const other = storeFailing(1, () => Object.assign(new Error("3 INVALID_ARGUMENT: bad field"), { code: 3 }));
    await expect(runFirestoreTransaction(other.store, async () => "done")).rejects.toMatchObject({ code: "invalid-argument" });
    expect(other.runs()).toBe(1);
    const caller = storeFailing(0, closed);
    const mine = new Error("the caller's own");
    await expect(runFirestoreTransaction(caller.store, async () => Promise.reject(mine))).rejects.toBe(mine);
    expect(caller.runs()).toBe(1);
  });
});
