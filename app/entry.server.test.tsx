import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { Await, Outlet, Scripts, useLoaderData } from "@remix-run/react";
import { Suspense } from "react";
import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from "@remix-run/router";
import { describe, expect, it, vi } from "vitest";
import { configureLogging } from "./.server/observability/logger";
import { requestScope } from "./.server/observability/request-scope";
import { GeneralErrorBoundary } from "./components/error-boundary";
import { FormatsSeen } from "#app/framework/formats-seen";
import * as entry from "./entry.server";
import { formatEuros } from "./utils/money";
import { renderWhole } from "./entry.server";

/**
 * The document renderer (decision 038) through Remix's own request handler, on a two-route
 * build: the loader data's turbo-stream is read before the render, so renderToString writes the
 * same document the stream renderer writes; a page that still suspends is rendered by the stream
 * renderer and waited for.
 */

// Data that needs more than one turbo-stream chunk (a promise) and text to escape.
const slow = () => new Promise<string>((resolve) => setTimeout(() => resolve("later </script>"), 5));

/** The root of the test build's document; `tail` is rendered after the scripts, last in <body>. */
function Document({ tail = null }: { tail?: React.ReactNode }) {
  return (
    <html lang="es">
      <head />
      <body>
        <Outlet />
        <Scripts nonce="n0nce" />
        {tail}
      </body>
    </html>
  );
}

const Root = () => <Document />;

function Page() {
  const data = useLoaderData<{ name: string; later?: Promise<string>; show?: boolean }>();
  return (
    <main>
      <h1>{data.name}</h1>
      {data.later && data.show ? (
        <Suspense fallback={<p>waiting</p>}>
          <Await resolve={data.later}>{(value) => <p>{value}</p>}</Await>
        </Suspense>
      ) : null}
    </main>
  );
}

