/**
 * Counts functions longer than a limit (default 80 lines) in the project's own sources
 * (app/, scripts/, tests/, server.ts) and prints the count and the worst 20.
 * Not part of `npm test`: run it by hand, `npx tsx scripts/long-functions.ts [limit] [--files] [--no-tests]`.
 * A function is any function declaration, method, arrow function or function expression;
 * a nested function is counted on its own as well as inside its parent.
 */
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import ts from "typescript";

const args = process.argv.slice(2);
const limit = Number(args.find((a) => /^\d+$/.test(a)) ?? 80);
const perFile = args.includes("--files");
// --no-tests leaves out test files, shared contract/suite files and tests/ (the helpers the suites run).
const noTests = args.includes("--no-tests");
const isTest = (f: string) => f.startsWith("tests/") || /\.(test|spec|contract|suite)\.tsx?$/.test(f);

const files = execFileSync("git", ["ls-files", "app", "scripts", "tests", "server.ts"], { encoding: "utf8" })
  .split("\n")
  .filter((f) => /\.(ts|tsx)$/.test(f) && !f.endsWith(".d.ts"))
  .filter((f) => !noTests || !isTest(f));

type Long = { file: string; name: string; line: number; lines: number };
const found: Long[] = [];

function nameOf(node: ts.Node, source: ts.SourceFile): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) return node.name.getText(source);
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText(source);
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText(source);
  if (parent && ts.isCallExpression(parent)) return `<callback of ${parent.expression.getText(source).slice(0, 40)}>`;
  return "<anonymous>";
}

for (const file of files) {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const visit = (node: ts.Node) => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isArrowFunction(node) ||
      ts.isFunctionExpression(node) ||
      ts.isGetAccessor(node) ||
      ts.isSetAccessor(node)
    ) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > limit) found.push({ file, name: nameOf(node, source), line: start + 1, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

found.sort((a, b) => b.lines - a.lines);
console.log(`${found.length} functions over ${limit} lines`);
for (const f of found.slice(0, 20)) console.log(`${String(f.lines).padStart(5)}  ${f.file}:${f.line}  ${f.name}`);
if (perFile) {
  const byFile = new Map<string, number>();
  for (const f of found) byFile.set(f.file, (byFile.get(f.file) ?? 0) + 1);
  for (const [file, n] of [...byFile].sort((a, b) => b[1] - a[1])) console.log(`${String(n).padStart(3)}  ${file}`);
}
