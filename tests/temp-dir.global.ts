/**
 * vitest's global setup: one temporary directory for the whole unit run, removed when it ends.
 * Every worker's `os.tmpdir()` is under it (TMPDIR, inherited by the workers this process starts),
 * so the data directories, seeded templates and emulator files of the tests go with the run, even
 * those of a worker that was stopped before its own clean-up ran (the templates of
 * `tests/test-services.ts` are removed at a worker's exit, which a stopped worker never reaches).
 *
 * The directory is in memory (`/dev/shm`) where the machine has one and TMPDIR does not name
 * another place: the embedded store commits with `synchronous = FULL`, and on a disk each test's
 * commits waited for it (two alternating pairs of `vitest run` on this 2-core machine: 126–131 s
 * of wall and 220–225 s of CPU on disk, 116–122 s and 198–215 s in memory). No unit test is about
 * surviving a power cut; the browser stage's kill -9 test keeps its data on disk.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const MEMORY = "/dev/shm";

function baseDir(): string {
  if (process.env.TMPDIR) return os.tmpdir();
  try {
    fs.accessSync(MEMORY, fs.constants.W_OK);
    if (fs.statSync(MEMORY).isDirectory()) return MEMORY;
  } catch {
    // No writable /dev/shm (not Linux, or a container without one): the system's.
  }
  return os.tmpdir();
}

export default function setup() {
  const previous = process.env.TMPDIR;
  const dir = fs.mkdtempSync(path.join(baseDir(), "amarre-unit-run-"));
  process.env.TMPDIR = dir;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
