// `npm run sdk:types`: the client library's wire types (sdk/src/generated/openapi.ts), generated from
// the API document exactly as /openapi.json serves it. The library validates requests with the very
// zod schemas the service validates them with (sdk/src/contract), so only the types are generated. A
// unit test fails when the file is stale. The linter skips the folder (eslint.config.mjs ignores it), so
// the file carries no disable of its own.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { astToString, default as openapiTS, type OpenAPI3 } from 'openapi-typescript';
import { openApiDocument } from '../server/http/rest-app';

const GENERATED_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'sdk', 'src', 'generated');
export const SDK_TYPES_FILE = path.join(GENERATED_DIR, 'openapi.ts');

const HEADER = `// Generated from the service's /openapi.json by \`npm run sdk:types\`; do not edit.\n`;

export async function generateSdkTypes(): Promise<string> {
  const ast = await openapiTS(JSON.parse(JSON.stringify(openApiDocument())) as OpenAPI3, { exportType: true, alphabetize: true });
  return HEADER + astToString(ast);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  fs.mkdirSync(GENERATED_DIR, { recursive: true });
  fs.writeFileSync(SDK_TYPES_FILE, await generateSdkTypes());
  console.log(`Wrote ${path.relative(process.cwd(), SDK_TYPES_FILE)}`);
}
