/**
 * A whole backup of the embedded backend's DATA_DIR, made while the server keeps serving
 * (decision 050): the database at one moment (SQLite's online backup), then the blobs, then a
 * check that every blob the copied documents point at was copied, then the manifest; all in a
 * hidden folder beside the target, renamed to the target at the end.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { BLOBS_DIRECTORY } from "../blobs/disk";
import { DATABASE_FILE, DatabaseReader, SCHEMA_VERSION, snapshotDatabase, type SnapshotResult } from "../store/sqlite-backup";
import { referencedBlobKeys } from "./blob-references";
import { checksumList, copyOne, copyTree, hashFile, isEmptyDir, syncPath } from "./files";

export const MANIFEST_FILE = "manifest.json";
export const BLOB_CHECKSUMS_FILE = "blobs.sha256";
export const SESSION_SECRET_FILE = "session-secret";
export const BACKUP_FORMAT = "amarre-backup";

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  formatVersion: 1;
  /** package.json's version of the code that wrote it. */
  appVersion: string;
  /** The database's schema (`PRAGMA user_version`); a restore refuses one newer than its code. */
  schemaVersion: number;
  snapshot: SnapshotResult;
  database: { file: string; bytes: number; sha256: string; documents: number; counts: Record<string, number> };
  blobs: {
    /** Files under `blobs/` (blobs and their content-type sidecars), their bytes, and their checksums' list. */
    files: number;
    bytes: number;
    checksums: string;
    /** Blob keys the documents point at, all of them copied. */
    referenced: number;
    /** Keys the documents point at that the live store did not hold either (its own dangling references, copied as they are). */
    danglingInStore: string[];
  };
  sessionSecret: boolean;
  /** The whole backup's attempts (a blob deleted after the moment makes it start again) and its time. */
  attempts: number;
  finishedAt: string;
  durationMs: number;
};

export type BackupErrorCode = "no-database" | "target-not-empty" | "inconsistent" | "not-a-backup" | "data-dir-not-empty" | "schema-too-new" | "damaged";

