import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints the plain closing line CI reads, "Tests: N passed, N failed, N skipped", after one line per
 * skipped test naming it: every skip in the suite says in its name when it runs (for example
 * "(runs when REDIS_URL is set)"), so no test is skipped silently.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    const skipped: string[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped.push(`${path.relative(process.cwd(), module.moduleId)} > ${test.fullName}`);
      }
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) failed++;
    }
    const skips = skipped.map((name) => `Skipped: ${name}\n`).join('');
    process.stdout.write(`\n${skips}Tests: ${passed} passed, ${failed} failed, ${skipped.length} skipped\n`);
  }
}
