import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Query } from "#app/.server/store";
import { CURSOR_MAX_LENGTH, cursorFor, decodeCursor, encodeCursor, isSearchCursor, type Positions, type SearchCursor } from "./search-cursor";

const KEY = JSON.stringify(["boat", { type: "motor" }]);
const cursor: SearchCursor = { page: 3, after: [[0.75, "2026-11-01T10:00:00.000Z", "AbCdEfGhIjKlMnOpQrSt"]], before: [[0.9, "2026-11-20T10:00:00.000Z", "ZyXwVuTsRqPoNmLkJiHg"]] };

const value = fc.oneof(fc.constant(null), fc.boolean(), fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n)), fc.string({ maxLength: 100 }));
const id = fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/);
const entry = fc.option(fc.tuple(fc.array(value, { maxLength: 3 }), id).map(([values, last]) => [...values, last]), { nil: null });
const positions = (length: number) => fc.array(entry, { minLength: length, maxLength: length }) as fc.Arbitrary<Positions>;
const cursors: fc.Arbitrary<SearchCursor> = fc
  .tuple(fc.integer({ min: 2, max: 42 }), fc.integer({ min: 1, max: 4 }))
  .chain(([page, queries]) => fc.record({ page: fc.constant(page), after: positions(queries), before: page > 2 ? fc.option(positions(queries), { nil: null }) : fc.constant(null) }));

describe("search cursors: a page link's token", () => {
  it("gives back the cursor it carries, for the same search only", () => {
    const token = encodeCursor(cursor, KEY)!;
    expect(token).toMatch(/^1[A-Za-z0-9_-]+$/);
    expect(decodeCursor(token, KEY)).toEqual(cursor);
    expect(decodeCursor(token, JSON.stringify(["boat", { type: "sail" }]))).toBeNull();
    expect(decodeCursor(token, KEY.replace("boat", "dock"))).toBeNull();
  });

  it("refuses a token changed in any character, cut short or lengthened", () => {
    const token = encodeCursor(cursor, KEY)!;
    for (let i = 0; i < token.length; i++) {
      const changed = token.slice(0, i) + (token[i] === "A" ? "B" : "A") + token.slice(i + 1);
      expect(decodeCursor(changed, KEY), `character ${i}`).toBeNull();
    }
    expect(decodeCursor(token.slice(0, -1), KEY)).toBeNull();
    expect(decodeCursor(token + "A", KEY)).toBeNull();
  });

  it("refuses what is not a cursor: wrong pages, values, ids and sizes", () => {
    const bad: unknown[] = [
      { ...cursor, page: 1 },
      { ...cursor, page: 43 },
      { ...cursor, page: 2.5 },
      { ...cursor, page: 2 },
      { ...cursor, after: [] },
      { ...cursor, after: [["no id", 3]] },
      { ...cursor, after: [[1, "a/b"]] },
      { ...cursor, after: [[{ nested: true }, "id"]] },
      { ...cursor, after: [[1, 2, 3, 4, 5, 6, "id"]] },
      { ...cursor, after: [["x".repeat(101), "id"]] },
      { ...cursor, before: [null, null] },
      { page: 3, after: [null] },
    ];
    for (const value of bad) expect(isSearchCursor(value), JSON.stringify(value)).toBe(false);
    for (const value of bad) expect(encodeCursor(value as SearchCursor, KEY)).toBeNull();
    // Thirty queries of long values do not fit in a link: no token rather than one past the limit.
    const wide: SearchCursor = { page: 2, after: Array.from({ length: 30 }, (_, i) => ["x".repeat(90), `id${i}`]), before: null };
    expect(isSearchCursor(wide)).toBe(true);
    expect(encodeCursor(wide, KEY)).toBeNull();
    expect(decodeCursor("1" + "A".repeat(CURSOR_MAX_LENGTH), KEY)).toBeNull();
  });

  it("fits a cursor to the search's page and queries, or gives none", () => {
    const query: Query = { collection: "listings", where: [["type", "==", "motor"]], orderBy: [["relevance", "desc"], ["publishedAt", "desc"]] };
    const token = encodeCursor(cursor, KEY);
    expect(cursorFor(token, KEY, [query], 3)).toEqual(cursor);
    expect(cursorFor(token, KEY, [query], 4)).toBeNull();
    expect(cursorFor(token, KEY, [query, query], 3)).toBeNull();
    // Positions as long as another order's (price: one field and the id).
    expect(cursorFor(token, KEY, [{ ...query, orderBy: [["dayPriceCents", "asc"]] }], 3)).toBeNull();
    const shortBefore = encodeCursor({ ...cursor, before: [[1, "id"]] }, KEY);
    expect(cursorFor(shortBefore, KEY, [query], 3)).toBeNull();
    expect(cursorFor(null, KEY, [query], 3)).toBeNull();
  });

  it("round-trips any cursor it can carry (property)", () => {
    fc.assert(
      fc.property(cursors, fc.string(), (c, key) => {
        const token = encodeCursor(c, key);
        if (token === null) return;
        expect(token.length).toBeLessThanOrEqual(CURSOR_MAX_LENGTH);
        expect(decodeCursor(token, key)).toEqual(c);
      }),
      { numRuns: 300 },
    );
  });

  it("reads any string as nothing or a valid cursor, never throwing (property)", () => {
    const tokenLike = fc.oneof(
      fc.string({ maxLength: 2_000 }),
      fc.stringMatching(/^1[A-Za-z0-9_-]{0,200}$/),
      // A well-formed body under a hash of another search's key.
      fc.tuple(cursors, fc.string()).map(([c, key]) => encodeCursor(c, key + "x") ?? ""),
      // Any JSON in the body, under a hash that cannot match it.
      fc.json().map((json) => "1" + "A".repeat(16) + Buffer.from(json).toString("base64url")),
    );
    fc.assert(
      fc.property(tokenLike, (token) => {
        const decoded = decodeCursor(token, KEY);
        expect(decoded === null || isSearchCursor(decoded)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
