/**
 * The Firestore adapter's values: snapshots as the port's documents (timestamps written by other
 * tools read as ISO strings) and the port's patches as Firestore update data.
 */
import { FieldValue, Timestamp, type DocumentData as FirestoreDocumentData, type DocumentSnapshot, type UpdateData } from "firebase-admin/firestore";
import { isFieldTransform, toPatchEntries, type StoredDoc, type UpdatePatch } from "./index";

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Timestamps written by other tools (console, server timestamps) read as ISO strings. */
function fromFirestore(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (Array.isArray(value)) return value.map(fromFirestore);
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = fromFirestore(item);
    return out;
  }
  return value;
}

export function toDoc<T extends object>(snapshot: DocumentSnapshot): StoredDoc<T> {
  const doc = fromFirestore(snapshot.data() ?? {}) as StoredDoc<T>;
  doc.id = snapshot.id;
  return doc;
}

export function toUpdateData(patch: UpdatePatch): UpdateData<FirestoreDocumentData> {
  const data: Record<string, unknown> = {};
  for (const entry of toPatchEntries(patch)) {
    const value = entry.value;
    if (isFieldTransform(value)) {
      data[entry.path] = value.kind === "increment" ? FieldValue.increment(value.operand) : FieldValue.delete();
    } else {
      data[entry.path] = value;
    }
  }
  return data;
}
