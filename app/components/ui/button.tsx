import type { LinkProps } from "@remix-run/react";
import type { ButtonHTMLAttributes } from "react";
import { LocalizedLink } from "#app/components/localized-link";

/**
 * The buttons of the site (decision record 033): one look per variant and size, the same for a
 * `<button>` (`Button`) and a link that acts as one (`ButtonLink`). Pages that need the class on
 * another element (a `<label>`, a fetcher's form button) use `buttonClass`.
 *
 * - `primary`: the page's main action (sea blue, white text);
 * - `secondary`: a second choice beside it (outlined);
 * - `danger`: what cannot be undone (outlined red);
 * - `ghost`: a quiet action that reads as a link;
 * - `accent`: the coral call to action of a booking (book, search);
 * - `link`: a button that looks like a link in running text (with size `inline`: no padding).
 *
 * Sizes: `md` (secondary actions), `lg` (a page's main action), `block` (a form's full-width
 * submit), `cta` (a full-width call to action), `sm` (inside lists and tables), `inline` (none).
 */
export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost" | "accent" | "link";
export type ButtonSize = "sm" | "md" | "lg" | "block" | "cta" | "inline";

const BASE = "inline-flex items-center justify-center rounded-lg font-semibold disabled:opacity-60";
const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-sea-700 text-white shadow-sm hover:bg-sea-800",
  secondary: "border border-slate-300 text-slate-800 hover:bg-slate-50 dark:border-white/20 dark:text-slate-100 dark:hover:bg-white/10",
  danger: "border border-red-700 text-red-800 hover:bg-red-50 dark:border-red-400 dark:text-red-300 dark:hover:bg-red-950",
  ghost: "text-sea-800 underline hover:text-sea-900 dark:text-sea-200 dark:hover:text-sea-100",
  accent: "bg-coral-500 text-white shadow hover:bg-coral-600",
  link: "text-sea-700 underline dark:text-sea-300",
};
const SIZES: Record<ButtonSize, string> = {
  sm: "px-3 py-1.5 text-sm",
  md: "px-4 py-2",
  lg: "px-5 py-2.5",
  block: "w-full px-4 py-2.5",
  cta: "w-full px-4 py-3",
  inline: "",
};

/** The classes of a button of this variant and size, plus the caller's (margins, widths). */
export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "md", extra?: string): string {
  return [BASE, VARIANTS[variant], SIZES[size], extra].filter(Boolean).join(" ");
}

type Look = { variant?: ButtonVariant; size?: ButtonSize };

export function Button({ variant = "primary", size = "md", className, type = "submit", ...props }: Look & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={buttonClass(variant, size, className)} {...props} />;
}

/** A link that looks like a button (`to` in the page's language, as every `LocalizedLink`). */
export function ButtonLink({
  variant = "primary",
  size = "md",
  className,
  ...props
}: Look & Omit<LinkProps, "className"> & { to: string; className?: string }) {
  return <LocalizedLink className={buttonClass(variant, size, className)} {...props} />;
}
