/** The build's version and commit, written in by Vite's `define` (vite.config.ts); absent when the code runs without Vite. */
declare const __AMARRE_BUILD__: { version: string; commit: string | null } | undefined;

export type BuildInfo = { version: string | null; commit: string | null };

export function buildInfo(): BuildInfo {
  return typeof __AMARRE_BUILD__ === "undefined" ? { version: null, commit: null } : { version: __AMARRE_BUILD__.version, commit: __AMARRE_BUILD__.commit };
}
