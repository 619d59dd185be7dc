/**
 * vitest's global setup: one temporary directory for the whole unit run, removed when it ends.
 * Every worker's `os.tmpdir()` is under it (TMPDIR, inherited by the workers this process starts),
 * so the data directories, seeded templates and emulator files of the tests go with the run, even
 * those of a worker that was stopped before its own clean-up ran (the templates of
 * `tests/test-services.ts` are removed at a worker's exit, which a stopped worker never reaches).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export default function setup() {
  const previous = process.env.TMPDIR;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-unit-run-"));
  process.env.TMPDIR = dir;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
