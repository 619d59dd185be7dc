// eslint-disable-next-line no-restricted-imports -- the one place that wraps them
import { Link as RemixLink, NavLink as RemixNavLink, useLocation, type LinkProps, type NavLinkProps } from "@remix-run/react";
import { createElement, forwardRef, type ForwardRefExoticComponent, type RefAttributes } from "react";

/** Where this module runs: the server draws pages once, the browser hydrates and navigates. */
const onServer = typeof document === "undefined";

/**
 * Remix's `Link`, drawn on the server as the plain `<a>` it would draw there. In the browser it
 * is Remix's `Link` itself, which hydrates that markup and navigates without a document load.
 *
 * Why (decision 043): on the server a `Link` is only its `<a>`, yet Remix's and React Router's
 * hooks resolve its path three times (each with a JSON round trip of the matched routes): 8–12 µs
 * a link against 1 µs for an `<a>`, measured with `renderToString`. A rendered home page has 59
 * links and a search page 85: 3–19 % of a rendered page's CPU.
 *
 * On the server it is a plain function, not a `forwardRef` (a server draws no ref), and it copies
 * the props the `<a>` gets by a loop: a `forwardRef` cost React's server renderer 3.5 µs a link,
 * and a rest pattern that leaves out ten names another 4 µs (both measured with `renderToString`).
 *
 * Only for what needs no resolving: a path from the site's root (`/boat/x?y#z`), which the router
 * writes as it is. Anything else (a relative path, `.` or `..` segments, an object, another
 * site's address, a bare `?` or `#` the router drops) is left to Remix's `Link`. `link.test.tsx`
 * checks that both draw the same markup, to the byte (React keeps a differing attribute at
 * hydration rather than mend it).
 */
export const Link = (onServer ? ServerLink : forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  return <RemixLink ref={ref} {...props} />;
})) as ForwardRefExoticComponent<LinkProps & RefAttributes<HTMLAnchorElement>>;

/** What Remix's and React Router's links take for themselves and never put on the `<a>`. */
const LINK_OWN = new Set(["to", "prefetch", "discover", "reloadDocument", "replace", "state", "preventScrollReset", "relative", "viewTransition", "target"]);

/** What Remix's and React Router's `NavLink`s take for themselves besides (they draw them anew). */
const NAV_LINK_OWN = new Set([...LINK_OWN, "aria-current", "caseSensitive", "className", "end", "style", "children", "onClick"]);

/** `props` without the names in `own`, in their order: what the router's links spread on the `<a>`. */
function anchorProps(props: object, own: ReadonlySet<string>): Record<string, unknown> {
  const anchor: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) if (!own.has(key)) anchor[key] = value;
  return anchor;
}

function ServerLink(props: LinkProps) {
  const href = serverHref(props.to);
  if (href === null) return <RemixLink {...props} />;
  // The rest in their order, then what the router adds in its order: the same markup to the byte.
  const anchor = anchorProps(props, LINK_OWN);
  anchor["data-discover"] = (props.discover ?? "render") === "render" && !props.reloadDocument ? "true" : undefined;
  anchor.href = href;
  anchor.target = props.target;
  return createElement("a", anchor);
}

/** `to` as the server's router writes it into `href`, when that is `to` itself; otherwise null. */
export function serverHref(to: LinkProps["to"]): string | null {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//")) return null;
  const hashAt = to.indexOf("#");
  const beforeHash = hashAt === -1 ? to : to.slice(0, hashAt);
  if (hashAt === to.length - 1 || beforeHash.endsWith("?")) return null;
  const pathname = beforeHash.split("?")[0];
  if (/(^|\/)\.\.?(\/|$)/.test(pathname)) return null; // `.` and `..` segments, which the router resolves
  return to;
}

/**
 * Remix's `NavLink`, drawn on the server as the `<a>` it would draw there, without the router's
 * hooks that resolve its path (as `Link` above, decision 043): the header draws ten on every
 * page. Active as React Router says: the page's path is the link's, or below it unless `end`;
 * letter case aside unless `caseSensitive`. Nothing is pending or in a view transition while the
 * server draws. In the browser it is Remix's `NavLink`; `link.test.tsx` holds both to the same
 * markup, to the byte.
 */
export const NavLink = (onServer ? ServerNavLink : forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(props, ref) {
  return <RemixNavLink ref={ref} {...props} />;
})) as ForwardRefExoticComponent<NavLinkProps & RefAttributes<HTMLAnchorElement>>;

function ServerNavLink(props: NavLinkProps) {
  const href = props.viewTransition === true ? null : serverHref(props.to);
  const to = href === null ? null : linkPathname(href);
  const location = useLocation();
  if (to === null) return <RemixNavLink {...props} />;
  let current = location.pathname;
  let target = to;
  if (!props.caseSensitive) {
    current = current.toLowerCase();
    target = target.toLowerCase();
  }
  const endSlash = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  const isActive = current === target || (!props.end && current.startsWith(target) && current.charAt(endSlash) === "/");
  const state = { isActive, isPending: false, isTransitioning: false };
  const { className = "", style, children } = props;
  // The rest in their order, then what Remix's NavLink, React Router's NavLink and its Link add, in theirs.
  const anchor = anchorProps(props, NAV_LINK_OWN);
  anchor["data-discover"] = (props.discover ?? "render") === "render" && !props.reloadDocument ? "true" : undefined;
  anchor["aria-current"] = isActive ? (props["aria-current"] === undefined ? "page" : props["aria-current"]) : undefined;
  anchor.className = typeof className === "function" ? className(state) : [className, isActive ? "active" : null].filter(Boolean).join(" ");
  anchor.style = typeof style === "function" ? style(state) : style;
  anchor.href = href;
  anchor.target = props.target;
  return createElement("a", anchor, typeof children === "function" ? children(state) : children);
}

/**
 * The path of a root-relative `href` (before `?` and `#`) when the router would compare it as it
 * is: characters a URL's path keeps unchanged, no empty segment. Otherwise null (the router
 * encodes the rest, and folds repeated slashes).
 */
function linkPathname(href: string): string | null {
  const pathname = href.split(/[?#]/, 1)[0];
  return /^[A-Za-z0-9\-._~!$&'()*+,;=:@/]*$/.test(pathname) && !pathname.includes("//") ? pathname : null;
}
