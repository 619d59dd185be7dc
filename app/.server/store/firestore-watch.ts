/**
 * The Firestore adapter's watches: a query's snapshots as the port's document lists, each list
 * delivered once (an unchanged answer is not repeated), a throwing listener reported, not fatal.
 */
import type { Query as FirestoreQuery } from "firebase-admin/firestore";
import { toStoreError } from "./firestore-errors";
import { toDoc } from "./firestore-values";
import { StoreError, type StoredDoc, type Unsubscribe } from "./index";

export function reportWatchError(error: StoreError): void {
  console.error("[store] watch failed:", error);
}

/** Listens to `firestoreQuery`; the returned function stops it (and may be called more than once). */
export function watchFirestoreQuery<T extends object>(
  firestoreQuery: FirestoreQuery,
  onChange: (docs: StoredDoc<T>[]) => void,
  onError: (error: StoreError) => void,
): Unsubscribe {
  let active = true;
  let last: string | undefined;
  const unsubscribe = firestoreQuery.onSnapshot(
    (snapshot) => {
      if (!active) return;
      const docs = snapshot.docs.map((doc) => toDoc<T>(doc));
      const key = JSON.stringify(docs);
      if (key === last) return;
      last = key;
      try {
        onChange(docs);
      } catch (error) {
        onError(new StoreError("internal", "A watch listener threw", { cause: error }));
      }
    },
    (error) => {
      if (active) onError(toStoreError(error));
    },
  );
  return () => {
    if (!active) return;
    active = false;
    unsubscribe();
  };
}
