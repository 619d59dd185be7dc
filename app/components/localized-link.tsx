import type { LinkProps, NavLinkProps } from "@remix-run/react";
import { Link, NavLink } from "#app/framework/link";
import { forwardRef } from "react";
import { useLocalizePath } from "#app/utils/use-lang";

/** A link to an unprefixed path (`/about`), kept in the current language (`/fr/about`). */
export const LocalizedLink = forwardRef<HTMLAnchorElement, LinkProps & { to: string }>(
  function LocalizedLink({ to, ...props }, ref) {
    return <Link ref={ref} to={useLocalizePath()(to)} {...props} />;
  },
);

export const LocalizedNavLink = forwardRef<HTMLAnchorElement, NavLinkProps & { to: string }>(
  function LocalizedNavLink({ to, ...props }, ref) {
    return <NavLink ref={ref} to={useLocalizePath()(to)} {...props} />;
  },
);
