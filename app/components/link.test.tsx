import { Link as RemixLink, type LinkProps } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server.js";
import { describe, expect, it } from "vitest";
import { Link, serverHref } from "./link";

/** Each link drawn on the server inside a page at `/en/alquiler-barco/` (a nested route, a trailing slash). */
async function drawn(links: React.ReactNode): Promise<string> {
  const routes = [{ path: "/en", children: [{ path: "alquiler-barco", element: <>{links}</> }] }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://localhost/en/alquiler-barco/?type=sail"));
  if (context instanceof Response) throw new Error("no page");
  return renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />);
}

const cases: LinkProps[] = [
  { to: "/boat/TQThqxaftF4nL5VDvdcL", className: "after:absolute after:inset-0" },
  { to: "/login?redirect=%2Falquiler-barco", "aria-label": "Inicia sesión", title: "Inicia sesión" },
  { to: "/en/alquiler-barco?type=motor&page=3#results", rel: "nofollow", preventScrollReset: true, replace: true },
  { to: "/fr/", prefetch: "intent", state: { from: "menu" } },
  { to: "/aviso-legal", target: "_blank", reloadDocument: true },
  { to: "/blog", discover: "none", viewTransition: true },
  { to: "/a/./b/../c", relative: "path" },
  { to: "/x y/ñ" },
  // Left to Remix's Link: relative, bare "?" or "#", another site, an object.
  { to: "?page=2" },
  { to: "../docks" },
  { to: "/x?" },
  { to: "/x#" },
  { to: "https://tile.openstreetmap.org/" },
  { to: "//example.com/x" },
  { to: { pathname: "/boat/1", search: "?a=1" } },
];

describe("Link", () => {
  it("draws on the server exactly the markup Remix's Link draws", async () => {
    for (const props of cases) {
      const ours = await drawn(<Link {...props}>text</Link>);
      const remix = await drawn(<RemixLink {...props}>text</RemixLink>);
      expect(ours, JSON.stringify(props)).toBe(remix);
      expect(ours).toContain("<a ");
    }
  });

  it("skips the router only for a path from the site's root that it writes as it is", () => {
    expect(serverHref("/boat/1?x=1#photos")).toBe("/boat/1?x=1#photos");
    for (const to of ["?page=2", "../docks", "", "/x?", "/x#", "/x?#h", "/a/./b", "/a/..", "//example.com", "https://example.com", { pathname: "/x" }]) expect(serverHref(to)).toBeNull();
  });
});
