// eslint-disable-next-line no-restricted-imports -- the one place that wraps it
import { Link as RemixLink, type LinkProps } from "@remix-run/react";
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
