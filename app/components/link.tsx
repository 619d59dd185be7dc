// eslint-disable-next-line no-restricted-imports -- the one place that wraps them
import { Link as RemixLink, NavLink as RemixNavLink, useLocation, type LinkProps, type NavLinkProps } from "@remix-run/react";
import { forwardRef } from "react";

/**
 * Remix's `Link`, drawn on the server as the plain `<a>` it would draw there. In the browser it
 * is Remix's `Link` itself, which hydrates that markup and navigates without a document load.
 *
 * Why (decision 043): on the server a `Link` is only its `<a>`, yet Remix's and React Router's
 * hooks resolve its path three times (each with a JSON round trip of the matched routes): 8–12 µs
 * a link against 1 µs for an `<a>`, measured with `renderToString`. A rendered home page has 59
 * links and a search page 85: 3–19 % of a rendered page's CPU.
 *
 * Only for what needs no resolving: a path from the site's root (`/boat/x?y#z`), which the router
 * writes as it is. Anything else (a relative path, `.` or `..` segments, an object, another
 * site's address, a bare `?` or `#` the router drops) is left to Remix's `Link`. `link.test.tsx`
 * checks that both draw the same markup, to the byte (React keeps a differing attribute at
 * hydration rather than mend it).
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  const href = typeof document === "undefined" ? serverHref(props.to) : null;
  if (href === null) return <RemixLink ref={ref} {...props} />;
  // What Remix's and React Router's links take for themselves and never put on the `<a>`; the
  // rest in their order, so the markup is the same to the byte.
  const { to: _to, prefetch: _prefetch, discover = "render", reloadDocument, replace: _replace, state: _state, preventScrollReset: _scroll, relative: _relative, viewTransition: _transition, target, ...anchor } = props;
  return <a {...anchor} data-discover={discover === "render" && !reloadDocument ? "true" : undefined} href={href} ref={ref} target={target} />;
});

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
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(props, ref) {
  const href = typeof document === "undefined" && props.viewTransition !== true ? serverHref(props.to) : null;
  const to = href === null ? null : linkPathname(href);
  if (to === null) return <RemixNavLink ref={ref} {...props} />;
  // eslint-disable-next-line react-hooks/rules-of-hooks -- the same hooks on every render of one side (server or browser)
  let current = useLocation().pathname;
  let target = to;
  if (!props.caseSensitive) {
    current = current.toLowerCase();
    target = target.toLowerCase();
  }
  const endSlash = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  const isActive = current === target || (!props.end && current.startsWith(target) && current.charAt(endSlash) === "/");
  const state = { isActive, isPending: false, isTransitioning: false };
  // What Remix's NavLink, React Router's NavLink and its Link take for themselves; the rest, in
  // their order, then what they add in theirs.
  const {
    to: _to,
    prefetch: _prefetch,
    discover = "render",
    "aria-current": ariaCurrent = "page",
    caseSensitive: _caseSensitive,
    className = "",
    end: _end,
    style,
    viewTransition: _transition,
    children,
    onClick: _onClick,
    relative: _relative,
    reloadDocument,
    replace: _replace,
    state: _state,
    target: targetAttribute,
    preventScrollReset: _scroll,
    ...anchor
  } = props;
  return (
    <a
      {...anchor}
      data-discover={discover === "render" && !reloadDocument ? "true" : undefined}
      aria-current={isActive ? ariaCurrent : undefined}
      className={typeof className === "function" ? className(state) : [className, isActive ? "active" : null].filter(Boolean).join(" ")}
      style={typeof style === "function" ? style(state) : style}
      href={href!}
      ref={ref}
      target={targetAttribute}
    >
      {typeof children === "function" ? children(state) : children}
    </a>
  );
});

/**
 * The path of a root-relative `href` (before `?` and `#`) when the router would compare it as it
 * is: characters a URL's path keeps unchanged, no empty segment. Otherwise null (the router
 * encodes the rest, and folds repeated slashes).
 */
function linkPathname(href: string): string | null {
  const pathname = href.split(/[?#]/, 1)[0];
  return /^[A-Za-z0-9\-._~!$&'()*+,;=:@/]*$/.test(pathname) && !pathname.includes("//") ? pathname : null;
}
