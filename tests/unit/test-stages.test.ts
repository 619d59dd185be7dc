import { spawn } from "node:child_process";
import { once } from "node:events";
import { readdirSync, readFileSync } from "node:fs";
import { getPriority } from "node:os";
import { describe, expect, it } from "vitest";
import { chain, failureDigest, format, processTree, reniceTree, runGraph, STAGES, table } from "../../scripts/test-stages.js";

type Entry = { stage: string; needs: string[] };

/** Runs `graph` with stand-in stages: each ends when the test says, with the code it says. */
function standIn(graph: Entry[]) {
  const events: string[] = [];
  const pending = new Map<string, (code: number) => void>();
  const done = runGraph(graph, ({ stage }: Entry) => {
    events.push(`start ${stage}`);
    return new Promise<{ code: number }>((resolve) => pending.set(stage, (code) => resolve({ code })));
  });
  const end = async (stage: string, code = 0) => {
    const finish = pending.get(stage);
    if (!finish) throw new Error(`${stage} is not running (${events.join(", ")})`);
    pending.delete(stage);
    events.push(`end ${stage}`);
    finish(code);
    // Let the runner start what the end made ready.
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { events, running: () => [...pending.keys()], end, done };
}

describe("npm test's stages (scripts/test-stages.js)", () => {
  it("starts the browser tests when the build passes, beside the unit tests still running", async () => {
    const run = standIn(STAGES);
    expect(run.running()).toEqual(["test:unit", "build", "typecheck", "lint"]);
    await run.end("build");
    expect(run.running()).toEqual(["test:unit", "typecheck", "lint", "test:e2e"]);
    // The firebase stage waits for the unit tests too (never two emulator start-ups at once).
    await run.end("typecheck");
    await run.end("lint");
    expect(run.running()).toEqual(["test:unit", "test:e2e"]);
    await run.end("test:unit");
    // The runtime folder's check likewise fills the browser tests' last minutes.
    expect(run.running()).toEqual(["test:e2e", "test:e2e:firebase", "test:release"]);
    await run.end("test:e2e:firebase");
    await run.end("test:release");
    await run.end("test:e2e");
    const { results, notRun } = await run.done;
    expect(results.map(({ stage }: { stage: string }) => stage)).toEqual(["build", "typecheck", "lint", "test:unit", "test:e2e:firebase", "test:release", "test:e2e"]);
    expect(notRun).toEqual([]);
  });

  it("lets the build go first: the unit tests yield to it, and get their priority back, children and their threads included, when it passes", async () => {
    expect(STAGES.find(({ stage }) => stage === "test:unit")?.yieldsTo).toBe("build");
    // A stage's processes: a parent and the child it started (as npm starts vitest), the child
    // with a worker thread (as vitest runs most test files). Both start at niceness 10, as the
    // stage does, so every thread of theirs has it.
    const child = `new (require("node:worker_threads").Worker)("setTimeout(() => {}, 30000)", { eval: true }).on("online", () => console.log("online")); setTimeout(() => {}, 30000)`;
    const parent = spawn("nice", ["-n", "10", process.execPath, "-e", `require("node:child_process").spawn(process.execPath, ["-e", ${JSON.stringify(child)}], { stdio: "inherit" }); setTimeout(() => {}, 30000)`], { stdio: ["ignore", "pipe", "ignore"] });
    const niceness = (pid: number) => {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
    };
    const threads = (pid: number) => readdirSync(`/proc/${pid}/task`).map(Number);
    // Every thread of the tree.
    const everyThread = () => processTree(parent.pid!).flatMap(({ pid }) => threads(pid).map((tid) => niceness(tid)));
    try {
      await once(parent.stdout!, "data");
      const tree = processTree(parent.pid!).map(({ pid }) => pid);
      expect(tree[0]).toBe(parent.pid);
      expect(tree).toHaveLength(2);
      expect(new Set(everyThread())).toEqual(new Set([10]));
      // Lowering a niceness again needs root, which CI has (npm test yields only where it may).
      if (process.getuid?.() === 0) {
        reniceTree(parent.pid!, 0);
        expect(tree.map((pid) => getPriority(pid))).toEqual([0, 0]);
        expect(new Set(everyThread())).toEqual(new Set([0]));
      } else {
        reniceTree(parent.pid!, 15);
        expect(new Set(everyThread())).toEqual(new Set([15]));
      }
    } finally {
      for (const { pid } of processTree(parent.pid!).reverse()) process.kill(pid);
      await once(parent, "exit");
    }
  });

  it("starts nothing after a failure, lets the running stages finish, and lists the stages not run", async () => {
    const run = standIn(STAGES);
    await run.end("lint", 2);
    await run.end("build");
    // The build passed after lint failed: the browser tests do not start.
    expect(run.running()).toEqual(["test:unit", "typecheck"]);
    await run.end("typecheck");
    await run.end("test:unit");
    const { results, notRun } = await run.done;
    expect(results.map(({ stage, code }: { stage: string; code: number }) => `${stage} ${code}`)).toEqual(["lint 2", "build 0", "typecheck 0", "test:unit 0"]);
    expect(notRun).toEqual(["test:e2e", "test:e2e:firebase", "test:release"]);
  });

  it("runs named stages one after the other, stopping at the first that fails", async () => {
    const run = standIn(chain(["lint", "test:unit", "build"]));
    expect(run.running()).toEqual(["lint"]);
    await run.end("lint");
    expect(run.running()).toEqual(["test:unit"]);
    await run.end("test:unit", 1);
    const { notRun } = await run.done;
    expect(notRun).toEqual(["build"]);
  });

  it("refuses a stage that needs an unknown stage", async () => {
    await expect(runGraph([{ stage: "a", needs: ["b"] }], async () => ({ code: 0 }))).rejects.toThrow("a needs b, which is not a stage");
  });

  it("prints each stage's start, wall and CPU time, the failures and the stages not run", () => {
    expect(format(59.94)).toBe("59.9 s");
    expect(format(1019.7)).toBe("17 min 00 s");
    expect(format(Number.NaN)).toBe("–");
    const text = table(
      [
        { stage: "build", code: 0, start: 0, wall: 31.2, cpu: 40.5 },
        { stage: "test:e2e", code: 1, start: 31.3, wall: 300, cpu: Number.NaN },
      ],
      ["test:e2e:firebase"],
      331.5,
    );
    expect(text.split("\n").slice(2)).toEqual([
      "  build                  +0.0 s      31.2 s        40.5 s CPU",
      "  test:e2e              +31.3 s  5 min 00 s             – CPU   FAILED (exit 1)",
      "  test:e2e:firebase                 not run",
      "  total                          5 min 32 s        40.5 s CPU",
    ]);
  });

  it("prints a failed stage's failures again at the end, where a log's tail shows them", () => {
    const vitest = [
      " ✓ |shared| app/a.test.ts (3 tests) 20ms",
      "\x1b[31m ❯ |shared| app/b.test.ts (2 tests | 1 failed)\x1b[39m",
      "\x1b[31m⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯\x1b[39m",
      " FAIL  |shared| app/b.test.ts > quotes > accepts a quote until its day",
      "AssertionError: expected 409 to be 303",
      " Test Files  1 failed | 1 passed (2)",
    ].join("\n");
    expect(failureDigest(vitest)).toBe(
      ["⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯", " FAIL  |shared| app/b.test.ts > quotes > accepts a quote until its day", "AssertionError: expected 409 to be 303", " Test Files  1 failed | 1 passed (2)"].join("\n"),
    );
    const playwright = ["  ✓  1 [chromium] › a.spec.ts:3:1 › home (1.2s)", "  1) [chromium] › b.spec.ts:8:1 › search ────", "    Error: expect(locator).toBeVisible() failed", "  1 failed", "  139 passed (10.1m)"].join("\n");
    expect(failureDigest(playwright).split("\n")[0]).toBe("  1) [chromium] › b.spec.ts:8:1 › search ────");
    expect(failureDigest("noise\napp/x.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.\nmore noise")).toBe(
      "app/x.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.",
    );
    expect(failureDigest("\n/work/main/scripts/x.js\n  211:14  error  Unexpected control character  no-control-regex\n\n✖ 1 problem")).toBe(
      "/work/main/scripts/x.js\n  211:14  error  Unexpected control character  no-control-regex",
    );
    // Anything else: the last lines, at most the limit, and a long section says what it left out.
    const long = Array.from({ length: 100 }, (_, i) => `line ${i}`).join("\n");
    expect(failureDigest(long, 3)).toBe("line 97\nline 98\nline 99");
    const section = ["⎯⎯ Failed Tests 1 ⎯⎯", ...Array.from({ length: 10 }, (_, i) => `trace ${i}`)].join("\n");
    expect(failureDigest(section, 4).split("\n")).toEqual(["⎯⎯ Failed Tests 1 ⎯⎯", "trace 0", "trace 1", "trace 2", "… (7 more lines in the stage's output above)"]);
  });
});
