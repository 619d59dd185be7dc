/**
 * The embedded blob store: one file per blob under `<dataDir>/blobs/`, at the key's path, so an
 * operator can see, back up and copy them with ordinary tools (`blobs/photos/…/640.webp`).
 *
 * - The content type (and cache control) lives in a hidden sidecar beside the file,
 *   `.<name>.meta.json`; a file without one (copied in by hand) gets the type its extension
 *   suggests. Keys cannot begin a segment with a dot, so sidecars and the store's own folders
 *   (`.tmp`, `.trash`) are never reachable as keys.
 * - Writes are atomic: bytes go to a temp file in `blobs/.tmp/`, are flushed to disk (fsync),
 *   then renamed over the target (sidecar first, then the file). A reader sees the old blob or
 *   the new one, never a mix. A crash can leave a temp file behind; temp and trash entries older
 *   than an hour are removed when a store opens.
 * - `deletePrefix` first renames the folder into `blobs/.trash/` (one atomic step: the blobs
 *   disappear together), then removes it. Emptied folders are pruned after deletes.
 * - Several stores (processes) may share a data directory.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp, { type FileHandle } from "node:fs/promises";
import path from "node:path";
import {
  BlobError,
  contentTypeFromKey,
  validateBlobKey,
  validateBlobPrefix,
  validateBytes,
  validatePutOptions,
  type BlobStore,
  type PutOptions,
  type StoredBlob,
} from "./index";

export const BLOBS_DIRECTORY = "blobs";
const TEMP_DIRECTORY = ".tmp";
const TRASH_DIRECTORY = ".trash";
const STALE_AFTER_MS = 60 * 60 * 1000;
/** How often a write retries when a concurrent delete pruned its folder in between. */
const PRUNE_RACE_RETRIES = 5;

interface Sidecar {
  contentType: string;
  cacheControl?: string;
}

/** A file-system error's code (`ENOENT`, `ENOTDIR` …), or undefined for anything else. */
export function errnoCode(error: unknown): string | undefined {
  return error && typeof error === "object" && "code" in error && typeof error.code === "string" ? error.code : undefined;
}

/** Maps a file-system error to a BlobError (BlobErrors pass through unchanged). */
export function toBlobError(error: unknown, action: string): BlobError {
  if (error instanceof BlobError) return error;
  const code = errnoCode(error);
  const message = `${action}: ${error instanceof Error ? error.message : String(error)}`;
  switch (code) {
    case "ENOTDIR":
    case "EISDIR":
    case "EEXIST":
    case "ENOTEMPTY":
      return new BlobError("failed-precondition", `${message} (a key cannot also be the folder of another key)`, { cause: error });
    case "ENOSPC":
    case "EDQUOT":
    case "EFBIG":
    case "ENAMETOOLONG":
      return new BlobError("resource-exhausted", message, { cause: error });
    case "EACCES":
    case "EPERM":
    case "EROFS":
      return new BlobError("permission-denied", message, { cause: error });
    case "EMFILE":
    case "ENFILE":
    case "EIO":
    case "EBUSY":
    case "EAGAIN":
      return new BlobError("unavailable", message, { cause: error });
    default:
      return new BlobError("internal", message, { cause: error });
  }
}

