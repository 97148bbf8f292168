import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// One door for the pages: everything a page reads or changes it asks the tRPC router (a server-side
// caller on the server). Beside it only the pages' kit (server/entry/app.ts), which must hold no
// service, and nothing in app/ may name the database. dependency-cruiser enforces the imports
// (pages-ask-the-router, page-kit-holds-no-service); these check what a rule on imports cannot see.

const root = path.resolve(import.meta.dirname, '../..');
const kitSource = readFileSync(path.join(root, 'server/entry/app.ts'), 'utf8');

/** The kit's value exports (`export { a, b } from '...'`), by module; type-only exports are erased. */
function kitValueExports(source: string): { module: string; names: string[] }[] {
  return [...source.matchAll(/^export \{([^}]+)\} from '([^']+)';$/gm)].map((match) => ({
    module: path.resolve(root, 'server/entry', match[2]!),
    names: match[1]!.split(',').map((name) => name.trim()).filter((name) => name.length > 0 && !name.startsWith('type ')),
  }));
}

/** A service takes the context ({ db, ... }) first, and reads the database asynchronously. */
function isService(value: unknown): boolean {
  if (typeof value !== 'function') return false;
  const text = Function.prototype.toString.call(value);
  return value.constructor.name === 'AsyncFunction' || /^(async\s+)?function\s*\w*\s*\(\s*ctx\b/.test(text) || /^(async\s+)?\(?\s*ctx\b/.test(text);
}

function appSources(dir = path.join(root, 'app')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return appSources(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

describe('the pages reach the core through the router', () => {
  it('the pages\u2019 kit exports no service: every value it exports is a constant, a schema or a plain rule', async () => {
    const exports = kitValueExports(kitSource);
    expect(exports.length).toBeGreaterThan(0);
    const services: string[] = [];
    for (const { module, names } of exports) {
      const loaded = (await import(module)) as Record<string, unknown>;
      for (const name of names) {
        expect(loaded, `${name} is exported by ${path.relative(root, module)}`).toHaveProperty(name);
        if (isService(loaded[name])) services.push(name);
      }
    }
    expect(services).toEqual([]);
  });

  it('the kit has no `export *`, so a service cannot slip in beside a helper', () => {
    expect(kitSource).not.toMatch(/^export \*/m);
  });

  it('the check above recognises a service (it can fail)', async () => {
    const { listStorefronts } = await import('@/server/marketplace/list-storefronts');
    const { findSellerMemberships } = await import('@/server/sellers/find-seller-memberships');
    const { describePrice } = await import('@/server/catalog/describe-offering');
    expect(isService(listStorefronts)).toBe(true);
    expect(isService(findSellerMemberships)).toBe(true);
    expect(isService(describePrice)).toBe(false);
  });

  it('no page, layout, server action or route file of app/ names the database or Prisma', () => {
    const offenders = appSources()
      .filter((file) => /\bdb\(\)|from '@\/generated\/|from '@prisma\/|\$queryRaw|\.findMany\(|\.findUnique\(/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file));
    expect(offenders).toEqual([]);
  });

  it('only app/core.ts loads the core at run time; other files take types from its entries', () => {
    const offenders = appSources()
      .filter((file) => !file.endsWith(`${path.sep}app${path.sep}core.ts`))
      .filter((file) => /^import (?!type )[^;]*from '@licensing\/core(\/[a-z]+)?';$/m.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file));
    expect(offenders).toEqual([]);
  });
});
