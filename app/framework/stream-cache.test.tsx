import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { drained, fillStreamCache, leftToTheBrowser } from "./stream-cache";
import { renderPage, testBuild } from "./test-build";

/**
 * The guard of stream-cache.md: with Remix's stream cache filled, `renderToString` writes the
 * loader data's scripts without leaving a boundary to the browser. A Remix that no longer reads
 * `renderMeta.streamCache` (or reads it in another shape) fails the first test: every document
 * would then be rendered twice (once to a string, then by the stream renderer).
 */
const render = (fill: boolean) =>
  renderPage(
    testBuild(async (request, status, headers, context) => {
      if (fill) await fillStreamCache(context, 6_000);
      return new Response(renderToString(<RemixServer context={context} url={request.url} />), { status, headers });
    }),
  );

describe("Remix's stream cache, filled before the render", () => {
  it("lets renderToString write every chunk of the loader data, leaving nothing to the browser", async () => {
    const html = await render(true);
    expect(html).toContain("<h1>Gaviota</h1>");
    // Two chunks: the data, then the promise's value; then the stream's end.
    expect(html.match(/streamController\.enqueue\(/g)).toHaveLength(2);
    expect(html).toContain("later \\u003c/script\\u003e");
    expect(html).toContain("window.__remixContext.streamController.close();");
    expect(leftToTheBrowser(html)).toBe(false);
  });

  it("is what makes the difference: unfilled, renderToString leaves the data's scripts to the browser", async () => {
    const html = await render(false);
    expect(leftToTheBrowser(html)).toBe(true);
    expect(html).not.toContain("streamController.close();");
  });

  it("leaves an empty, closed stream in place of the one it read", async () => {
    const { done } = await drained().getReader().read();
    expect(done).toBe(true);
  });
});
