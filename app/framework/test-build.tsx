import { createRequestHandler, type EntryContext, type ServerBuild } from "@remix-run/node";
import { Outlet, Scripts, useLoaderData } from "@remix-run/react";

/**
 * A two-route Remix build for the guards of app/framework/ (stream-cache.test.tsx,
 * remix-patches.test.tsx): a root document and `/page`, whose loader's data needs two
 * turbo-stream chunks (a promise). `handleRequest` is the build's entry.server.
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

type HandleRequest = (request: Request, status: number, headers: Headers, context: EntryContext) => Promise<Response>;

export function testBuild(handleRequest: HandleRequest): ServerBuild {
  const route = (id: string, parentId: string | undefined, path: string, imports: string[]) => ({
    ...{ id, parentId, path, module: `/${id}.js`, imports },
    ...{ hasLoader: true, hasAction: false, hasClientAction: false, hasClientLoader: false, hasErrorBoundary: false },
  });
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
      entry: { module: "/entry.client.js", imports: ["/shared.js"] },
      routes: { root: route("root", undefined, "", []), "routes/page": route("routes/page", "root", "page", ["/page-chunk.js"]) },
    },
    basename: "/",
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true, v3_lazyRouteDiscovery: true, v3_singleFetch: true },
    isSpaMode: false,
  } as unknown as ServerBuild;
}

/** `/page` of a build, as text. */
export async function renderPage(build: ServerBuild): Promise<string> {
  return (await createRequestHandler(build)(new Request("http://localhost/page"))).text();
}
