// `npm run lint:openapi`: the API document (built as /openapi.json serves it, without starting the
// service) linted by Redocly's CLI with its recommended rules (redocly.yaml). Fails on any error.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openApiDocument } from '../server/http/rest-app';

const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-')), 'openapi.json');
fs.writeFileSync(file, JSON.stringify(openApiDocument(), null, 2));
const result = spawnSync(process.execPath, [path.join('node_modules', '@redocly', 'cli', 'bin', 'cli.js'), 'lint', file, '--config', 'redocly.yaml', '--format', 'stylish'], {
  stdio: 'inherit',
  // Nothing leaves the machine: no usage report, no update check.
  env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
});
process.exit(result.status ?? 1);
