/**
 * The site's own drawings that every page or the home page's first screen shows, drawn inline.
 * Chromium builds a whole document (page, frame, styles) for each SVG file an `<img>` shows: on
 * a phone at a quarter of this machine's speed that was a 45–50 ms task for the 600-byte waves
 * alone, and the header's logo cost every page its own (decision 045). Inline, they are a few
 * elements of the page. The files stay in `public/images/` for what needs an address (the blog's
 * structured data names the logo; the waves are the blog's fallback cover).
 */

/** Amarre's mark, 32 × 32 (`public/images/logo.svg`). Decorative: its link carries the name. */
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

/**
 * The waves along the bottom of home's first screen (`public/images/hero-waves.svg`), as wide as
 * their box and as tall as their drawing's proportions (1440 × 200) make them.
 */
export function HeroWaves({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 1440 200" preserveAspectRatio="none" aria-hidden="true" className={`block aspect-[36/5] h-auto ${className ?? ""}`}>
      <path d="M0 70C120 40 240 40 360 66S600 110 720 84 960 30 1080 48 1320 100 1440 76V200H0z" fill="#ffffff" fillOpacity=".12" />
      <path d="M0 104C140 78 260 84 400 110S660 140 800 116 1060 72 1200 90 1380 128 1440 120V200H0z" fill="#ffffff" fillOpacity=".2" />
      <path d="M0 140C160 118 300 124 460 146S760 170 920 150 1220 118 1440 140V200H0z" fill="#ffffff" fillOpacity=".35" />
      <path d="M0 172C180 156 360 160 540 176S900 192 1080 178 1320 162 1440 170V200H0z" fill="#ffffff" />
    </svg>
  );
}
