import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// `npm run lint` (CI) holds these rules: each snippet breaks one, linted with the project's own
// configuration as if it were the text of a real file of that room (type information included).
const root = path.resolve(import.meta.dirname, '..', '..');
const SERVER_FILE = path.join(root, 'server', 'errors.ts');
const PAGE_FILE = path.join(root, 'app', 'layout.tsx');

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function rulesBroken(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.severity === 2).map((message) => message.ruleId ?? 'parse error');
}

describe('the linter of the house', { timeout: 120_000 }, () => {
  it('no-floating-promises: a promise nobody awaits, catches or marks with void', async () => {
    const code = `export async function send(): Promise<void> {}\nexport function later(): void {\n  send();\n}\n`;
    expect(await rulesBroken(code, SERVER_FILE)).toEqual(['@typescript-eslint/no-floating-promises']);
    expect(await rulesBroken(code.replace('  send();', '  void send();'), SERVER_FILE)).toEqual([]);
  });

  it('no-misused-promises: an async function where a callback returning nothing is expected', async () => {
    const code = `export async function send(): Promise<void> {}\nexport function later(): void {\n  setTimeout(async () => {\n    await send();\n  }, 1);\n}\n`;
    expect(await rulesBroken(code, SERVER_FILE)).toEqual(['@typescript-eslint/no-misused-promises']);
  });

  it('await-thenable and no-unnecessary-type-assertion', async () => {
    expect(await rulesBroken(`export async function one(): Promise<number> {\n  return await 1;\n}\n`, SERVER_FILE)).toEqual(['@typescript-eslint/await-thenable']);
    expect(await rulesBroken(`export function same(text: string): string {\n  return text as string;\n}\n`, SERVER_FILE)).toEqual(['@typescript-eslint/no-unnecessary-type-assertion']);
  });

  it("react-hooks: a hook called conditionally, an effect that misses a dependency (pages)", async () => {
    const conditional = `import { useState } from 'react';\nexport function Badge({ shown }: { shown: boolean }) {\n  if (shown) {\n    const [count] = useState(0);\n    return <span>{count}</span>;\n  }\n  return null;\n}\n`;
    expect(await rulesBroken(conditional, PAGE_FILE)).toContain('react-hooks/rules-of-hooks');
    const missing = `import { useEffect } from 'react';\nexport function Title({ text }: { text: string }) {\n  useEffect(() => {\n    document.title = text;\n  }, []);\n  return null;\n}\n`;
    expect(await rulesBroken(missing, PAGE_FILE)).toEqual(['react-hooks/exhaustive-deps']);
  });

  it("Next's rules apply to pages", async () => {
    const code = `export function Head() {\n  return <script src="/vendor.js" />;\n}\n`;
    expect(await rulesBroken(code, PAGE_FILE)).toEqual(['@next/next/no-sync-scripts']);
  });

  it('a disable comment that suppresses nothing is itself an error', async () => {
    const code = `// eslint-disable-next-line @typescript-eslint/no-explicit-any -- nothing here\nexport const answer = 42;\n`;
    expect(await rulesBroken(code, SERVER_FILE)).toEqual(['parse error']);
  });

  it('generated and built files are not linted', async () => {
    expect(await eslint.isPathIgnored(path.join(root, 'sdk', 'src', 'generated', 'openapi.ts'))).toBe(true);
    expect(await eslint.isPathIgnored(path.join(root, 'generated', 'prisma', 'client.ts'))).toBe(true);
    expect(await eslint.isPathIgnored(path.join(root, 'server', 'dist', 'app.js'))).toBe(true);
    expect(await eslint.isPathIgnored(SERVER_FILE)).toBe(false);
  });
});
