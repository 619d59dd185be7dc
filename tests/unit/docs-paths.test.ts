import { existsSync, globSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The docs a newcomer follows name files that exist: every backticked repository path
 * (`app/…`, `tests/…`, `scripts/…`, `docs/…`, `public/…`, `locales/…`, `patches/…`, and the
 * files at the root such as `package.json` or `vite.config.ts`) and every relative Markdown link
 * in docs/ARCHITECTURE.md, README.md and docs/guides/*.md. A path with a placeholder
 * (`app/features/<feature>/`) is skipped; a glob (`app/utils/**\/schemas.ts`, `{a,b}`) must match
 * at least one file. A bare name (`service.ts`) is read in its sentence's context and not checked.
 */
const root = join(import.meta.dirname, "../..");

const guides = existsSync(join(root, "docs/guides"))
  ? readdirSync(join(root, "docs/guides"))
      .filter((name) => name.endsWith(".md"))
      .map((name) => `docs/guides/${name}`)
  : [];
const DOCS = ["docs/ARCHITECTURE.md", "README.md", ...guides];

const IN_FOLDER = /^(app|tests|scripts|docs|public|locales|patches)\//;
const AT_ROOT =
  /^(package(-lock)?\.json|tsconfig\.json|Dockerfile|\.env\.example|[\w-]+\.config\.[cm]?[jt]s|firebase\.json|firestore\.[\w.]+|storage\.rules|server\.ts|README\.md)$/;
/** `<feature>`, `…`, `NNN`, `$VAR`, or a sentence rather than a path. */
const PLACEHOLDER = /[<>…$ ]|\.\.\.|NNN/;

/** `app/x.ts:12`, `app/x.ts#L3`, `app/x.ts`'s: the path alone. */
function bare(token: string): string {
  return token.replace(/(:\d[\d-]*|#.*)$/, "");
}

function expand(pattern: string): string[] {
  const brace = /\{([^{}]*)\}/.exec(pattern);
  if (!brace) return [pattern];
  return brace[1]!.split(",").flatMap((part) => expand(pattern.replace(brace[0], part)));
}

function exists(path: string): boolean {
  return expand(path).every((one) => (/[*?[]/.test(one) ? globSync(one, { cwd: root }).length > 0 : existsSync(join(root, one))));
}

/** The repository paths a document names: backticked paths and relative Markdown links. */
function namedPaths(doc: string, text: string): string[] {
  const paths: string[] = [];
  for (const [, token] of text.matchAll(/`([^`\n]+)`/g)) {
    const path = bare(token!);
    if ((IN_FOLDER.test(path) || AT_ROOT.test(path)) && !PLACEHOLDER.test(path)) paths.push(path);
  }
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:|^#|^\//.test(target!)) continue; // a web address, an anchor, a site path
    const path = relative(root, join(root, dirname(doc), target!.replace(/#.*$/, "")));
    if (!PLACEHOLDER.test(path)) paths.push(path);
  }
  return paths;
}

describe("paths the docs name", () => {
  it("reads the architecture, the README and the guides", () => {
    expect(DOCS).toEqual(
      expect.arrayContaining([
        "docs/ARCHITECTURE.md",
        "README.md",
        "docs/guides/add-a-page.md",
        "docs/guides/add-a-field-to-a-listing.md",
        "docs/guides/add-an-email.md",
        "docs/guides/add-a-language.md",
        "docs/guides/deploy.md",
      ]),
    );
    for (const doc of DOCS) expect(namedPaths(doc, readFileSync(join(root, doc), "utf8")).length, doc).toBeGreaterThan(0);
  });

  it("finds backticked paths, links and globs, and skips placeholders", () => {
    const text =
      "Edit `app/routes.ts:12` and `app/nope.ts`, see [the records](docs/decisions/README.md), " +
      "`app/features/<feature>/index.ts`, `app/{root,entry.client}.tsx`, `locales/*/common.json`, `service.ts`, `vite.config.ts`.";
    const paths = namedPaths("README.md", text);
    expect(paths).toEqual([
      "app/routes.ts",
      "app/nope.ts",
      "app/{root,entry.client}.tsx",
      "locales/*/common.json",
      "vite.config.ts",
      "docs/decisions/README.md",
    ]);
    expect(paths.filter((path) => !exists(path))).toEqual(["app/nope.ts"]);
    expect(exists("app/{root,nope}.tsx")).toBe(false);
    expect(exists("locales/*/nope.json")).toBe(false);
  });

  it.each(DOCS)("%s names only paths that exist", (doc) => {
    const missing = namedPaths(doc, readFileSync(join(root, doc), "utf8")).filter((path) => !exists(path));
    expect(missing).toEqual([]);
  });
});
