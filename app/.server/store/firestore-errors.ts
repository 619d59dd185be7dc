/**
 * The Firestore adapter's error mapping: firebase-admin / gRPC failures to the port's codes.
 */
import { StoreError, type StoreErrorCode } from "./index";

/** gRPC status codes (google.rpc.Code) to the port's codes. */
const GRPC_CODES: Readonly<Record<number, StoreErrorCode>> = {
  1: "unavailable", // CANCELLED: the client was shut down under the call
  2: "internal", // UNKNOWN
  3: "invalid-argument",
  4: "deadline-exceeded",
  5: "not-found",
  6: "already-exists",
  7: "permission-denied",
  8: "resource-exhausted",
  9: "failed-precondition", // e.g. a query that needs a composite index
  10: "aborted",
  11: "invalid-argument", // OUT_OF_RANGE
  12: "internal", // UNIMPLEMENTED
  13: "internal",
  14: "unavailable",
  15: "internal", // DATA_LOSS
  16: "permission-denied", // UNAUTHENTICATED
};

/** Maps a firebase-admin / gRPC error to the port's error codes (StoreErrors pass through). */
export function toStoreError(error: unknown): StoreError {
  if (error instanceof StoreError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const code = error !== null && typeof error === "object" && "code" in error ? error.code : undefined;
  const mapped = typeof code === "number" ? GRPC_CODES[code] : undefined;
  return new StoreError(mapped ?? "internal", `Firestore: ${message}`, { cause: error });
}
