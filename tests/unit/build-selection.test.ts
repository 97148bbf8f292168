import { describe, expect, it } from 'vitest';
import { selectedFilesNeedBuild } from '../support/global-setup';

// `npm test -- <path>` builds the service only when a selected file starts it: a unit or in-process
// file alone runs in seconds on a fresh clone.

describe('which runs build the service first', () => {
  it('the whole suite builds', () => {
    expect(selectedFilesNeedBuild(['run'])).toBe(true);
    expect(selectedFilesNeedBuild([])).toBe(true);
  });

  it('a unit or in-process file alone does not', () => {
    expect(selectedFilesNeedBuild(['run', 'tests/unit/limits.test.ts'])).toBe(false);
    expect(selectedFilesNeedBuild(['run', './tests/integration/claim-intents.test.ts'])).toBe(false);
    expect(selectedFilesNeedBuild(['run', '--reporter', 'dot', 'tests/unit'])).toBe(false);
  });

  it('a file that starts a server, a browser page or the operator commands does, alone or among others', () => {
    expect(selectedFilesNeedBuild(['run', 'tests/e2e/storefront.test.ts'])).toBe(true);
    expect(selectedFilesNeedBuild(['run', 'tests/unit', 'tests/integration/admin-cli.test.ts'])).toBe(true);
    expect(selectedFilesNeedBuild(['run', 'tests/integration/rest-fuzz.test.ts'])).toBe(true);
  });

  it('a word that names no test file is no filter', () => {
    expect(selectedFilesNeedBuild(['run', '--project', 'no-such-file-anywhere'])).toBe(true);
  });
});
