/**
 * `npm run backup -- <dir>`: a whole backup of the embedded backend's DATA_DIR into `<dir>` (new
 * or empty), while the server keeps serving (decision 050). Exit codes: 0 done, 1 failed,
 * 2 usage, 3 nothing to back up (no database), 4 the target is not empty.
 */
import { BackupError, createBackup } from "#app/.server/backup/backup";
import { dataDirFrom } from "#app/.server/config";

const target = process.argv.slice(2).find((arg) => !arg.startsWith("--"));
if (!target) {
  console.error("Usage: npm run backup -- <dir>   (copies DATA_DIR into <dir>, a new or empty folder)");
  process.exit(2);
}
if ((process.env.APP_BACKEND ?? "embedded") !== "embedded") {
  console.error("npm run backup copies the embedded backend's DATA_DIR; on firebase, Firestore's point-in-time recovery and exports keep the backups (docs/guides/deploy.md).");
  process.exit(2);
}

const dataDir = dataDirFrom();
try {
  const manifest = await createBackup({ dataDir, target });
  const { snapshot, database, blobs } = manifest;
  console.info(`Backed up ${dataDir} into ${target}:`);
  console.info(`  database as of ${snapshot.snapshotAt} (schema ${manifest.schemaVersion}): ${database.documents} documents, ${database.bytes} bytes, sha256 ${database.sha256.slice(0, 16)}…`);
  console.info(`  blobs: ${blobs.files} files, ${blobs.bytes} bytes; the ${blobs.referenced} the documents point at are all in it.`);
  if (blobs.danglingInStore.length > 0) {
    console.warn(`  warning: the store points at ${blobs.danglingInStore.length} blob(s) it does not hold (missing before this backup): ${blobs.danglingInStore.slice(0, 5).join(", ")}`);
  }
  console.info(`  in ${manifest.durationMs} ms (database ${snapshot.steps} steps, ${snapshot.restarts} restarts; ${manifest.attempts} attempt(s)).`);
} catch (error) {
  if (error instanceof BackupError) {
    console.error(`Backup refused: ${error.message}`);
    process.exit(error.code === "no-database" ? 3 : error.code === "target-not-empty" ? 4 : 1);
  }
  console.error("Backup failed:", error);
  process.exit(1);
}
