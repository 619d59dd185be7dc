import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { indexFields, storeIndexes } from "./indexes";

interface FirestoreIndexFile {
  indexes: Array<{
    collectionGroup: string;
    queryScope: string;
    fields: Array<{ fieldPath: string; order?: string; arrayConfig?: string }>;
  }>;
}

const indexFile = JSON.parse(
  fs.readFileSync(new URL("../../../firestore.indexes.json", import.meta.url), "utf8"),
) as FirestoreIndexFile;

describe("index declarations", () => {
  it("firestore.indexes.json lists exactly the composite indexes of indexes.ts", () => {
    const declared = storeIndexes
      .filter((index) => index.fields.length > 1)
      .map((index) => ({
        collectionGroup: index.collection,
        queryScope: "COLLECTION",
        fields: indexFields(index).map((field) =>
          field.arrayContains
            ? { fieldPath: field.path, arrayConfig: "CONTAINS" }
            : { fieldPath: field.path, order: field.order === "asc" ? "ASCENDING" : "DESCENDING" },
        ),
      }));
    const key = (index: { collectionGroup: string; fields: unknown[] }) => JSON.stringify(index);
    expect(indexFile.indexes.map(key).sort()).toEqual(declared.map(key).sort());
  });

  it("declares each index once, on valid collections and field paths", () => {
    const keys = storeIndexes.map((index) => `${index.collection}:${indexFields(index).map((f) => `${f.path} ${f.order}`).join(",")}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const index of storeIndexes) {
      expect(index.collection).toMatch(/^[A-Za-z][A-Za-z0-9_-]*$/);
      for (const field of indexFields(index)) expect(field.path).toMatch(/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/);
    }
  });
});
