/**
 * `npm run restore -- <dir>`: fills an empty DATA_DIR from the backup in `<dir>` (decision 050),
 * checking the backup's files against its manifest and the database with `PRAGMA integrity_check`
 * first. Run it with the server stopped. Exit codes: 0 done, 1 failed, 2 usage, 3 not a whole
 * backup (or damaged), 4 DATA_DIR is not empty, 5 the backup's schema is newer than this code.
 */
import { BackupError } from "#app/.server/backup/backup";
import { restoreBackup } from "#app/.server/backup/restore";
import { dataDirFrom } from "#app/.server/config";

const backup = process.argv.slice(2).find((arg) => !arg.startsWith("--"));
if (!backup) {
  console.error("Usage: npm run restore -- <dir>   (fills an empty DATA_DIR from the backup in <dir>)");
  process.exit(2);
}

const dataDir = dataDirFrom();
try {
  const { manifest, documents, blobs } = await restoreBackup({ backup, dataDir });
  console.info(`Restored ${backup} into ${dataDir}: the database as of ${manifest.snapshot.snapshotAt} (${documents} documents, integrity check ok), ${blobs} blob files, all matching their checksums.`);
  if (!manifest.sessionSecret) console.info("The backup held no session-secret file: set SESSION_SECRET as before (people signed in before sign in again otherwise).");
} catch (error) {
  if (error instanceof BackupError) {
    console.error(`Restore refused: ${error.message}`);
    const codes: Partial<Record<BackupError["code"], number>> = { "not-a-backup": 3, damaged: 3, "data-dir-not-empty": 4, "schema-too-new": 5 };
    process.exit(codes[error.code] ?? 1);
  }
  console.error("Restore failed:", error);
  process.exit(1);
}
