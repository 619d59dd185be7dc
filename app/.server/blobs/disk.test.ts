import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { describeBlobStoreContract } from "./blobs.contract";
import { createBlobStore } from "./create-blobs";
import { BLOBS_DIRECTORY, DiskBlobStore, toBlobError } from "./disk";
import { BlobError, contentTypeFromKey, isBlobError, keySegment, validateBlobKey } from "./index";

const tempDirs: string[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-blobs-"));
  tempDirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describeBlobStoreContract("disk", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-blobs-contract-"));
  const store = new DiskBlobStore({ dataDir });
  return {
    store,
    openSecondStore: async () => new DiskBlobStore({ dataDir }),
    cleanup: async () => {
      await store.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
});

/** Every file under `dir`, relative, sorted (hidden ones included). */
function listFiles(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe("disk adapter", () => {
  it("keeps each blob as a plain file at its key under <dataDir>/blobs, with a hidden sidecar and no temp files left", async () => {
    const dataDir = path.join(tempDir(), "nested", "data");
    const store = await createBlobStore({ backend: "embedded", dataDir });
    expect(store.backend).toBe("embedded");
    await store.put("photos/boats/b1/k3j/640.webp", new Uint8Array([1, 2, 3]), { contentType: "image/webp", cacheControl: "public, max-age=60" });
    const root = path.join(dataDir, BLOBS_DIRECTORY);
    expect(fs.readFileSync(path.join(root, "photos/boats/b1/k3j/640.webp"))).toEqual(Buffer.from([1, 2, 3]));
    expect(JSON.parse(fs.readFileSync(path.join(root, "photos/boats/b1/k3j/.640.webp.meta.json"), "utf8"))).toEqual({
      contentType: "image/webp",
      cacheControl: "public, max-age=60",
    });
    expect(listFiles(root)).toEqual(["photos/boats/b1/k3j/.640.webp.meta.json", "photos/boats/b1/k3j/640.webp"]);
    await store.close();
  });

  it("keeps its blobs across reopening", async () => {
    const dataDir = tempDir();
    const first = new DiskBlobStore({ dataDir });
    await first.put("docs/case-1/id.pdf", Buffer.from("%PDF-1.7"), { contentType: "application/pdf" });
    await first.close();
    const second = new DiskBlobStore({ dataDir });
    const blob = await second.get("docs/case-1/id.pdf");
    expect(Buffer.from(blob!.bytes).toString()).toBe("%PDF-1.7");
    expect(blob!.contentType).toBe("application/pdf");
  });

  it("serves a file copied in by hand, typed by its extension", async () => {
    const dataDir = tempDir();
    const store = new DiskBlobStore({ dataDir });
    const file = path.join(dataDir, BLOBS_DIRECTORY, "photos/imported/1/320.webp");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, "RIFF....WEBP");
    expect(await store.get("photos/imported/1/320.webp")).toEqual({ bytes: new Uint8Array(Buffer.from("RIFF....WEBP")), contentType: "image/webp" });
    fs.writeFileSync(path.join(path.dirname(file), "notes"), "x");
    expect((await store.get("photos/imported/1/notes"))?.contentType).toBe("application/octet-stream");
  });

  it("falls back to the extension when a sidecar is unreadable", async () => {
    const dataDir = tempDir();
    const store = new DiskBlobStore({ dataDir });
    await store.put("a/b.png", new Uint8Array([1]), { contentType: "image/png" });
    fs.writeFileSync(path.join(dataDir, BLOBS_DIRECTORY, "a/.b.png.meta.json"), "{not json");
    expect((await store.get("a/b.png"))?.contentType).toBe("image/png");
  });

  it("prunes folders that deletes leave empty, up to the blobs folder", async () => {
    const dataDir = tempDir();
    const store = new DiskBlobStore({ dataDir });
    const root = path.join(dataDir, BLOBS_DIRECTORY);
    await store.put("photos/u1/p1/320.webp", new Uint8Array([1]), { contentType: "image/webp" });
    await store.put("photos/u1/p2/320.webp", new Uint8Array([2]), { contentType: "image/webp" });
    await store.delete("photos/u1/p1/320.webp");
    expect(fs.existsSync(path.join(root, "photos/u1/p1"))).toBe(false);
    expect(fs.existsSync(path.join(root, "photos/u1/p2"))).toBe(true);
    await store.deletePrefix("photos/u1/p2");
    expect(fs.readdirSync(root).sort()).toEqual([".tmp", ".trash"]);
    expect(fs.readdirSync(path.join(root, ".trash"))).toEqual([]);
  });

  it("refuses a key that would need a file where a folder is, or the reverse, with failed-precondition", async () => {
    const store = new DiskBlobStore({ dataDir: tempDir() });
    await store.put("a/b", new Uint8Array([1]), { contentType: "text/plain" });
    await expect(store.put("a/b/c", new Uint8Array([2]), { contentType: "text/plain" })).rejects.toMatchObject({ code: "failed-precondition" });
    await store.put("x/y/z", new Uint8Array([3]), { contentType: "text/plain" });
    await expect(store.put("x/y", new Uint8Array([4]), { contentType: "text/plain" })).rejects.toMatchObject({ code: "failed-precondition" });
    expect(await store.exists("a/b")).toBe(true);
    expect(await store.exists("a/b/c")).toBe(false);
    expect(await store.exists("x/y/z")).toBe(true);
    expect(fs.readdirSync(path.join(store.root, ".tmp"))).toEqual([]);
    expect(listFiles(path.join(store.root, "x"))).toEqual(["y/.z.meta.json", "y/z"]);
  });

  it("removes temp and trash leftovers older than an hour when it opens, and keeps newer ones", () => {
    const dataDir = tempDir();
    new DiskBlobStore({ dataDir });
    const root = path.join(dataDir, BLOBS_DIRECTORY);
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.writeFileSync(path.join(root, ".tmp", "old.tmp"), "x");
    fs.utimesSync(path.join(root, ".tmp", "old.tmp"), old, old);
    fs.writeFileSync(path.join(root, ".tmp", "fresh.tmp"), "x");
    fs.mkdirSync(path.join(root, ".trash", "old", "deep"), { recursive: true });
    fs.utimesSync(path.join(root, ".trash", "old"), old, old);
    new DiskBlobStore({ dataDir });
    expect(fs.readdirSync(path.join(root, ".tmp"))).toEqual(["fresh.tmp"]);
    expect(fs.readdirSync(path.join(root, ".trash"))).toEqual([]);
  });

  it("refuses :memory: as a data directory", () => {
    expect(() => new DiskBlobStore({ dataDir: ":memory:" })).toThrowError(expect.objectContaining({ code: "invalid-argument" }) as unknown as Error);
  });

  it("maps file-system errors to blob error codes", () => {
    const errno = (code: string) => Object.assign(new Error(code), { code });
    expect(toBlobError(errno("ENOSPC"), "write").code).toBe("resource-exhausted");
    expect(toBlobError(errno("EACCES"), "write").code).toBe("permission-denied");
    expect(toBlobError(errno("EROFS"), "write").code).toBe("permission-denied");
    expect(toBlobError(errno("ENOTDIR"), "write").code).toBe("failed-precondition");
    expect(toBlobError(errno("EMFILE"), "write").code).toBe("unavailable");
    expect(toBlobError(errno("EIO"), "write").code).toBe("unavailable");
    expect(toBlobError(new Error("odd"), "write").code).toBe("internal");
    const mapped = toBlobError(errno("ENOSPC"), "Cannot write blob");
    expect(mapped.message).toMatch(/^Cannot write blob: /);
    expect(mapped.cause).toBeInstanceOf(Error);
    const original = new BlobError("invalid-argument", "bad");
    expect(toBlobError(original, "x")).toBe(original);
  });

  // root ignores file modes, so there the folder is not read-only to the store.
  it.skipIf(process.getuid?.() === 0)("fails with permission-denied when the blobs folder is read-only (not as root)", async () => {
    const store = new DiskBlobStore({ dataDir: tempDir() });
    fs.chmodSync(store.root, 0o555);
    try {
      await expect(store.put("new/file.txt", new Uint8Array([1]), { contentType: "text/plain" })).rejects.toMatchObject({ code: "permission-denied" });
    } finally {
      fs.chmodSync(store.root, 0o755);
    }
  });
});

describe("blob keys", () => {
  it("accepts relative lowercase paths", () => {
    for (const key of ["a", "photos/u1/abc/640.webp", "docs/case_1/id-card.v2.pdf", "0/1/2"]) expect(validateBlobKey(key)).toBe(key);
  });

  it("turns any string into one valid, distinct segment", () => {
    expect(keySegment("foobar")).toBe("mzxw6ytboi");
    expect(keySegment("AbC")).toBe("ifreg");
    const ids = ["AbCdEf0123456789xyZW", "abcdef0123456789xyzw", "ñandú", "a/b", "..", "x"];
    const segments = ids.map(keySegment);
    expect(new Set(segments).size).toBe(ids.length);
    for (const segment of segments) expect(validateBlobKey(`photos/${segment}/1.webp`)).toBeTruthy();
  });

  it("names the content type of common extensions", () => {
    expect(contentTypeFromKey("a/b/640.webp")).toBe("image/webp");
    expect(contentTypeFromKey("a/photo.jpeg")).toBe("image/jpeg");
    expect(contentTypeFromKey("a/doc.pdf")).toBe("application/pdf");
    expect(contentTypeFromKey("a/unknown.xyz")).toBe("application/octet-stream");
    expect(contentTypeFromKey("a/no-extension")).toBe("application/octet-stream");
  });

  it("recognises its errors by name", () => {
    expect(isBlobError(new BlobError("unavailable", "closed"), "unavailable")).toBe(true);
    expect(isBlobError(new BlobError("unavailable", "closed"), "internal")).toBe(false);
    expect(isBlobError(new Error("other"))).toBe(false);
  });
});
