import { createRequestHandler, type EntryContext, type ServerBuild } from "@remix-run/node";
import { Outlet, RemixServer, Scripts, useLoaderData } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { drained, fillStreamCache, leftToTheBrowser } from "./stream-cache";

/**
 * The guard of stream-cache.md: with Remix's stream cache filled, `renderToString` writes the
 * loader data's scripts without leaving a boundary to the browser. A Remix that no longer reads
 * `renderMeta.streamCache` (or reads it in another shape) fails the first test: every document
 * would then be rendered twice (once to a string, then by the stream renderer).
 */

const later = () => new Promise<string>((resolve) => setTimeout(() => resolve("later </script>"), 5));

function Root() {
  return (
    <html lang="es">
      <head />
      <body>
        <Outlet />
        <Scripts />
      </body>
    </html>
  );
}

function Page() {
  return <h1>{useLoaderData<{ name: string }>().name}</h1>;
}

/** A two-route build whose entry renders with `renderToString`, the cache filled or not. */
function buildRendering(fill: boolean): ServerBuild {
  const route = (id: string, parentId: string | undefined, path: string) => ({
    ...{ id, parentId, path, module: `/${id}.js`, imports: [] },
    ...{ hasLoader: true, hasAction: false, hasClientAction: false, hasClientLoader: false, hasErrorBoundary: false },
  });
  const handleRequest = async (request: Request, status: number, headers: Headers, context: EntryContext) => {
    if (fill) await fillStreamCache(context, 6_000);
    const html = renderToString(<RemixServer context={context} url={request.url} />);
    return new Response(html, { status, headers });
  };
  return {
    mode: "production",
    entry: { module: { default: handleRequest } },
    routes: {
      root: { id: "root", path: "", module: { default: Root, loader: () => ({ lang: "es" }) } },
      "routes/page": { id: "routes/page", parentId: "root", path: "page", module: { default: Page, loader: () => ({ name: "Gaviota", later: later() }) } },
    },
    assets: {
      url: "/manifest.js",
      version: "test",
      entry: { module: "/entry.client.js", imports: [] },
      routes: { root: route("root", undefined, ""), "routes/page": route("routes/page", "root", "page") },
    },
    basename: "/",
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true, v3_lazyRouteDiscovery: true, v3_singleFetch: true },
    isSpaMode: false,
  } as unknown as ServerBuild;
}

const render = async (fill: boolean) => (await createRequestHandler(buildRendering(fill))(new Request("http://localhost/page"))).text();

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
