import type { Reporter, TestCase } from "vitest/node";

/**
 * Lists, at the end of the run, the tests that failed and then passed on their second run
 * (`retry: 1` in vite.config.ts), one line each starting "flaky:". A test that fails only when the
 * machine is loaded does not stop a release, but it is named, so it gets looked at: `npm test`
 * prints these lines again above its end table (scripts/test-stages.js, flakyLines).
 */
export default class FlakyReporter implements Reporter {
  private flaky: string[] = [];

  onTestCaseResult(testCase: TestCase) {
    const diagnostic = testCase.diagnostic();
    if (testCase.result().state === "passed" && diagnostic && diagnostic.retryCount > 0) {
      this.flaky.push(`flaky: ${testCase.module.moduleId.replace(`${process.cwd()}/`, "")} > ${testCase.fullName} (passed on run ${diagnostic.retryCount + 1})`);
    }
  }

  onTestRunEnd() {
    if (this.flaky.length > 0) console.log(`\n${this.flaky.length} test(s) passed only when run again:\n${this.flaky.join("\n")}`);
  }
}
