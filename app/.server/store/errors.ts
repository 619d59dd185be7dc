/** The store port's errors: one class with Firestore's codes, which both adapters map theirs to. */

export type StoreErrorCode =
  | "invalid-argument"
  | "not-found"
  | "already-exists"
  | "failed-precondition"
  | "aborted"
  | "resource-exhausted"
  | "permission-denied"
  | "deadline-exceeded"
  | "unavailable"
  | "internal";

export class StoreError extends Error {
  override readonly name = "StoreError";
  constructor(
    readonly code: StoreErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isStoreError(error: unknown, code?: StoreErrorCode): error is StoreError {
  return error instanceof StoreError && (code === undefined || error.code === code);
}

/** Throws `invalid-argument`: a caller's mistake, never retried. */
export function invalid(message: string): never {
  throw new StoreError("invalid-argument", message);
}
