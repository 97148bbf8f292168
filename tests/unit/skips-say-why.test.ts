import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// No test is skipped silently: a conditional skip names, in the test's own name, when it runs, and
// the summary reporter prints every skipped test. An unconditional skip (.skip, .todo) has no place.
function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? testFiles(full) : entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('skips in the suite', () => {
  it('every skipIf/runIf names when the test runs, and nothing is skipped unconditionally', () => {
    const offenders: string[] = [];
    for (const file of testFiles('tests')) {
      const source = fs.readFileSync(file, 'utf8');
      for (const match of source.matchAll(/\b(?:it|test|describe)\.(skipIf|runIf)\([^)]*\)\(\s*(['"`])(.*?)\2/g)) {
        if (!/\(runs when [^)]+\)/.test(match[3]!)) offenders.push(`${file}: ${match[3]}`);
      }
      for (const match of source.matchAll(/\b(?:it|test|describe)\.(skip|todo)\(/g)) offenders.push(`${file}: .${match[1]}(`);
    }
    expect(offenders).toEqual([]);
  });
});
