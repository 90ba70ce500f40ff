import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints one closing line, `tests: N passed, N failed, N skipped`, and fails the run when a
 * test was skipped: a green run must have run everything it lists.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    const skipped: string[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped.push(`${test.project.name} › ${test.fullName}`);
      }
    }
    console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped.length} skipped`);
    if (skipped.length > 0) {
      console.log(`Skipped tests fail the run:\n  ${skipped.join('\n  ')}`);
      process.exitCode = 1;
    }
  }
}
