import { describe, expect, it } from 'vitest';
import { isHydrationWarning } from '../support/page-checks';

// The browser tests fail on any hydration warning in the console (tests/e2e/locale-format.test.ts):
// the filter must match what React 19 really logs, in development words and as minified errors.

describe('a hydration warning in the console', () => {
  it('is recognised in React 19’s words and as its minified error numbers', () => {
    for (const line of [
      "A tree hydrated but some attributes of the server rendered HTML didn't match the client properties. This won't be patched up.",
      'Hydration failed because the server rendered text didn\'t match the client.',
      'Uncaught Error: Minified React error #418; visit https://react.dev/errors/418 for the full message',
      'Minified React error #425',
      'Warning: Text content did not match. Server: "1" Client: "2"',
    ]) {
      expect(isHydrationWarning(line), line).toBe(true);
    }
  });

  it('leaves other console lines alone', () => {
    for (const line of ['Download the React DevTools for a better development experience', 'Failed to load resource: the server responded with a status of 404 ()', '[HMR] connected']) {
      expect(isHydrationWarning(line), line).toBe(false);
    }
  });
});
