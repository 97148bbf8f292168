import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { surfaceApps } from '@/server/http/rest-app';
import { config as proxyConfig } from '@/proxy';
import { isSurfacePath, SURFACE_NAMES, SURFACES, surfaceMounts, surfaceOf, type Surface } from '@/server/platform/routing-table';

// The routing table is the one list of surfaces and prefixes: the REST app's sub-apps, the entry
// server's mounts, the pages' proxy and Next's route files are held to it here.

const ALL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

function routeFiles(dir = 'app'): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? routeFiles(full) : entry.name === 'route.ts' ? [full] : [];
  });
}

/** `app/(hosted-checkout)/checkout/local/[sessionId]/pay/route.ts` → `/checkout/local/x/pay`; `[[...path]]` adds nothing. */
function urlOf(file: string): string {
  const segments = path.dirname(file).split(path.sep).slice(1);
  return `/${segments.filter((segment) => !/^\(.*\)$/.test(segment) && !segment.startsWith('[[')).map((segment) => (segment.startsWith('[') ? 'x' : segment)).join('/')}`;
}

const exportedMethods = (source: string) => [...source.matchAll(/handleRest as (\w+)/g)].map((match) => match[1]!);

describe('the routing table', () => {
  it('every Next route file that hands requests to the REST app is listed under its surface, and every listed one exists', () => {
    const handing = routeFiles().filter((file) => fs.readFileSync(file, 'utf8').includes('handleRest'));
    const listed = SURFACE_NAMES.flatMap((name) => SURFACES[name].nextRouteFiles);
    expect(handing.sort()).toEqual([...listed].sort());
  });

  it('each listed route file lies on its surface and hands it every method (the surface refuses its own)', () => {
    for (const name of SURFACE_NAMES) {
      for (const file of SURFACES[name].nextRouteFiles) {
        const url = urlOf(file);
        const methods = exportedMethods(fs.readFileSync(file, 'utf8'));
        expect(methods.sort(), file).toEqual([...ALL_METHODS].sort());
        expect(surfaceOf(url), url).toBe(name);
      }
    }
  });

  it("every operation a surface registers lies on that surface's paths, and nothing outside them", () => {
    for (const name of SURFACE_NAMES) {
      const operations = surfaceApps[name].app.routes.filter((route) => route.method !== 'ALL' && !route.path.includes('*'));
      expect(operations.length, name).toBeGreaterThan(0);
      for (const operation of operations) expect(surfaceOf(operation.path), `${operation.method} ${operation.path}`).toBe(name);
    }
  });

  it("the entry server mounts every prefix and single operation of the table, leaving Next's pages to Next", () => {
    const mounts = surfaceMounts();
    for (const name of SURFACE_NAMES) {
      const surface: Surface = SURFACES[name];
      for (const prefix of surface.prefixes) expect(mounts.some((mount) => mount.surface === name && mount.prefixes.includes(prefix)), prefix).toBe(true);
    }
    const identity = mounts.find((mount) => mount.surface === 'identity')!;
    expect(identity.pages).toEqual(['/identity/sign-in']);
    // The entry server takes the first mount whose prefix matches: one mount per prefix, or a path is lost.
    const prefixes = mounts.flatMap((mount) => mount.prefixes);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    const local = mounts.find((mount) => mount.surface === 'checkoutCallbacks' && mount.only)!;
    expect(local.only!('/checkout/local/0192f000-0000-7000-8000-000000000001/pay')).toBe(true);
    expect(local.only!('/checkout/local/0192f000-0000-7000-8000-000000000001/cancel')).toBe(true);
    expect(local.only!('//checkout/local/0192f000-0000-7000-8000-000000000001/cancel')).toBe(true);
    expect(local.only!('/checkout/local/0192f000-0000-7000-8000-000000000001')).toBe(false);
  });

  it('the pages proxy skips exactly the surfaces: pages under a prefix and beside a single path stay pages', () => {
    for (const surfacePath of ['/purchase/demo/offerings', '/licensing-mgmt/licenses', '/mcp', '/identity/oauth2/v2.0/token', '/identity/sign-in/email', '/healthz', '/docs', '/payments/stripe/webhook', '/checkout/return/x']) {
      expect(isSurfacePath(surfacePath), surfacePath).toBe(true);
    }
    expect(isSurfacePath('/checkout/local/x/pay')).toBe(true);
    for (const pagePath of ['/', '/portal', '/identity/sign-in', '/marketplace/demo', '/checkout/local/x', '/checkout/local/x/receipt', '/checkout/complete', '/licensing-docs', '/docsx']) {
      expect(isSurfacePath(pagePath), pagePath).toBe(false);
    }
  });

  it("the pages proxy's literal matcher lets no surface path through, and every page (those under a prefix too)", () => {
    // Next compiles the source as this regular expression (path-to-regexp passes a group through).
    const matcher = new RegExp(`^${proxyConfig.matcher[0]!.source}$`);
    for (const name of SURFACE_NAMES) {
      const surface: Surface = SURFACES[name];
      for (const prefix of surface.prefixes) {
        for (const path of [prefix, `${prefix}/x`, `${prefix}/x/y`]) expect(matcher.test(path), `${name}: ${path}`).toBe(false);
      }
      for (const page of surface.pages ?? []) expect(matcher.test(page), page).toBe(true);
    }
    for (const page of ['/', '/portal', '/portal/orders', '/marketplace/demo', '/licenses', '/checkout/local/x', '/checkout/complete', '/identity/sign-in', '/licensing-docs', '/docsx', '/metricsx']) {
      expect(matcher.test(page), page).toBe(true);
    }
  });
});
