import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * No source file over 400 lines (decision record 035): a file that grows past it is split by what
 * it does. Counted: the project's code and styles (TypeScript, JavaScript, CSS) in app/, scripts/,
 * tests/ and the root's config files, tests included. Not counted: generated files, seed data and
 * default texts, each listed below with its reason; translations (locales/*.json), documents and
 * other data files are not code and are not scanned.
 */
const MAX_LINES = 400;
const root = join(import.meta.dirname, "../..");
/** The folders of code, and the code files at the root (server.ts, the tools' config files). */
const ROOTS = ["app", "scripts", "tests", ...readdirSync(root).filter((name) => statSync(join(root, name)).isFile())];
const SKIPPED_DIRS = new Set(["node_modules", "build", "test-results", "playwright-report", ".cache"]);
const CODE = /\.(ts|tsx|js|jsx|mjs|cjs|css)$/;

/** Files exempt from the limit, each with its reason. */
const EXEMPT: Array<{ path: RegExp; reason: string }> = [
  { path: /^app\/\.server\/seed\/(listings|blog)\.ts$/, reason: "seed data: the demo marketplace's boats and docks, the demo blog posts" },
  { path: /^app\/features\/service-pages\/\.server\/defaults\//, reason: "default texts of the service pages, one file per language" },
  { path: /\.d\.ts$/, reason: "type declarations" },
];
/** A generated file says so in its first lines and is not counted. */
const GENERATED = /@generated|do not edit/i;

function files(path: string): string[] {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [path];
  return readdirSync(full).flatMap((name) => (SKIPPED_DIRS.has(name) ? [] : files(`${path}/${name}`)));
}

function lineCount(text: string): number {
  // As `wc -l` counts: the newlines.
  return text.split("\n").length - 1;
}

const sources = ROOTS.flatMap(files).filter((path) => CODE.test(path));

function isExempt(path: string, text: string): boolean {
  if (EXEMPT.some((rule) => rule.path.test(path))) return true;
  return GENERATED.test(text.split("\n").slice(0, 5).join("\n"));
}

describe("file length", () => {
  it("scans the project's code", () => {
    expect(sources.length).toBeGreaterThan(300);
    expect(sources).toContain("app/root.tsx");
    expect(sources).toContain("tests/unit/file-length.test.ts");
  });

  it(`keeps every source file that is not exempt at ${MAX_LINES} lines or fewer`, () => {
    const tooLong = sources
      .map((path) => {
        const text = readFileSync(join(root, path), "utf8");
        return { path, lines: lineCount(text), exempt: isExempt(path, text) };
      })
      .filter((file) => !file.exempt && file.lines > MAX_LINES)
      .map((file) => `${file.path} (${file.lines} lines)`);
    expect(tooLong, `split these by responsibility (decision record 035)`).toEqual([]);
  });

  it("lists only exemptions that still match a file", () => {
    for (const rule of EXEMPT.filter((r) => !r.reason.startsWith("type declarations"))) {
      expect(
        sources.some((path) => rule.path.test(path)),
        `${rule.path} (${rule.reason})`,
      ).toBe(true);
    }
  });

  it("counts lines as wc -l does", () => {
    expect(lineCount("a\nb\n")).toBe(2);
    expect(lineCount("a\nb")).toBe(1);
    expect(lineCount("")).toBe(0);
  });
});
