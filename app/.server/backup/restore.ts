/**
 * Fills an empty DATA_DIR from a whole backup (decision 050): the backup is checked first (its
 * manifest, its schema against this code's, every file against its checksum), the files are
 * copied, and the database, copied under a temporary name, becomes `amarre.sqlite` only once
 * `PRAGMA integrity_check` passed on the copy. A restore stopped half-way leaves no database, so
 * no server starts on it as if it were whole (and the next restore refuses the folder).
 */
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { BLOBS_DIRECTORY, errnoCode } from "../blobs/disk";
import { DATABASE_FILE, DatabaseReader, SCHEMA_VERSION } from "../store/sqlite-backup";
import { BACKUP_FORMAT, BackupError, BLOB_CHECKSUMS_FILE, MANIFEST_FILE, SESSION_SECRET_FILE, type BackupManifest } from "./backup";
import { copyOne, hashFile, isEmptyDir, parseChecksumList, syncPath } from "./files";

export type RestoreResult = { manifest: BackupManifest; documents: number; blobs: number };

/** Reads and checks a backup folder's manifest: a BackupError `not-a-backup` or `schema-too-new` otherwise. */
export function readManifest(backup: string): BackupManifest {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(backup, MANIFEST_FILE), "utf8")) as BackupManifest;
  } catch (error) {
    const why = errnoCode(error) === "ENOENT" ? `it has no ${MANIFEST_FILE} (a backup still being written, or stopped half-way, has none)` : `its ${MANIFEST_FILE} cannot be read`;
    throw new BackupError("not-a-backup", `${backup} is not a whole backup: ${why}.`);
  }
  const whole =
    manifest?.format === BACKUP_FORMAT &&
    manifest.formatVersion === 1 &&
    typeof manifest.schemaVersion === "number" &&
    typeof manifest.database?.sha256 === "string" &&
    typeof manifest.blobs?.files === "number" &&
    typeof manifest.snapshot?.snapshotAt === "string";
  if (!whole) {
    throw new BackupError("not-a-backup", `${backup} is not a whole backup: its ${MANIFEST_FILE} is not an Amarre backup's (format 1).`);
  }
  if (manifest.schemaVersion > SCHEMA_VERSION) {
    throw new BackupError(
      "schema-too-new",
      `${backup} was written by a newer version (${manifest.appVersion}, database schema ${manifest.schemaVersion}); this code knows schema ${SCHEMA_VERSION}: restore it with that version or a later one.`,
    );
  }
  return manifest;
}

/** Checks every file of a backup against its manifest and checksums; a BackupError `damaged` names the first that differs. */
export async function verifyBackup(backup: string, manifest: BackupManifest): Promise<Map<string, string>> {
  const database = path.join(backup, DATABASE_FILE);
  if (!fs.existsSync(database)) throw new BackupError("not-a-backup", `${backup} is not a whole backup: it has no ${DATABASE_FILE}.`);
  if ((await hashFile(database)) !== manifest.database.sha256) throw new BackupError("damaged", `${backup}: ${DATABASE_FILE} does not match its checksum in ${MANIFEST_FILE}.`);
  let checksums: Map<string, string>;
  try {
    checksums = parseChecksumList(await fsp.readFile(path.join(backup, BLOB_CHECKSUMS_FILE), "utf8"));
  } catch {
    throw new BackupError("not-a-backup", `${backup} is not a whole backup: it has no ${BLOB_CHECKSUMS_FILE}.`);
  }
  if (checksums.size !== manifest.blobs.files) {
    throw new BackupError("damaged", `${backup}: ${BLOB_CHECKSUMS_FILE} lists ${checksums.size} files, the manifest ${manifest.blobs.files}.`);
  }
  for (const [file, expected] of checksums) {
    const actual = await hashFile(path.join(backup, file)).catch(() => null);
    if (actual !== expected) throw new BackupError("damaged", `${backup}: ${file} is ${actual === null ? "missing" : "not the file that was backed up (checksum)"}.`);
  }
  return checksums;
}

/** Restores `backup` into `dataDir`, which must be absent or empty. */
export async function restoreBackup(options: { backup: string; dataDir: string }): Promise<RestoreResult> {
  const backup = path.resolve(options.backup);
  const dataDir = path.resolve(options.dataDir);
  if (!isEmptyDir(dataDir)) {
    throw new BackupError("data-dir-not-empty", `DATA_DIR ${dataDir} is not empty: a restore fills an empty one (stop the server, move the folder aside, then restore).`);
  }
  const manifest = readManifest(backup);
  const checksums = await verifyBackup(backup, manifest);

  await fsp.mkdir(dataDir, { recursive: true });
  try {
    const documents = await fill(backup, dataDir, manifest, checksums);
    return { manifest, documents, blobs: checksums.size };
  } catch (error) {
    // The folder was empty: what this restore put there goes, so the next one may start afresh.
    for (const entry of await fsp.readdir(dataDir)) if (entry !== "lost+found") await fsp.rm(path.join(dataDir, entry), { recursive: true, force: true });
    throw error;
  }
}

async function fill(backup: string, dataDir: string, manifest: BackupManifest, checksums: Map<string, string>): Promise<number> {
  for (const file of checksums.keys()) await copyOne(path.join(backup, file), path.join(dataDir, file));
  await fsp.mkdir(path.join(dataDir, BLOBS_DIRECTORY), { recursive: true });
  if (manifest.sessionSecret) {
    await copyOne(path.join(backup, SESSION_SECRET_FILE), path.join(dataDir, SESSION_SECRET_FILE));
    await fsp.chmod(path.join(dataDir, SESSION_SECRET_FILE), 0o600);
  }
  const incoming = path.join(dataDir, `${DATABASE_FILE}.restoring`);
  await copyOne(path.join(backup, DATABASE_FILE), incoming);
  let reader: DatabaseReader | null = null;
  let documents: number;
  try {
    reader = new DatabaseReader(incoming);
    const problems = reader.integrityProblems();
    if (problems.length > 0) throw new BackupError("damaged", `${backup}: the database fails PRAGMA integrity_check: ${problems.slice(0, 5).join("; ")}`);
    if (reader.schemaVersion() !== manifest.schemaVersion) {
      throw new BackupError("damaged", `${backup}: the database's schema (${reader.schemaVersion()}) is not the manifest's (${manifest.schemaVersion}).`);
    }
    documents = Object.values(reader.counts()).reduce((sum, n) => sum + n, 0);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError("damaged", `${backup}: the database cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    reader?.close();
  }
  await syncPath(incoming);
  await fsp.rename(incoming, path.join(dataDir, DATABASE_FILE));
  await syncPath(dataDir);
  return documents;
}
