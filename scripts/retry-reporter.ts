import type { Reporter, TestCase } from "vitest/node";

const retriesAllowed = (testCase: TestCase) => {
  const retry = testCase.options.retry;
  return (typeof retry === "number" ? retry : (retry?.count ?? 0)) > 0;
};

/**
 * Names every test that passed only on a retry (browser journeys may retry once), so a flake is
 * seen and fixed instead of hidden by the green run. Listed before Vitest's default reporter, so
 * the run still ends with the usual "Tests N passed" summary.
 */
export default class RetryReporter implements Reporter {
  private readonly flaky: { name: string; errors: string[] }[] = [];
  private withRetries = 0;

  onTestCaseResult(testCase: TestCase) {
    if (!retriesAllowed(testCase)) return;
    this.withRetries += 1;
    const result = testCase.result();
    if (result.state === "passed" && testCase.diagnostic()!.retryCount > 0) {
      // A passed test keeps the errors of its failed attempts: what to fix.
      const errors = (result.errors ?? []).map((error) => (error.message ?? String(error)).split("\n")[0]!);
      this.flaky.push({ name: `${testCase.module.relativeModuleId} > ${testCase.fullName}`, errors });
    }
  }

  onTestRunEnd() {
    if (this.withRetries === 0) return;
    console.log("");
    for (const { name, errors } of this.flaky) {
      console.log(`FLAKY (passed on retry): ${name}`);
      for (const error of errors) console.log(`  first attempt failed: ${error}`);
    }
    console.log(
      this.flaky.length === 0
        ? `Retries: none of ${this.withRetries} retryable tests needed one.`
        : `Retries: ${this.flaky.length} of ${this.withRetries} retryable tests passed only on a retry.`,
    );
  }
}
