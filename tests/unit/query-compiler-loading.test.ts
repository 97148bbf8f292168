import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// scripts/prisma-generate.ts rewrites the generated client's loader of its query compiler: an
// imported module of one 4.4 MB base64 string would keep that string (twice) in the heap for the
// process's life; the file is read instead and only the compiled module stays.
const generatedClass = fs.readFileSync('generated/prisma/internal/class.ts', 'utf8');
const loader = /getQueryCompilerWasmModule: async \(\) => \{[\s\S]*?\n\s*\},/.exec(generatedClass)?.[0] ?? '';

describe("the Prisma client's query compiler", () => {
  it('is read from the package file, never imported as a module (its text is garbage once compiled)', () => {
    expect(loader).toContain('readFile(createRequire(import.meta.url).resolve("@prisma/client/runtime/query_compiler_');
    expect(loader).not.toMatch(/import\(["']@prisma\/client\/runtime\/[^"']*wasm-base64/);
  });

  it('the file read holds one quoted base64 string that decodes to valid WebAssembly', () => {
    const specifier = /resolve\(("[^"]+")\)/.exec(loader)?.[1];
    expect(specifier).toBeDefined();
    const source = fs.readFileSync(createRequire(import.meta.url).resolve(JSON.parse(specifier!) as string), 'utf8');
    const bytes = Buffer.from(source.slice(source.indexOf('"') + 1, source.lastIndexOf('"')), 'base64');
    expect(bytes.length).toBeGreaterThan(1_000_000);
    expect(WebAssembly.validate(bytes)).toBe(true);
  });
});
