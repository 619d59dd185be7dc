/**
 * The blob store contract: one suite that every adapter of the port must pass.
 * `disk.test.ts` and `cloud-storage.test.ts` run it; an adapter is done when all of it passes.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BlobError, type BlobErrorCode, type BlobStore } from "./index";

export interface BlobHarness {
  store: BlobStore;
  /** Opens another store on the same backend and data, as a second server would. */
  openSecondStore: () => Promise<BlobStore>;
  /** Closes `store` and releases whatever the harness started. */
  cleanup: () => Promise<void>;
}

async function caught(action: () => unknown): Promise<unknown> {
  try {
    await action();
  } catch (error) {
    return error;
  }
  return undefined;
}

async function expectBlobError(action: () => unknown, code: BlobErrorCode, label = ""): Promise<void> {
  const error = await caught(action);
  expect(error, `expected a BlobError "${code}" ${label}`).toBeInstanceOf(BlobError);
  expect((error as BlobError).code, label).toBe(code);
}

function bytesOf(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** Every byte value, twice: catches text decoding and truncation at zero bytes. */
function allByteValues(): Uint8Array {
  const bytes = new Uint8Array(512);
  for (let i = 0; i < bytes.length; i++) bytes[i] = i % 256;
  return bytes;
}

export const INVALID_KEYS: readonly unknown[] = [
  "",
  "/photos/a.webp",
  "photos/",
  "photos//a.webp",
  "photos/../secret",
  "..",
  "./a",
  "photos/.hidden",
  ".meta",
  "Photos/a.webp",
  "photos/a b.webp",
  "photos\\a.webp",
  "photos/a%2e.webp",
  "photos/ñ.webp",
  "photos/a\u0000.webp",
  "photos/a?.webp",
  `photos/${"a".repeat(201)}`,
  `${"abcdefgh/".repeat(114)}x`,
  42,
  null,
  undefined,
];

/**
 * Runs the contract against one adapter. `open` makes a fresh, empty store (and whatever it
 * needs) for this suite; keys are prefixed with a random run id, so a shared backend is fine.
 */
export function describeBlobStoreContract(name: string, open: () => Promise<BlobHarness>): void {
  describe(`blob store contract: ${name}`, () => {
    let harness: BlobHarness;
    let store: BlobStore;
    const run = `run-${randomBytes(4).toString("hex")}`;
    let counter = 0;
    /** A fresh folder for one test. */
    const folder = () => `${run}/t${++counter}`;

    beforeAll(async () => {
      harness = await open();
      store = harness.store;
    });

    afterAll(async () => {
      await harness?.cleanup();
    });

    describe("put and get", () => {
      it("stores bytes with their content type and reads them back", async () => {
        const key = `${folder()}/photo.webp`;
        await store.put(key, allByteValues(), { contentType: "image/webp" });
        const blob = await store.get(key);
        expect(blob).not.toBeNull();
        expect(blob!.bytes).toBeInstanceOf(Uint8Array);
        expect(Array.from(blob!.bytes)).toEqual(Array.from(allByteValues()));
        expect(blob!.contentType).toBe("image/webp");
        expect(blob!.cacheControl).toBeUndefined();
      });

      it("keeps the cache control it was given", async () => {
        const key = `${folder()}/640.webp`;
        await store.put(key, bytesOf("x"), { contentType: "image/webp", cacheControl: "public, max-age=31536000, immutable" });
        expect((await store.get(key))?.cacheControl).toBe("public, max-age=31536000, immutable");
      });

      it("keeps the content type it was given, whatever the key's extension says", async () => {
        const base = folder();
        await store.put(`${base}/doc.bin`, bytesOf("%PDF-1.7"), { contentType: "application/pdf" });
        await store.put(`${base}/no-extension`, bytesOf("{}"), { contentType: "application/json; charset=utf-8" });
        await store.put(`${base}/photo.jpg`, bytesOf("text"), { contentType: "text/plain" });
        expect((await store.get(`${base}/doc.bin`))?.contentType).toBe("application/pdf");
        expect((await store.get(`${base}/no-extension`))?.contentType).toBe("application/json; charset=utf-8");
        expect((await store.get(`${base}/photo.jpg`))?.contentType).toBe("text/plain");
      });

      it("answers null for a key that holds nothing", async () => {
        expect(await store.get(`${folder()}/missing.webp`)).toBeNull();
      });

      it("stores an empty blob", async () => {
        const key = `${folder()}/empty.txt`;
        await store.put(key, new Uint8Array(0), { contentType: "text/plain" });
        const blob = await store.get(key);
        expect(blob?.bytes.byteLength).toBe(0);
        expect(await store.exists(key)).toBe(true);
      });

      it("stores only the bytes of a view, not the rest of its buffer", async () => {
        const key = `${folder()}/view.bin`;
        const whole = bytesOf("0123456789");
        await store.put(key, whole.subarray(3, 7), { contentType: "application/octet-stream" });
        expect(new TextDecoder().decode((await store.get(key))!.bytes)).toBe("3456");
      });

      it("accepts a Buffer", async () => {
        const key = `${folder()}/buffer.txt`;
        await store.put(key, Buffer.from("from a buffer"), { contentType: "text/plain" });
        expect(new TextDecoder().decode((await store.get(key))!.bytes)).toBe("from a buffer");
      });

      it("is not affected by changes to the caller's buffer after put returns, or to what get returned", async () => {
        const key = `${folder()}/copy.bin`;
        const bytes = bytesOf("original");
        await store.put(key, bytes, { contentType: "application/octet-stream" });
        bytes.fill(0);
        const first = await store.get(key);
        first!.bytes.fill(0);
        expect(new TextDecoder().decode((await store.get(key))!.bytes)).toBe("original");
      });

      it("replaces a blob's bytes, type and cache control on a second put", async () => {
        const key = `${folder()}/replaced.bin`;
        await store.put(key, bytesOf("first version, longer"), { contentType: "text/plain", cacheControl: "no-cache" });
        await store.put(key, bytesOf("second"), { contentType: "application/octet-stream" });
        const blob = await store.get(key);
        expect(new TextDecoder().decode(blob!.bytes)).toBe("second");
        expect(blob!.contentType).toBe("application/octet-stream");
        expect(blob!.cacheControl).toBeUndefined();
      });

      it("stores a 5 MB blob intact", async () => {
        const key = `${folder()}/large.bin`;
        const bytes = new Uint8Array(randomBytes(5 * 1024 * 1024));
        await store.put(key, bytes, { contentType: "application/octet-stream" });
        const blob = await store.get(key);
        expect(blob!.bytes.byteLength).toBe(bytes.byteLength);
        expect(Buffer.from(blob!.bytes).equals(Buffer.from(bytes))).toBe(true);
      });

      it("accepts every character keys allow, and deep paths", async () => {
        const key = `${folder()}/a-b_c.d/0.9/x/y/z/file_name-1.2.webp`;
        await store.put(key, bytesOf("deep"), { contentType: "image/webp" });
        expect(await store.exists(key)).toBe(true);
        expect(new TextDecoder().decode((await store.get(key))!.bytes)).toBe("deep");
      });

      it("keeps concurrent writes to different keys of one folder apart", async () => {
        const base = folder();
        await Promise.all(
          Array.from({ length: 12 }, (_, i) => store.put(`${base}/${i}.txt`, bytesOf(`blob ${i}`), { contentType: "text/plain" })),
        );
        const texts = await Promise.all(
          Array.from({ length: 12 }, async (_, i) => new TextDecoder().decode((await store.get(`${base}/${i}.txt`))!.bytes)),
        );
        expect(texts).toEqual(Array.from({ length: 12 }, (_, i) => `blob ${i}`));
      });

      it("leaves one whole version when the same key is written concurrently", async () => {
        const key = `${folder()}/raced.bin`;
        const versions = Array.from({ length: 6 }, (_, i) => new Uint8Array(64 * 1024).fill(i + 1));
        await Promise.all(versions.map((bytes) => store.put(key, bytes, { contentType: "application/octet-stream" })));
        const blob = await store.get(key);
        expect(blob!.bytes.byteLength).toBe(64 * 1024);
        const first = blob!.bytes[0];
        expect(first).toBeGreaterThanOrEqual(1);
        expect(blob!.bytes.every((byte) => byte === first)).toBe(true);
      });
    });

    describe("exists", () => {
      it("tells whether a key holds a blob", async () => {
        const base = folder();
        await store.put(`${base}/here.txt`, bytesOf("here"), { contentType: "text/plain" });
        expect(await store.exists(`${base}/here.txt`)).toBe(true);
        expect(await store.exists(`${base}/not-here.txt`)).toBe(false);
      });

      it("is false for a folder that only holds other blobs", async () => {
        const base = folder();
        await store.put(`${base}/inner/file.txt`, bytesOf("x"), { contentType: "text/plain" });
        expect(await store.exists(`${base}/inner`)).toBe(false);
        expect(await store.get(`${base}/inner`)).toBeNull();
      });
    });

    describe("delete", () => {
      it("removes a blob and leaves its neighbours", async () => {
        const base = folder();
        await store.put(`${base}/a.txt`, bytesOf("a"), { contentType: "text/plain" });
        await store.put(`${base}/b.txt`, bytesOf("b"), { contentType: "text/plain" });
        await store.delete(`${base}/a.txt`);
        expect(await store.get(`${base}/a.txt`)).toBeNull();
        expect(await store.exists(`${base}/a.txt`)).toBe(false);
        expect(await store.exists(`${base}/b.txt`)).toBe(true);
      });

      it("succeeds when there is nothing to delete, also for a folder", async () => {
        const base = folder();
        await store.delete(`${base}/never-written.txt`);
        await store.put(`${base}/inner/file.txt`, bytesOf("x"), { contentType: "text/plain" });
        await store.delete(`${base}/inner`);
        expect(await store.exists(`${base}/inner/file.txt`)).toBe(true);
      });

      it("lets a key be written again after it was deleted", async () => {
        const key = `${folder()}/only/child.txt`;
        await store.put(key, bytesOf("one"), { contentType: "text/plain" });
        await store.delete(key);
        await store.put(key, bytesOf("two"), { contentType: "text/plain" });
        expect(new TextDecoder().decode((await store.get(key))!.bytes)).toBe("two");
      });
    });

    describe("deletePrefix", () => {
      it("removes every blob under a folder, at any depth, and nothing else", async () => {
        const base = folder();
        const inside = [`${base}/photos/u1/a/320.webp`, `${base}/photos/u1/a/640.webp`, `${base}/photos/u1/b/c/d.webp`];
        const outside = [`${base}/photos/u10/a/320.webp`, `${base}/photos/u1.webp`, `${base}/photos/u2/a/320.webp`];
        await Promise.all([...inside, ...outside].map((key) => store.put(key, bytesOf(key), { contentType: "image/webp" })));
        await store.deletePrefix(`${base}/photos/u1`);
        for (const key of inside) expect(await store.exists(key), key).toBe(false);
        for (const key of outside) expect(await store.exists(key), key).toBe(true);
      });

      it("takes the folder with or without a trailing slash", async () => {
        const base = folder();
        await store.put(`${base}/x/1.txt`, bytesOf("1"), { contentType: "text/plain" });
        await store.put(`${base}/y/1.txt`, bytesOf("1"), { contentType: "text/plain" });
        await store.deletePrefix(`${base}/x/`);
        await store.deletePrefix(`${base}/y`);
        expect(await store.exists(`${base}/x/1.txt`)).toBe(false);
        expect(await store.exists(`${base}/y/1.txt`)).toBe(false);
      });

      it("removes more blobs than one listing page holds", async () => {
        const base = folder();
        const keys = Array.from({ length: 60 }, (_, i) => `${base}/many/${String(i).padStart(3, "0")}.txt`);
        await Promise.all(keys.map((key) => store.put(key, bytesOf(key), { contentType: "text/plain" })));
        await store.deletePrefix(`${base}/many`);
        const left = await Promise.all(keys.map((key) => store.exists(key)));
        expect(left.filter(Boolean)).toHaveLength(0);
      });

      it("succeeds when the folder is empty or missing, and when the prefix is a blob rather than a folder", async () => {
        const base = folder();
        await store.deletePrefix(`${base}/nothing-here`);
        await store.put(`${base}/file.txt`, bytesOf("kept"), { contentType: "text/plain" });
        await store.deletePrefix(`${base}/file.txt`);
        expect(await store.exists(`${base}/file.txt`)).toBe(true);
      });

      it("lets the folder be written again afterwards", async () => {
        const base = folder();
        await store.put(`${base}/again/1.txt`, bytesOf("old"), { contentType: "text/plain" });
        await store.deletePrefix(`${base}/again`);
        await store.put(`${base}/again/1.txt`, bytesOf("new"), { contentType: "text/plain" });
        expect(new TextDecoder().decode((await store.get(`${base}/again/1.txt`))!.bytes)).toBe("new");
      });
    });

    describe("validation", () => {
      it("refuses invalid keys in every method with invalid-argument", async () => {
        for (const key of INVALID_KEYS) {
          const label = `for key ${JSON.stringify(key)}`;
          await expectBlobError(() => store.put(key as string, bytesOf("x"), { contentType: "text/plain" }), "invalid-argument", label);
          await expectBlobError(() => store.get(key as string), "invalid-argument", label);
          await expectBlobError(() => store.exists(key as string), "invalid-argument", label);
          await expectBlobError(() => store.delete(key as string), "invalid-argument", label);
        }
      });

      it("refuses invalid or empty prefixes, so nothing can wipe the whole store", async () => {
        for (const prefix of ["", "/", "//", "../x", "a/../b", "A/b", ".tmp", 7]) {
          await expectBlobError(() => store.deletePrefix(prefix as string), "invalid-argument");
        }
      });

      it("refuses bytes that are not a Uint8Array", async () => {
        const key = `${folder()}/bad.txt`;
        for (const bytes of ["text", null, [1, 2, 3], new ArrayBuffer(4)]) {
          await expectBlobError(() => store.put(key, bytes as unknown as Uint8Array, { contentType: "text/plain" }), "invalid-argument");
        }
        expect(await store.exists(key)).toBe(false);
      });

      it("refuses a missing or malformed content type or cache control", async () => {
        const key = `${folder()}/bad.txt`;
        const bad: unknown[] = [
          undefined,
          {},
          { contentType: "" },
          { contentType: "webp" },
          { contentType: "image/webp\r\nX-Injected: 1" },
          { contentType: "image/webp", cacheControl: "public\nX-Injected: 1" },
          { contentType: "image/webp", cacheControl: 3600 },
        ];
        for (const options of bad) {
          await expectBlobError(() => store.put(key, bytesOf("x"), options as { contentType: string }), "invalid-argument");
        }
        expect(await store.exists(key)).toBe(false);
      });
    });

    describe("several stores", () => {
      it("sees what another store on the same backend wrote and deleted", async () => {
        const base = folder();
        const second = await harness.openSecondStore();
        try {
          await second.put(`${base}/shared.txt`, bytesOf("from the second store"), { contentType: "text/plain" });
          expect(new TextDecoder().decode((await store.get(`${base}/shared.txt`))!.bytes)).toBe("from the second store");
          await store.delete(`${base}/shared.txt`);
          expect(await second.exists(`${base}/shared.txt`)).toBe(false);
        } finally {
          await second.close();
        }
      });

      it("fails every call with unavailable once closed, without disturbing the others", async () => {
        const base = folder();
        const second = await harness.openSecondStore();
        await second.put(`${base}/kept.txt`, bytesOf("kept"), { contentType: "text/plain" });
        await second.close();
        await expectBlobError(() => second.put(`${base}/x.txt`, bytesOf("x"), { contentType: "text/plain" }), "unavailable");
        await expectBlobError(() => second.get(`${base}/kept.txt`), "unavailable");
        await expectBlobError(() => second.exists(`${base}/kept.txt`), "unavailable");
        await expectBlobError(() => second.delete(`${base}/kept.txt`), "unavailable");
        await expectBlobError(() => second.deletePrefix(base), "unavailable");
        await second.close();
        expect(await store.exists(`${base}/kept.txt`)).toBe(true);
      });
    });
  });
}
