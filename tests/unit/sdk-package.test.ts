import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { generateSdkTypes, SDK_TYPES_FILE } from '../../scripts/generate-sdk-types';

// The client library (sdk/): its wire types are the API document's, and it builds to ESM with type
// declarations that load without the server.
describe('the client library package', () => {
  it('its generated wire types are those of the current /openapi.json (npm run sdk:types writes them)', async () => {
    expect(fs.readFileSync(SDK_TYPES_FILE, 'utf8')).toBe(await generateSdkTypes());
  });

  it('builds to ESM with declarations, and the built entry exports the public names', async () => {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdk-dist-'));
    const result = spawnSync(process.execPath, [path.join('node_modules', 'typescript', 'bin', 'tsc'), '-p', path.join('sdk', 'tsconfig.json'), '--outDir', outDir], { encoding: 'utf8' });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(fs.existsSync(path.join(outDir, 'index.d.ts'))).toBe(true);
    // Loaded from outside the project's TypeScript: plain Node ESM, resolving jose from node_modules.
    const linked = path.join(process.cwd(), 'sdk', `.dist-check-${process.pid}`);
    fs.cpSync(outDir, linked, { recursive: true });
    try {
      const sdk = await import(pathToFileURL(path.join(linked, 'index.js')).href);
      expect(Object.keys(sdk).sort()).toEqual(expect.arrayContaining(['ArgumentError', 'LicensingApiError', 'RuntimeClient', 'readLicenseCode', 'LICENSE_CODE_PREFIX']));
      // The contract (the service's own request schemas) is a subpath of the package, usable alone.
      const contract = await import(pathToFileURL(path.join(linked, 'contract', 'index.js')).href);
      expect(contract.createLicenseSchema.safeParse({ requestId: '5b0d7f9e-3a1c-4f8e-9d2a-6c4b1e7f0a93', offeringId: 'o', correlationId: 't', seats: 1001 }).success).toBe(false);
      expect(contract.encodeWireKeys(contract.addSeatsSchema, { requestId: 'r', quantity: 2 })).toEqual({ RequestId: 'r', Quantity: 2 });
    } finally {
      fs.rmSync(linked, { recursive: true, force: true });
      fs.rmSync(outDir, { recursive: true, force: true });
    }
  });

  it('bundles for browsers and Electron: no Node built-in but the one signInWithBrowser loads when called', () => {
    const bundle = buildSync({ entryPoints: ['sdk/src/index.ts'], bundle: true, platform: 'browser', format: 'esm', write: false, external: ['node:http'], logLevel: 'silent' });
    const text = bundle.outputFiles[0]!.text;
    expect([...new Set(text.match(/\bnode:[a-z_]+/g) ?? [])]).toEqual(['node:http']);
    expect(text).toMatch(/import\(\s*["']node:http["']\s*\)/);
  });
});
