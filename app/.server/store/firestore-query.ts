/**
 * The Firestore adapter's query translation: a normalised port query (`normalizeQuery` has made
 * the implicit ordering explicit) as a Firestore query, with its filters, orders, cursor and limit.
 */
import { FieldPath, type Firestore, type Query as FirestoreQuery } from "firebase-admin/firestore";
import type { NormalizedQuery } from "./index";

/** The Firestore query for a normalised port query, with its ordering spelled out. */
export function buildFirestoreQuery(db: Firestore, q: NormalizedQuery): FirestoreQuery {
  let query: FirestoreQuery = db.collection(q.collection);
  for (const filter of q.filters) query = query.where(new FieldPath(...filter.segments), filter.op, filter.value);
  for (const order of q.orderBy) query = query.orderBy(new FieldPath(...order.segments), order.direction);
  if (q.cursor) {
    if (q.cursor.id !== undefined) {
      query = query.orderBy(FieldPath.documentId(), q.idDirection).startAfter(...q.cursor.values, q.cursor.id);
    } else {
      query = query.startAfter(...q.cursor.values);
    }
  }
  if (q.limit !== undefined) query = query.limit(q.limit);
  return query;
}
