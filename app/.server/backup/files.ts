/** The file work of backups and restores: empty folders, hashed copies, the blobs' checksum list. */
import { createHash } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { errnoCode } from "../blobs/disk";

/** The blob store's own folders (temp files being written, deleted folders being removed): never copied. */
const BLOB_STORE_FOLDERS = new Set([".tmp", ".trash"]);
/** A file-system root's own folder (a mounted volume): a DATA_DIR holding only it counts as empty. */
const IGNORED_IN_EMPTY = new Set(["lost+found"]);

/** True when `dir` does not exist or holds nothing (but `lost+found`). False for a file. */
export function isEmptyDir(dir: string): boolean {
  try {
    return fs.readdirSync(dir).every((entry) => IGNORED_IN_EMPTY.has(entry));
  } catch (error) {
    if (errnoCode(error) === "ENOENT") return true;
    if (errnoCode(error) === "ENOTDIR") return false;
    throw error;
  }
}

export function sha256(bytes: Uint8Array | string): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** Streams a file through SHA-256 (a database may be large). */
export async function hashFile(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

export type CopiedFile = { path: string; size: number; sha256: string };

/** Files up to this size are read and written synchronously (well under a millisecond each); larger ones through the thread pool. */
const SYNC_COPY_BYTES = 1024 * 1024;
/** The longest a run of synchronous copies holds the event loop before letting it turn. */
const SLICE_MS = 8;

/**
 * Copies every file under `from` to `to` (same relative paths), each read once, hashed and
 * written, leaving out the blob store's `.tmp` and `.trash`. A file or folder that disappears
 * while the walk reaches it (deleted meanwhile) is skipped. Returns what was copied, with paths
 * relative to `from`, `/`-separated.
 *
 * Small files are copied synchronously in slices of a few milliseconds, the event loop turning
 * between slices: on a busy server each asynchronous file operation waits for a turn of the loop,
 * and a blob copied through four of them took a second there (decision 050).
 */
export async function copyTree(from: string, to: string): Promise<CopiedFile[]> {
  const copied: CopiedFile[] = [];
  let sliceStart = performance.now();
  const walk = async (relative: string): Promise<void> => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(path.join(from, relative), { withFileTypes: true });
    } catch (error) {
      if (errnoCode(error) === "ENOENT" || errnoCode(error) === "ENOTDIR") return;
      throw error;
    }
    for (const entry of entries) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!relative && BLOB_STORE_FOLDERS.has(entry.name)) continue;
        await walk(child);
      } else if (entry.isFile()) {
        const file = await copyOne(path.join(from, child), path.join(to, child));
        if (file) copied.push({ path: child, ...file });
      }
      if (performance.now() - sliceStart > SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
    }
  };
  await walk("");
  return copied;
}

/** Copies one file (hashing it); null when it is gone. */
export async function copyOne(from: string, to: string): Promise<{ size: number; sha256: string } | null> {
  let bytes: Buffer;
  try {
    const size = fs.statSync(from).size;
    bytes = size <= SYNC_COPY_BYTES ? fs.readFileSync(from) : await fsp.readFile(from);
  } catch (error) {
    if (errnoCode(error) === "ENOENT" || errnoCode(error) === "EISDIR" || errnoCode(error) === "ENOTDIR") return null;
    throw error;
  }
  fs.mkdirSync(path.dirname(to), { recursive: true });
  if (bytes.length <= SYNC_COPY_BYTES) fs.writeFileSync(to, bytes, { flag: "wx" });
  else await fsp.writeFile(to, bytes, { flag: "wx" });
  return { size: bytes.length, sha256: sha256(bytes) };
}

/** The blobs' checksum list, in `sha256sum` format (checked with `sha256sum -c` from the backup's folder). */
export function checksumList(files: readonly CopiedFile[], prefix: string): string {
  return [...files]
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map((file) => `${file.sha256}  ${prefix}/${file.path}\n`)
    .join("");
}

/** Parses a `sha256sum` list back: path → hash. */
export function parseChecksumList(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const line of text.split("\n")) {
    const match = /^([0-9a-f]{64}) {2}(.+)$/.exec(line);
    if (match) entries.set(match[2]!, match[1]!);
  }
  return entries;
}

/** Flushes a file or folder to disk. */
export async function syncPath(target: string): Promise<void> {
  const handle = await fsp.open(target, "r").catch(() => null);
  if (!handle) return;
  try {
    await handle.sync();
  } catch {
    // A folder cannot be flushed everywhere; the rename that follows is still atomic.
  } finally {
    await handle.close();
  }
}
