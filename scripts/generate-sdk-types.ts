// `npm run sdk:types`: the client library's wire types (sdk/src/generated/openapi.ts) and the JSON
// Schema of each request body (request-schemas.ts), generated from the API document exactly as
// /openapi.json serves it (itself made from the service's zod schemas: one set of rules). A unit
// test fails when either file is stale.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { astToString, default as openapiTS } from 'openapi-typescript';
import { openApiDocument } from '../server/http/rest-app';

const GENERATED_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'sdk', 'src', 'generated');
export const SDK_TYPES_FILE = path.join(GENERATED_DIR, 'openapi.ts');
/** The JSON Schema of every request body, by operationId: the client validates to the same rules before sending. */
export const SDK_REQUEST_SCHEMAS_FILE = path.join(GENERATED_DIR, 'request-schemas.ts');

const HEADER = `// Generated from the service's /openapi.json by \`npm run sdk:types\`; do not edit.\n/* eslint-disable */\n`;

export async function generateSdkTypes(): Promise<string> {
  const ast = await openapiTS(JSON.parse(JSON.stringify(openApiDocument())), { exportType: true, alphabetize: true });
  return HEADER + astToString(ast);
}

export function generateSdkRequestSchemas(): string {
  const document = openApiDocument() as { paths?: Record<string, Record<string, { operationId?: string; requestBody?: { content?: Record<string, { schema?: unknown }> } }>> };
  const schemas: Record<string, unknown> = {};
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item)) {
      const schema = operation?.requestBody?.content?.['application/json']?.schema;
      if (operation?.operationId && schema) schemas[operation.operationId] = schema;
    }
  }
  const sorted = Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
  return `${HEADER}import type { JsonSchema } from '../validate.js';\n\nexport const requestSchemas: Record<string, JsonSchema> = ${JSON.stringify(sorted, null, 2)};\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  fs.mkdirSync(GENERATED_DIR, { recursive: true });
  fs.writeFileSync(SDK_TYPES_FILE, await generateSdkTypes());
  fs.writeFileSync(SDK_REQUEST_SCHEMAS_FILE, generateSdkRequestSchemas());
  console.log(`Wrote ${path.relative(process.cwd(), SDK_TYPES_FILE)} and ${path.relative(process.cwd(), SDK_REQUEST_SCHEMAS_FILE)}`);
}
