import { describe, expect, it } from "vitest";
import { judgeReads, readsCell, type PageCounts } from "./bench-counts";

const reads = (first: number | null, again: number | null): PageCounts => ({
  first: first === null ? null : { reads: first, writes: 0, queries: 1, transactions: 0 },
  again: again === null ? null : { reads: again, writes: 0, queries: 1, transactions: 0 },
});

describe("the bench's read targets", () => {
  it("judges a search cold on its first answer and warm on the next, a signed-in boat page as a signed-in page", () => {
    const verdicts = judgeReads(
      new Map([
        ["search, filtered", reads(60, 0)],
        ["search filt., rendered", reads(45, 31)],
        ["boat page", reads(16, 0)],
        ["boat page, signed in", reads(20, 20)],
        ["booking summary, signed in", reads(21, 21)],
        ["docks", reads(500, 0)],
        ["healthz (no Remix)", reads(null, null)],
      ]),
    );
    expect(verdicts.map((v) => [v.name, v.label, v.met])).toEqual([
      ["search, filtered", "search", true],
      ["search filt., rendered", "search", false],
      ["boat page", "boat page", false],
      ["boat page, signed in", "signed-in pages", true],
      ["booking summary, signed in", "booking summary", false],
    ]);
  });

  it("shows reads as first/next, and a dash without the header", () => {
    expect(readsCell(reads(13, 0))).toBe("13/0");
    expect(readsCell(undefined)).toBe("–");
    expect(readsCell(reads(null, null))).toBe("–");
  });
});