function buildWith(page: { loader: () => unknown }): ServerBuild {
  const route = (id: string, parentId: string | undefined, path: string | undefined, index?: boolean) => ({
    id,
    parentId,
    path,
    index,
    module: `/${id}.js`,
    hasLoader: true,
    hasAction: false,
    hasClientAction: false,
    hasClientLoader: false,
    hasErrorBoundary: false,
    imports: [],
  });
  return {
    mode: "production",
    entry: { module: entry as unknown as ServerBuild["entry"]["module"] },
    routes: {
      root: { id: "root", path: "", module: { default: Root, loader: () => ({ lang: "es" }) } },
      "routes/page": { id: "routes/page", parentId: "root", path: "page", module: { default: Page, loader: page.loader } },
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

const render = async (build: ServerBuild) => {
  const response = await createRequestHandler(build)(new Request("http://localhost/page"), { cspNonce: "n0nce" } as never);
  return { status: response.status, html: await response.text(), length: response.headers.get("Content-Length") };
};

/** The same page through the stream renderer alone (what every document went through before). */
const renderStreamed = async (build: ServerBuild) => {
  const streamed: ServerBuild = {
    ...build,
    entry: {
      module: {
        ...build.entry.module,
        default: async (_request, status, headers, context) => {
          const { RemixServer } = await import("@remix-run/react");
          const { html } = await renderWhole(<RemixServer context={context} url="http://localhost/page" nonce="n0nce" />, status, "n0nce");
          return new Response(html, { status, headers });
        },
      },
    },
  };
  return render(streamed);
};

describe("document rendering", () => {
  it("writes the loader data's scripts whole, byte for byte as the stream renderer does", async () => {
    const build = buildWith({ loader: () => ({ name: "Gaviota <b>" }) });
    const page = await render(build);
    expect(page.status).toBe(200);
    expect(page.html).toContain("<h1>Gaviota &lt;b&gt;</h1>");
    expect(page.html).toContain('window.__remixContext.streamController.enqueue(');
    expect(page.html).toContain("window.__remixContext.streamController.close();");
    expect(page.html).not.toContain("<!--$!-->");
    expect(Number(page.length)).toBe(Buffer.byteLength(page.html));
    expect(page.html).toBe((await renderStreamed(build)).html);
  });

  it("keeps every chunk of a turbo-stream that resolves a promise later", async () => {
    // The page does not show the promise's value: nothing suspends in the render.
    const build = buildWith({ loader: () => ({ name: "Brisa", later: slow(), show: false }) });
    const page = await render(build);
    // Two enqueued chunks: the data, then the promise's value.
    expect(page.html.match(/streamController\.enqueue\(/g)).toHaveLength(2);
    expect(page.html).toContain("later \\u003c/script\\u003e");
    expect(page.html).toBe((await renderStreamed(build)).html);
  });

  it("waits for a page that suspends while rendering instead of leaving it to the browser", async () => {
    const build = buildWith({ loader: () => ({ name: "Brisa", later: slow(), show: true }) });
    const page = await render(build);
    expect(page.status).toBe(200);
    // <Await> suspended in renderToString; the stream renderer waited for the value.
    expect(page.html).toContain("<p>later &lt;/script&gt;</p>");
    expect(page.html).not.toContain("waiting");
    expect(page.html).not.toContain("<!--$!-->");
  });
});

describe("the formats the page wrote (app/framework/intl.ts)", () => {
  it("end the document, for the browser to hydrate with them", async () => {
    const RootWithFormats = () => <Document tail={<FormatsSeen />} />;
    function PricedPage() {
      return <p>{formatEuros(125_050, "es")}</p>;
    }
    const build = buildWith({ loader: () => ({ name: "Brisa" }) });
    build.routes.root.module = { ...build.routes.root.module, default: RootWithFormats };
    build.routes["routes/page"].module = { ...build.routes["routes/page"].module, default: PricedPage };
    const page = await render(build);
    expect(page.html).toContain("<p>1250,50\u00a0€</p>");
    const block = /<script type="application\/json" id="formats-seen"[^>]*>([^<]*)<\/script><\/body><\/html>/.exec(page.html);
    // (Remix's loader-data scripts follow </html>: the browser's parser puts them in <body>.)
    expect(block, "the data block, last in <body>").not.toBeNull();
    expect(JSON.parse(block![1])).toEqual({
      'number|es-ES|{"style":"currency","currency":"EUR","minimumFractionDigits":2,"maximumFractionDigits":2}': { "1250.5": "1250,50\u00a0€" },
    });
  });
});

/** The log's lines while `run` runs, as JSON (decision 049). */
async function logLines(run: () => unknown): Promise<Array<Record<string, unknown>>> {
  const lines: Array<Record<string, unknown>> = [];
  const restore = configureLogging({ format: "json", level: "info", destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } });
  try {
    await run();
  } finally {
    restore();
  }
  return lines;
}

describe("the server log (handleError)", () => {
  it("keeps server errors, once each with their stack, and leaves out the requests the app refused on purpose", async () => {
    const request = new Request("http://localhost/");
    const crash = new Error("the store is gone");
    const lines = await logLines(() => {
      // What Remix hands handleError for an OPTIONS request and for a body a form refuses.
      entry.handleError(new ErrorResponseImpl(405, "Method Not Allowed", 'Error: Invalid request method "OPTIONS"', true), { request });
      entry.handleError(new ErrorResponseImpl(415, "", { message: "Este formulario solo acepta los datos de un formulario web." }), { request });
      entry.handleError(crash, { request });
      entry.handleError(new ErrorResponseImpl(503, "Service Unavailable", "down"), { request });
      // A request the browser gave up on is not the server's error.
      const gone = new AbortController();
      gone.abort();
      entry.handleError(new Error("late"), { request: new Request("http://localhost/", { signal: gone.signal }) });
    });
    expect(lines.map((l) => [l.severity, l.message])).toEqual([
      ["ERROR", "A request failed: Error: the store is gone"],
      ["ERROR", expect.stringContaining("A request failed: ")],
    ]);
    expect(lines[0].stack_trace).toContain("Error: the store is gone\n    at ");
  });

  it("gives a failed page the request's id as its reference, logged once with the error under that id", async () => {
    const build = buildWith({
      loader: () => {
        throw new Error("the loader broke");
      },
    });
    build.routes.root.module = { ...build.routes.root.module, ErrorBoundary: () => <GeneralErrorBoundary />, loader: () => ({ lang: "es", ENV: {} }) };
    const shown = vi.spyOn(console, "error");
    let page!: Awaited<ReturnType<typeof render>>;
    const scope = { requestId: "req-500-abc", trace: null, route: null, uid: null, fields: null };
    const lines = await logLines(async () => {
      page = await requestScope.run(scope, () => render(build));
    });
    shown.mockRestore();
    expect(page.status).toBe(500);
    expect(page.html).toMatch(/<p [^>]*data-error-reference="req-500-abc"[^>]*>Referencia:(<!-- -->)? <code[^>]*>req-500-abc<\/code><\/p>/);
    expect(page.html).not.toContain("the loader broke");
    expect(lines).toEqual([expect.objectContaining({ severity: "ERROR", requestId: "req-500-abc", message: "A request failed: Error: the loader broke" })]);
    // The boundary leaves the server's log to handleError: the error is written once.
    expect(shown).not.toHaveBeenCalled();
  });
});