function asUint8Array(buffer: Buffer): Uint8Array {
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

function parseSidecar(text: string): Sidecar | null {
  try {
    const parsed = JSON.parse(text) as Partial<Sidecar>;
    if (typeof parsed.contentType !== "string") return null;
    return typeof parsed.cacheControl === "string"
      ? { contentType: parsed.contentType, cacheControl: parsed.cacheControl }
      : { contentType: parsed.contentType };
  } catch {
    return null;
  }
}

/** Removes entries of `dir` last changed more than an hour ago (leftovers of a crash). */
function removeStaleEntries(dir: string): void {
  let entries: string[];
  try {
    entries = fs.readdirSync(dir);
  } catch {
    return;
  }
  const cutoff = Date.now() - STALE_AFTER_MS;
  for (const entry of entries) {
    const full = path.join(dir, entry);
    try {
      if (fs.lstatSync(full).mtimeMs < cutoff) fs.rmSync(full, { recursive: true, force: true });
    } catch {
      // Another process removed it first.
    }
  }
}

export class DiskBlobStore implements BlobStore {
  readonly backend = "embedded" as const;
  /** `<dataDir>/blobs`, absolute. */
  readonly root: string;
  private readonly tempDir: string;
  private readonly trashDir: string;
  private closed = false;

  constructor(options: { dataDir: string }) {
    if (options.dataDir === ":memory:") {
      throw new BlobError("invalid-argument", "The disk blob store needs a real data directory, not :memory:");
    }
    this.root = path.resolve(options.dataDir, BLOBS_DIRECTORY);
    this.tempDir = path.join(this.root, TEMP_DIRECTORY);
    this.trashDir = path.join(this.root, TRASH_DIRECTORY);
    try {
      fs.mkdirSync(this.tempDir, { recursive: true });
      fs.mkdirSync(this.trashDir, { recursive: true });
    } catch (error) {
      throw toBlobError(error, `Cannot create ${this.root}`);
    }
    removeStaleEntries(this.tempDir);
    removeStaleEntries(this.trashDir);
  }

  /** The file that holds the blob at `key` (which must be valid). */
  filePath(key: string): string {
    return path.join(this.root, ...key.split("/"));
  }

  private sidecarPath(file: string): string {
    return path.join(path.dirname(file), `.${path.basename(file)}.meta.json`);
  }

  private assertOpen(): void {
    if (this.closed) throw new BlobError("unavailable", "The blob store is closed");
  }

  async put(key: string, bytes: Uint8Array, options: PutOptions): Promise<void> {
    this.assertOpen();
    validateBlobKey(key);
    validateBytes(bytes);
    const { contentType, cacheControl } = validatePutOptions(options);
    const file = this.filePath(key);
    const sidecar: Sidecar = cacheControl === undefined ? { contentType } : { contentType, cacheControl };
    // Checked first, so a refused write leaves no sidecar behind.
    const existing = await fsp.lstat(file).catch(() => null);
    if (existing?.isDirectory()) {
      throw new BlobError("failed-precondition", `Cannot write blob "${key}": it is the folder of other blobs`);
    }
    const dataTemp = await this.writeTemp(bytes);
    let metaTemp: string | undefined;
    try {
      metaTemp = await this.writeTemp(Buffer.from(JSON.stringify(sidecar)));
      await this.renameIntoPlace([
        [metaTemp, this.sidecarPath(file)],
        [dataTemp, file],
      ]);
    } catch (error) {
      await Promise.all([fsp.rm(dataTemp, { force: true }), metaTemp ? fsp.rm(metaTemp, { force: true }) : undefined]);
      throw toBlobError(error, `Cannot write blob "${key}"`);
    }
  }

  async get(key: string): Promise<StoredBlob | null> {
    this.assertOpen();
    validateBlobKey(key);
    const file = this.filePath(key);
    let data: Buffer;
    try {
      data = await fsp.readFile(file);
    } catch (error) {
      const code = errnoCode(error);
      if (code === "ENOENT" || code === "EISDIR" || code === "ENOTDIR") return null;
      throw toBlobError(error, `Cannot read blob "${key}"`);
    }
    let sidecar: Sidecar | null = null;
    try {
      sidecar = parseSidecar(await fsp.readFile(this.sidecarPath(file), "utf8"));
    } catch (error) {
      if (errnoCode(error) !== "ENOENT") throw toBlobError(error, `Cannot read the metadata of blob "${key}"`);
    }
    const contentType = sidecar?.contentType ?? contentTypeFromKey(key);
    const blob: StoredBlob = { bytes: asUint8Array(data), contentType };
    if (sidecar?.cacheControl !== undefined) blob.cacheControl = sidecar.cacheControl;
    return blob;
  }

  async exists(key: string): Promise<boolean> {
    this.assertOpen();
    validateBlobKey(key);
    try {
      return (await fsp.stat(this.filePath(key))).isFile();
    } catch (error) {
      const code = errnoCode(error);
      if (code === "ENOENT" || code === "ENOTDIR") return false;
      throw toBlobError(error, `Cannot check blob "${key}"`);
    }
  }

  async delete(key: string): Promise<void> {
    this.assertOpen();
    validateBlobKey(key);
    const file = this.filePath(key);
    try {
      const stat = await fsp.lstat(file).catch((error: unknown) => {
        if (errnoCode(error) === "ENOENT" || errnoCode(error) === "ENOTDIR") return null;
        throw error;
      });
      // A key that names a folder holds no blob: nothing to delete.
      if (stat === null || stat.isDirectory()) return;
      await fsp.rm(file, { force: true });
      await fsp.rm(this.sidecarPath(file), { force: true });
    } catch (error) {
      throw toBlobError(error, `Cannot delete blob "${key}"`);
    }
    await this.pruneEmptyFolders(path.dirname(file));
  }

  async deletePrefix(prefix: string): Promise<void> {
    this.assertOpen();
    const folder = this.filePath(validateBlobPrefix(prefix));
    const trash = path.join(this.trashDir, randomBytes(12).toString("hex"));
    try {
      const stat = await fsp.lstat(folder).catch((error: unknown) => {
        if (errnoCode(error) === "ENOENT" || errnoCode(error) === "ENOTDIR") return null;
        throw error;
      });
      if (stat === null || !stat.isDirectory()) return;
      try {
        await fsp.rename(folder, trash);
      } catch (error) {
        // Someone else removed it in the meantime.
        if (errnoCode(error) === "ENOENT") return;
        throw error;
      }
      await fsp.rm(trash, { recursive: true, force: true });
    } catch (error) {
      throw toBlobError(error, `Cannot delete the blobs under "${prefix}"`);
    }
    await this.pruneEmptyFolders(path.dirname(folder));
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  /** Writes `bytes` to a new temp file, flushed to disk, and returns its path. */
  private async writeTemp(bytes: Uint8Array): Promise<string> {
    const temp = path.join(this.tempDir, `${randomBytes(12).toString("hex")}.tmp`);
    let handle: FileHandle | undefined;
    try {
      // The temp folder may have been removed by hand while the store was open.
      await fsp.mkdir(this.tempDir, { recursive: true });
      handle = await fsp.open(temp, "wx", 0o644);
      await handle.writeFile(bytes);
      await handle.sync();
    } catch (error) {
      await handle?.close().catch(() => undefined);
      await fsp.rm(temp, { force: true });
      throw toBlobError(error, "Cannot write a temp file");
    }
    await handle.close();
    return temp;
  }

  /**
   * Renames each temp file onto its target, creating the target's folder. A concurrent delete
   * may prune that folder between mkdir and rename: then the folder is made again.
   */
  private async renameIntoPlace(moves: ReadonlyArray<readonly [from: string, to: string]>): Promise<void> {
    for (const [from, to] of moves) {
      for (let attempt = 0; ; attempt++) {
        await fsp.mkdir(path.dirname(to), { recursive: true });
        try {
          await fsp.rename(from, to);
          break;
        } catch (error) {
          if (errnoCode(error) !== "ENOENT" || attempt >= PRUNE_RACE_RETRIES) throw error;
        }
      }
    }
    await this.syncFolder(path.dirname(moves[moves.length - 1][1]));
  }

  /** Flushes a folder's entries (the renames) to disk; a no-op where folders cannot be opened. */
  private async syncFolder(dir: string): Promise<void> {
    let handle: FileHandle | undefined;
    try {
      handle = await fsp.open(dir, "r");
      await handle.sync();
    } catch {
      // Windows cannot fsync a folder; the rename is still atomic there.
    } finally {
      await handle?.close().catch(() => undefined);
    }
  }

  /** Removes `dir` and its parents while they are empty, up to (not including) the root. */
  private async pruneEmptyFolders(dir: string): Promise<void> {
    let current = dir;
    while (current.startsWith(this.root + path.sep)) {
      try {
        await fsp.rmdir(current);
      } catch {
        // Not empty (or already gone, or in use): stop here.
        return;
      }
      current = path.dirname(current);
    }
  }
}
