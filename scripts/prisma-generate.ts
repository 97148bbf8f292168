// `prisma generate` without the native schema engine, which would be downloaded from outside the
// npm registry: generation never runs it, but the CLI wants an existing path (DESIGN.md). Nor its
// update check and usage report (CHECKPOINT_DISABLE): an install talks to the npm registry only.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const cli = require.resolve('prisma/build/index.js');
const result = spawnSync(process.execPath, [cli, 'generate'], {
  stdio: 'inherit',
  env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' },
});
if (result.status !== 0) process.exit(result.status ?? 1);

// The generated client imports its query compiler's WebAssembly as a module exporting one 4.4 MB
// base64 string. An imported module stays loaded for the process's life, and with it that string
// twice (the module's source and the literal): 8.7 MB of heap after the module is compiled. The
// client reads the same file instead and keeps nothing but the compiled module
// (docs/performance.md, "Where the heap goes: the query compiler's WebAssembly read, not imported").
const classFile = path.join(import.meta.dirname, '../generated/prisma/internal/class.ts');
const generated = fs.readFileSync(classFile, 'utf8');
const importedWasm = /( *)getQueryCompilerWasmModule: async \(\) => \{\n\s*const \{ wasm \} = await import\(("[^"]+")\)\n\s*return await decodeBase64AsWasm\(wasm\)\n\s*\},/;
const match = importedWasm.exec(generated);
if (!match) {
  console.error(`${classFile}: the query compiler's loader is not the one scripts/prisma-generate.ts rewrites (a new Prisma?); update the rewrite.`);
  process.exit(1);
}
const [, indent, specifier] = match;
const readWasm = [
  `${indent}getQueryCompilerWasmModule: async () => {`,
  `${indent}  // Read, not imported, so the base64 text is garbage once compiled (scripts/prisma-generate.ts).`,
  `${indent}  const { readFile } = await import('node:fs/promises')`,
  `${indent}  const { createRequire } = await import('node:module')`,
  `${indent}  const source = await readFile(createRequire(import.meta.url).resolve(${specifier}), 'utf8')`,
  `${indent}  return await decodeBase64AsWasm(source.slice(source.indexOf('"') + 1, source.lastIndexOf('"')))`,
  `${indent}},`,
].join('\n');
fs.writeFileSync(classFile, generated.replace(importedWasm, readWasm));
