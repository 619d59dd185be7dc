import { createHash, timingSafeEqual } from "node:crypto";
import { normalizeQuery, type Query } from "#app/.server/store";
import { SEARCH_MAX_PAGES } from "#app/features/search";

/**
 * The cursor a search page's links carry (`c=`), so that the page they open reads on from where
 * the page before it stopped instead of reading every result before it (decision 056's
 * amendment): for each of the search's queries (one per place branch, `search.ts`) the
 * `startAfter` values its next page begins after, and the same for the page before (so that
 * page's link carries one too).
 *
 * A token is untrusted input: at most CURSOR_MAX_LENGTH characters, parsed by hand into exactly
 * this shape (anything else is null, never an exception), and bound to the search it came from
 * by a hash of the search's key (its query without the page, and its store queries) and of its
 * own content: a token pasted onto another search, another page or changed in any byte is
 * ignored, and the page is read as without one. The hash is not a secret's signature: a token
 * forged on purpose can only move where a page of the same search starts, among the same
 * published results in the same order.
 */

/** A value of a cursor: what the store orders by (a scalar), the document id last. */
export type CursorValue = string | number | boolean | null;
/** Per query: the values its results continue after, or null to start at its first. */
export type Positions = Array<CursorValue[] | null>;
export type SearchCursor = {
  /** The page the cursor opens (2 to SEARCH_MAX_PAGES). */
  page: number;
  /** Where that page starts. */
  after: Positions;
  /** Where the page before it starts, when known (its own link's cursor); never for page 2. */
  before: Positions | null;
};

/** The longest token read or written (a link that would carry more goes without one). */
export const CURSOR_MAX_LENGTH = 1024;
/** The most queries a cursor holds (a partial place name asks one per port it matches). */
const MAX_QUERIES = 30;
/** The most values per query: the ordered fields (at most three in a search) and the id. */
const MAX_VALUES = 6;
const MAX_STRING = 100;
const VERSION = "1";
const HASH_LENGTH = 16;
const ID = /^[A-Za-z0-9_-]{1,128}$/;
const TOKEN = /^[A-Za-z0-9_-]+$/;

const isValue = (value: unknown): value is CursorValue =>
  value === null || typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value)) || (typeof value === "string" && value.length <= MAX_STRING);

function isPositions(value: unknown): value is Positions {
  if (!Array.isArray(value) || value.length < 1 || value.length > MAX_QUERIES) return false;
  return value.every(
    (entry) =>
      entry === null ||
      (Array.isArray(entry) && entry.length >= 2 && entry.length <= MAX_VALUES && entry.every(isValue) && typeof entry[entry.length - 1] === "string" && ID.test(entry[entry.length - 1] as string)),
  );
}

/** Whether `cursor` is one a token can carry (what `decodeCursor` accepts). */
export function isSearchCursor(cursor: unknown): cursor is SearchCursor {
  if (typeof cursor !== "object" || cursor === null) return false;
  const { page, after, before } = cursor as Record<string, unknown>;
  if (typeof page !== "number" || !Number.isInteger(page) || page < 2 || page > SEARCH_MAX_PAGES) return false;
  if (!isPositions(after)) return false;
  if (before === null) return true;
  return page > 2 && isPositions(before) && before.length === after.length;
}

const hashOf = (searchKey: string, body: string) => createHash("sha256").update(searchKey).update("\n").update(body).digest("base64url").slice(0, HASH_LENGTH);
// -0 is written as 0 (JSON has no -0): the same position for the store.
const bodyOf = (cursor: SearchCursor) => JSON.stringify([cursor.page, cursor.after, cursor.before ?? 0]);

/** The token for `cursor` on the search `searchKey`, or null when it cannot carry it (too long, or not a cursor). */
export function encodeCursor(cursor: SearchCursor, searchKey: string): string | null {
  if (!isSearchCursor(cursor)) return null;
  const body = bodyOf(cursor);
  const token = VERSION + hashOf(searchKey, body) + Buffer.from(body, "utf8").toString("base64url");
  return token.length <= CURSOR_MAX_LENGTH ? token : null;
}

/** The cursor a token carries for the search `searchKey`, or null (absent, malformed, too long, or another search's). */
export function decodeCursor(token: string | null | undefined, searchKey: string): SearchCursor | null {
  if (typeof token !== "string" || token.length > CURSOR_MAX_LENGTH || token.length <= 1 + HASH_LENGTH) return null;
  if (token[0] !== VERSION || !TOKEN.test(token)) return null;
  const hash = token.slice(1, 1 + HASH_LENGTH);
  const encoded = token.slice(1 + HASH_LENGTH);
  const body = Buffer.from(encoded, "base64url").toString("utf8");
  // One spelling per body: base64 that decodes the same with other trailing bits is refused too.
  if (Buffer.from(body, "utf8").toString("base64url") !== encoded) return null;
  const expected = hashOf(searchKey, body);
  if (!timingSafeEqual(Buffer.from(hash), Buffer.from(expected))) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) return null;
  const [page, after, before] = parsed as unknown[];
  const cursor = { page, after, before: before === 0 ? null : before };
  return isSearchCursor(cursor) ? cursor : null;
}

/**
 * The tokens of a page's links to the pages either side of it (`page` ± 1), from `marks`: where
 * the search's queries stood after each multiple of the page size (0: every query at its start).
 * A link whose page start is not known, or page 1 (which needs none), goes without.
 */
export function pageLinks(marks: ReadonlyMap<number, Positions>, page: number, pageCount: number, pageSize: number, searchKey: string) {
  const linkTo = (target: number): string | null => {
    if (target < 2 || target > pageCount) return null;
    const after = marks.get((target - 1) * pageSize);
    if (!after) return null;
    const before = target > 2 ? (marks.get((target - 2) * pageSize) ?? null) : null;
    return encodeCursor({ page: target, after, before }, searchKey);
  };
  return { previous: linkTo(page - 1), next: linkTo(page + 1) };
}

/**
 * The cursor of a page link's token, when it is this search's (`searchKey`), for this page, and
 * holds for each of `queries` a position as long as its ordering (its fields and the id).
 */
export function cursorFor(token: string | null | undefined, searchKey: string, queries: Query[], page: number): SearchCursor | null {
  const cursor = decodeCursor(token, searchKey);
  if (!cursor || cursor.page !== page || cursor.after.length !== queries.length) return null;
  const lengths = queries.map((query) => normalizeQuery(query).orderBy.length + 1);
  const fits = (positions: Positions) => positions.every((entry, i) => entry === null || entry.length === lengths[i]);
  return fits(cursor.after) && (!cursor.before || fits(cursor.before)) ? cursor : null;
}
