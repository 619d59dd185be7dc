/**
 * Update patches with Firestore's semantics for the embedded adapter: dotted paths create the
 * maps they pass through, `delete` removes a field, `increment` adds to a number (or sets the
 * operand where the field is not a number). The result is canonical (map keys sorted), so equal
 * documents have equal JSON text.
 */
import { isFieldTransform, type DocumentData, type JsonValue, type PatchEntry } from "./index";

function isMap(value: unknown): value is { [key: string]: JsonValue } {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function sortKeysDeep(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (!isMap(value)) return value;
  const out: { [key: string]: JsonValue } = {};
  for (const key of Object.keys(value).sort()) out[key] = sortKeysDeep(value[key]);
  return out;
}

/** Applies an update patch with Firestore's semantics; returns canonical data. */
export function applyPatch(data: DocumentData, patch: readonly PatchEntry[]): DocumentData {
  for (const entry of patch) {
    const parents = entry.segments.slice(0, -1);
    const leaf = entry.segments[entry.segments.length - 1];
    const value = entry.value;
    if (isFieldTransform(value) && value.kind === "delete") {
      let map: JsonValue | undefined = data;
      for (const segment of parents) map = isMap(map) ? map[segment] : undefined;
      if (isMap(map)) delete map[leaf];
      continue;
    }
    let map: { [key: string]: JsonValue } = data;
    for (const segment of parents) {
      const next = map[segment];
      if (isMap(next)) map = next;
      else map = map[segment] = {};
    }
    if (isFieldTransform(value)) {
      const current = map[leaf];
      map[leaf] = typeof current === "number" ? current + value.operand : value.operand;
    } else {
      map[leaf] = value;
    }
  }
  return sortKeysDeep(data) as DocumentData;
}
