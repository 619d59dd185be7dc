/** How the embedded adapter reports better-sqlite3's errors in the port's codes. */
import { StoreError } from "./index";

const SQLITE_TIMEOUT_CODES = new Set(["SQLITE_BUSY", "SQLITE_LOCKED"]);
const SQLITE_UNAVAILABLE = /^SQLITE_(CANTOPEN|IOERR|NOTADB|CORRUPT|READONLY|PERM|AUTH|NOLFS)/;

/** Maps a better-sqlite3 error to the port's error codes (StoreErrors pass through). */
export function toStoreError(error: unknown): StoreError {
  if (error instanceof StoreError) return error;
  const code = error instanceof Error && "code" in error && typeof error.code === "string" ? error.code : undefined;
  const message = error instanceof Error ? error.message : String(error);
  if (code !== undefined && SQLITE_TIMEOUT_CODES.has(code)) {
    return new StoreError("deadline-exceeded", `The database stayed locked: ${message}`, { cause: error });
  }
  if (code?.startsWith("SQLITE_CONSTRAINT_PRIMARYKEY")) {
    return new StoreError("already-exists", "The document already exists", { cause: error });
  }
  if (code === "SQLITE_FULL") return new StoreError("resource-exhausted", `The disk is full: ${message}`, { cause: error });
  if ((code !== undefined && SQLITE_UNAVAILABLE.test(code)) || /connection is not open/.test(message)) {
    return new StoreError("unavailable", `The database is unavailable: ${message}`, { cause: error });
  }
  return new StoreError("internal", `Database error: ${message}`, { cause: error });
}
