/**
 * Amarre's mark, 32 × 32, drawn inline: the same drawing as `public/images/logo.svg` (which the
 * blog's structured data names by address; a change to one is a change to both). Chromium builds a whole document (page, frame, styles) for each SVG
 * file an `<img>` shows: the header's logo cost every page one (decision 045). Decorative: its
 * link carries the name. It keeps its size; the link around it may shrink on a narrow screen,
 * as it did around the `<img>`.
 */
export function LogoMark() {
  return (
    <svg viewBox="0 0 32 32" width={32} height={32} aria-hidden="true" className="shrink-0">
      <rect width="32" height="32" rx="7" fill="#1e4caf" />
      <g fill="none" stroke="#ffffff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round">
        <circle cx="16" cy="7.5" r="2.6" />
        <path d="M16 10.1V26.5M11 14h10M6.5 18.5c0 4.8 4.2 8 9.5 8s9.5-3.2 9.5-8" />
        <path d="M4.6 20.6l1.9-2.6 2.4 2M27.4 20.6l-1.9-2.6-2.4 2" />
      </g>
    </svg>
  );
}
