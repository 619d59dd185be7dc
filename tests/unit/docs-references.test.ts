import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * A person who clones the project has every document its code and docs cite: no comment or doc
 * points outside the repository (`../shared/…`), and every Markdown file named (`docs/PRODUCT.md`,
 * `020-framework-floor.md`, or `link.md` beside the file naming it) exists in it.
 */
const root = join(import.meta.dirname, "../..");
const ROOTS = ["app", "scripts", "tests", "docs", "server.ts", "eslint.config.js", "vite.config.ts", "playwright.config.ts", "README.md", ".env.example"];
const TEXT = /\.(ts|tsx|js|mjs|cjs|md|json|patch|example)$/;

function files(path: string): string[] {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [path];
  return readdirSync(full).flatMap((name) => (name === "node_modules" || name === "test-results" ? [] : files(join(path, name))));
}

const sources = ROOTS.flatMap(files).filter((path) => TEXT.test(path) || path === ".env.example");
const markdownInRepo = new Set(
  ["docs", "README.md"].flatMap(files).filter((path) => path.endsWith(".md")).flatMap((path) => [path, basename(path)]),
);

describe("documents the code cites", () => {
  it("scans the project's sources and docs", () => {
    expect(sources.length).toBeGreaterThan(300);
    expect(markdownInRepo.has("docs/ARCHITECTURE.md")).toBe(true);
  });

  it("never point outside the repository", () => {
    const outside = sources.filter((path) => path !== relative(root, import.meta.filename) && /\.\.\/shared\b|\/work\/shared/.test(readFileSync(join(root, path), "utf8")));
    expect(outside).toEqual([]);
  });

  it("name only Markdown files the repository has", () => {
    const missing: string[] = [];
    for (const path of sources) {
      if (path === relative(root, import.meta.filename)) continue;
      const text = readFileSync(join(root, path), "utf8");
      for (const match of text.matchAll(/(?<![\w/.-])((?:[\w.-]+\/)*[\w-]+\.md)\b/g)) {
        const named = match[1]!;
        if (named.toLowerCase() === "readme.md" || named.includes("NNN")) continue; // a pattern, not a file
        const known = markdownInRepo.has(named) || markdownInRepo.has(basename(named)) || existsSync(join(root, named)) || existsSync(join(root, dirname(path), named));
        if (!known) missing.push(`${path}: ${named}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
