/**
 * The indexes the domain's queries need, declared once for both adapters:
 * - the embedded adapter creates a partial expression index for every entry;
 * - `firestore.indexes.json` must list every entry with two or more fields as a composite index
 *   (Firestore indexes single fields by itself). `indexes.test.ts` checks the two agree.
 *
 * Add an entry when a query filters on one field and orders by (or range-filters on) another:
 * list the equality fields first, then the ordered or range field.
 */
import type { OrderDirection } from "./index";

export interface StoreIndexField {
  readonly path: string;
  readonly order?: OrderDirection;
}

export interface StoreIndex {
  readonly collection: string;
  readonly fields: ReadonlyArray<string | StoreIndexField>;
}

export const storeIndexes: readonly StoreIndex[] = [
  // Marinas listed by region, alphabetically.
  { collection: "ports", fields: ["region", "name"] },
  // A person's mailbox, newest first (inbox page and email event stream).
  { collection: "emails", fields: ["uid", { path: "createdAt", order: "desc" }] },
];

/** Field entries with their defaults filled in (ascending order). */
export function indexFields(index: StoreIndex): Array<Required<StoreIndexField>> {
  return index.fields.map((field) =>
    typeof field === "string" ? { path: field, order: "asc" } : { path: field.path, order: field.order ?? "asc" },
  );
}
