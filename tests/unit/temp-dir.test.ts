import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";

it("the unit tests' temporary files go under the run's own directory, removed when the run ends", () => {
  // tests/temp-dir.global.ts: a test that leaves a directory behind does not fill the machine's /tmp.
  expect(path.basename(os.tmpdir())).toMatch(/^amarre-unit-run-/);
});
