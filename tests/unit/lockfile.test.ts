import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

// `npm ci` refuses a lockfile that lacks an entry for an optional dependency it names. The npm
// registry copy here lacks some platform packages of some versions (e.g. @next/swc-* of 16.4.6);
// `npm install` then silently leaves them out and `npm ci` on a clean machine fails.
describe('package-lock.json', () => {
  it('has an entry for every optional dependency it names, so npm ci works on a new machine', () => {
    const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8')) as {
      packages: Record<string, { optionalDependencies?: Record<string, string> }>;
    };
    const missing: string[] = [];
    for (const [location, node] of Object.entries(lock.packages)) {
      for (const name of Object.keys(node.optionalDependencies ?? {})) {
        const nested = location ? `${location}/node_modules/${name}` : `node_modules/${name}`;
        if (!lock.packages[nested] && !lock.packages[`node_modules/${name}`]) missing.push(`${name} (needed by ${location || 'the project'})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
