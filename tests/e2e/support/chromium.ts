import { existsSync } from "node:fs";

/**
 * The Chromium the browser tests drive: `CHROMIUM_PATH` when set; else Debian's headless shell
 * (`apt-get install chromium-headless-shell`, the same Chromium build without the full browser's
 * window, compositor frames and GPU process), which loads a page of this app for about half the
 * CPU of `/usr/bin/chromium` in its new headless mode (48 page loads: 10–12 s against 19–21 s of
 * CPU on this machine); else `/usr/bin/chromium`. Lighthouse keeps the full browser
 * (scripts/lighthouse.ts): it measures painting as a phone would see it. Decision 037.
 */
export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  // The binary itself: /usr/bin/chromium-headless-shell is a shell script around it, one more
  // process between Playwright and the browser it stops.
  for (const candidate of ["/usr/lib/chromium/chromium-headless-shell", "/usr/bin/chromium-headless-shell"]) {
    if (existsSync(candidate)) return candidate;
  }
  return "/usr/bin/chromium";
}

/** The flags every browser test's Chromium starts with: nothing reaches out to Google's services. */
export const chromiumArgs = [
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
  "--disable-gpu",
];
