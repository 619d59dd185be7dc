import type { HTMLAttributes } from "react";

/**
 * The framed boxes of the site (decision record 033): a rounded border, light in both schemes,
 * with the padding of its kind — `md` for the boxes of a page's sections (bookings, cases),
 * `lg` for settings panels, `xl` for a sign-in or register form; `raised` adds the shadow those
 * forms have.
 */
export type CardPadding = "sm" | "md" | "lg" | "xl";

const PADDING: Record<CardPadding, string> = { sm: "p-4", md: "p-5", lg: "p-6", xl: "p-8" };

export function cardClass(padding: CardPadding = "md", options: { raised?: boolean; extra?: string } = {}): string {
  return ["rounded-2xl border border-slate-200", PADDING[padding], options.raised ? "shadow-sm" : null, "dark:border-white/10", options.extra].filter(Boolean).join(" ");
}

type CardProps = { padding?: CardPadding; raised?: boolean; as?: "div" | "section" | "article" | "aside" } & HTMLAttributes<HTMLElement>;

export function Card({ padding = "md", raised = false, as: Tag = "div", className, ...props }: CardProps) {
  return <Tag className={cardClass(padding, { raised, extra: className })} {...props} />;
}