export class BackupError extends Error {
  override readonly name = "BackupError";
  constructor(
    readonly code: BackupErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** How many times a backup starts again when a blob its snapshot points at was deleted during the copy. */
const MAX_ATTEMPTS = 3;

export function appVersion(): string {
  if (process.env.npm_package_version) return process.env.npm_package_version;
  try {
    const version = (JSON.parse(fs.readFileSync(path.resolve("package.json"), "utf8")) as { version?: unknown }).version;
    return typeof version === "string" ? version : "unknown";
  } catch {
    return "unknown";
  }
}

/**
 * Backs up `dataDir` into `target` (absent or empty), and returns the manifest written there.
 * Throws a BackupError `no-database` / `target-not-empty` before writing anything, `inconsistent`
 * when blobs kept disappearing under it.
 */
export async function createBackup(options: {
  dataDir: string;
  target: string;
  /** Called after each attempt's database copy, before its blobs are copied (tests: a photo replaced right then). */
  afterSnapshot?: (attempt: number) => Promise<void>;
}): Promise<BackupManifest> {
  const began = performance.now();
  const dataDir = path.resolve(options.dataDir);
  const target = path.resolve(options.target);
  const databaseFile = path.join(dataDir, DATABASE_FILE);
  if (!fs.existsSync(databaseFile)) throw new BackupError("no-database", `DATA_DIR ${dataDir} holds no database (${DATABASE_FILE}): nothing to back up.`);
  if (!isEmptyDir(target)) throw new BackupError("target-not-empty", `${target} exists and is not empty: a backup goes into a new or empty folder.`);
  if (target === dataDir || target.startsWith(dataDir + path.sep)) throw new BackupError("target-not-empty", `${target} is inside DATA_DIR: a backup goes outside it.`);
  await fsp.mkdir(path.dirname(target), { recursive: true });
  const staging = path.join(path.dirname(target), `.${path.basename(target)}.partial-${randomBytes(6).toString("hex")}`);
  try {
    for (let attempt = 1; ; attempt++) {
      await fsp.rm(staging, { recursive: true, force: true });
      await fsp.mkdir(staging);
      const made = await attemptBackup(dataDir, staging, () => options.afterSnapshot?.(attempt));
      if (made.deletedMeanwhile.length > 0) {
        if (attempt < MAX_ATTEMPTS) continue;
        throw new BackupError(
          "inconsistent",
          `Blobs the database pointed at were deleted while they were copied, ${MAX_ATTEMPTS} times in a row (${made.deletedMeanwhile.slice(0, 3).join(", ")}…): try again when fewer photos are being removed.`,
        );
      }
      const manifest: BackupManifest = {
        ...made.manifest,
        attempts: attempt,
        finishedAt: new Date().toISOString(),
        durationMs: Math.round(performance.now() - began),
      };
      const manifestFile = path.join(staging, MANIFEST_FILE);
      await fsp.writeFile(manifestFile, JSON.stringify(manifest, null, 2) + "\n");
      await syncPath(manifestFile);
      await syncPath(staging);
      // The manifest is written last and the folder takes its name whole: a folder named like a
      // backup is a whole one. (An empty target is replaced by the rename.)
      await fsp.rename(staging, target);
      await syncPath(path.dirname(target));
      return manifest;
    }
  } catch (error) {
    await fsp.rm(staging, { recursive: true, force: true }).catch(() => undefined);
    throw error;
  }
}

type Attempt = { manifest: Omit<BackupManifest, "attempts" | "finishedAt" | "durationMs">; deletedMeanwhile: string[] };

async function attemptBackup(dataDir: string, staging: string, afterSnapshot: () => Promise<void> | undefined): Promise<Attempt> {
  const copiedDatabase = path.join(staging, DATABASE_FILE);
  const snapshot = await snapshotDatabase(path.join(dataDir, DATABASE_FILE), copiedDatabase);
  await afterSnapshot();
  // Blobs are written before the documents that point at them and deleted after, so every blob the
  // snapshot points at was on disk at its moment; copied after it, it is there unless it was
  // deleted since (checked below). Blobs written after the moment are copied too, unreferenced.
  const liveBlobs = path.join(dataDir, BLOBS_DIRECTORY);
  const copiedBlobs = path.join(staging, BLOBS_DIRECTORY);
  await fsp.mkdir(copiedBlobs);
  const files = await copyTree(liveBlobs, copiedBlobs);
  const copied = new Set(files.map((file) => file.path));

  const reader = new DatabaseReader(copiedDatabase);
  let schemaVersion: number;
  let counts: Record<string, number>;
  let referenced: Set<string>;
  try {
    schemaVersion = reader.schemaVersion();
    counts = reader.counts();
    referenced = await referencedBlobKeys(reader);
  } finally {
    reader.close();
  }
  const missing: string[] = [];
  for (const key of referenced) {
    if (copied.has(key)) continue;
    // Written after the walk passed its folder (a folder pruned and made again): copy it now.
    const late = await copyOne(path.join(liveBlobs, key), path.join(copiedBlobs, key));
    if (late) files.push({ path: key, ...late });
    else missing.push(key);
  }
  let deletedMeanwhile: string[] = [];
  let danglingInStore: string[] = [];
  if (missing.length > 0) {
    // Missing from disk: the live store either still points at it (its own dangling reference,
    // which a backup cannot mend) or no longer does (deleted after the moment: start again).
    const live = new DatabaseReader(path.join(dataDir, DATABASE_FILE));
    let stillReferenced: Set<string>;
    try {
      stillReferenced = await referencedBlobKeys(live);
    } finally {
      live.close();
    }
    danglingInStore = missing.filter((key) => stillReferenced.has(key)).sort();
    deletedMeanwhile = missing.filter((key) => !stillReferenced.has(key));
  }

  const secret = path.join(dataDir, SESSION_SECRET_FILE);
  const sessionSecret = (await copyOne(secret, path.join(staging, SESSION_SECRET_FILE))) !== null;
  if (sessionSecret) await fsp.chmod(path.join(staging, SESSION_SECRET_FILE), 0o600);
  const checksums = checksumList(files, BLOBS_DIRECTORY);
  await fsp.writeFile(path.join(staging, BLOB_CHECKSUMS_FILE), checksums);
  const databaseBytes = (await fsp.stat(copiedDatabase)).size;
  return {
    deletedMeanwhile,
    manifest: {
      format: BACKUP_FORMAT,
      formatVersion: 1,
      appVersion: appVersion(),
      schemaVersion,
      snapshot,
      database: {
        file: DATABASE_FILE,
        bytes: databaseBytes,
        sha256: await hashFile(copiedDatabase),
        documents: Object.values(counts).reduce((sum, n) => sum + n, 0),
        counts,
      },
      blobs: {
        files: files.length,
        bytes: files.reduce((sum, file) => sum + file.size, 0),
        checksums: BLOB_CHECKSUMS_FILE,
        referenced: referenced.size,
        danglingInStore,
      },
      sessionSecret,
    },
  };
}

export { SCHEMA_VERSION };
