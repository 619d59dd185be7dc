import { describe, expect, it } from "vitest";
import { embeddedStoreAndBlobs } from "#tests/embedded-store";
import { scanQuery } from "./index";

const backend = embeddedStoreAndBlobs("scan");

describe("scanQuery: a query read page by page", () => {
  it("visits every document in order across pages, stops when told, and says when it stopped at its cap", async () => {
    const { store } = backend();
    // Ties on `at` (two documents a minute) so that the cursor must carry the id too.
    for (let n = 0; n < 7; n++) await store.set("scanned", `d${n}`, { at: `2026-12-01T10:0${Math.floor(n / 2)}:00Z`, n });
    const query = { collection: "scanned", where: [["at", ">=", "2026-12-01T10:00:00Z"]], orderBy: [["at", "asc"]] } as const;
    const seen = (stopAt = Infinity, maxRead = 100) => {
      const ns: number[] = [];
      return scanQuery<{ n: number }>(store, query, { pageSize: 2, maxRead }, (doc) => (ns.push(doc.n), ns.length < stopAt)).then((why) => ({ why, ns }));
    };
    expect(await seen()).toEqual({ why: "done", ns: [0, 1, 2, 3, 4, 5, 6] });
    expect(await seen(3)).toEqual({ why: "stopped", ns: [0, 1, 2] });
    expect(await seen(Infinity, 4)).toEqual({ why: "capped", ns: [0, 1, 2, 3] });
  });
});
