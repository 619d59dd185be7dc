import { Link as RemixLink, NavLink as RemixNavLink, type LinkProps, type NavLinkProps } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server.js";
import { describe, expect, it } from "vitest";
import { Link, NavLink, serverHref } from "./link";

/** Each link drawn on the server inside a page at `/en/alquiler-barco/` (a nested route, a trailing slash). */
async function drawn(links: React.ReactNode, at = "/en/alquiler-barco/?type=sail"): Promise<string> {
  const routes = [{ path: "/en", children: [{ path: "alquiler-barco", element: <>{links}</> }, { path: "*", element: <>{links}</> }] }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${at}`));
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

const navCases: NavLinkProps[] = [
  { to: "/en/alquiler-barco", className: "px-2 text-sm" },
  { to: "/en/alquiler-barco/", className: ({ isActive, isPending }) => `nav ${isActive ? "on" : "off"} ${isPending ? "wait" : ""}` },
  { to: "/en/alquiler-barco", end: true, "aria-label": "Boats", title: "Boats", prefetch: "intent" },
  { to: "/EN/Alquiler-Barco?x=1#top", style: ({ isActive }) => ({ fontWeight: isActive ? 700 : 400 }) },
  { to: "/EN/Alquiler-Barco", caseSensitive: true, className: ({ isActive }) => (isActive ? "a" : "b") },
  { to: "/en", className: "root", "aria-current": "location" },
  { to: "/en/alquiler-barco", "aria-current": undefined, className: undefined },
  { to: "/en/docks", children: ({ isActive }) => (isActive ? "here" : "there") },
  { to: "/en/alquiler", className: "prefix only" },
  { to: "/", reloadDocument: true, target: "_self", replace: true, state: 1, preventScrollReset: true, relative: "path", discover: "none" },
  { to: "/en/mensajes", onClick: () => undefined, "aria-label": "Mensajes" },
  // Left to Remix's NavLink: a path the router encodes, a view transition, a relative path.
  { to: "/en/alquiler-barco/ñ", className: "x" },
  { to: "/en/alquiler-barco", viewTransition: true },
  { to: "../docks", className: "x" },
];

describe("NavLink", () => {
  it("draws on the server exactly the markup Remix's NavLink draws, active or not", async () => {
    for (const at of ["/en/alquiler-barco/?type=sail", "/en/alquiler-barco/barco-a-vela", "/en/alquiler-barco-extra", "/en/docks"]) {
      for (const props of navCases) {
        const ours = await drawn(<NavLink {...props}>{props.children ?? "text"}</NavLink>, at);
        const remix = await drawn(<RemixNavLink {...props}>{props.children ?? "text"}</RemixNavLink>, at);
        expect(ours, `${at} ${JSON.stringify(props)}`).toBe(remix);
        expect(ours).toContain("<a ");
      }
    }
    // The cases do tell active from not.
    expect(await drawn(<NavLink to="/en/alquiler-barco">x</NavLink>)).toContain('aria-current="page"');
    expect(await drawn(<NavLink to="/en/docks">x</NavLink>)).not.toContain("aria-current");
  });
});
