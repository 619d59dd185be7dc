/** The special values of `update` patches: `increment(n)` and `deleteField()`. */
import { StoreError } from "./errors";
import type { FieldTransform } from "./index";

class FieldTransformValue {
  constructor(
    readonly kind: "increment" | "delete",
    readonly operand: number,
  ) {
    Object.freeze(this);
  }
}

/**
 * Adds `n` to a numeric field in an `update` patch, atomically (Firestore's
 * `FieldValue.increment`). A missing or non-numeric field is set to `n`.
 */
export function increment(n: number): FieldTransform {
  if (typeof n !== "number" || !Number.isFinite(n)) {
    throw new StoreError("invalid-argument", "increment() needs a finite number");
  }
  return new FieldTransformValue("increment", n) as unknown as FieldTransform;
}

/** Removes a field in an `update` patch (Firestore's `FieldValue.delete`). */
export function deleteField(): FieldTransform {
  return new FieldTransformValue("delete", 0) as unknown as FieldTransform;
}

export function isFieldTransform(value: unknown): value is FieldTransform {
  return value instanceof FieldTransformValue;
}
