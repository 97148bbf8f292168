import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findDeadLinks, githubSlug, markdownFiles } from '../../scripts/check-links';

// `npm run lint:links` (CI): a link in the README or docs/ that leads nowhere fails the build.
function fixture(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-links-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return root;
}

describe('the link checker', () => {
  it('reports exactly the links to a missing file or a missing heading', () => {
    const root = fixture({
      'README.md': [
        '# Front door',
        'Read [the guide](docs/guide.md#setting-up-rest--mcp) and [again](docs/guide.md#notes-1).',
        'See [gone](docs/gone.md) and [a typo](docs/guide.md#seting-up).',
        '![shot](docs/shot.png) [here](#front-door) [mail](mailto:a@example.com) [web](https://example.com/x#y)',
        '```md',
        '[inside a code block](nowhere.md)',
        '```',
        'In code: `[x](nowhere.md)`.',
      ].join('\n'),
      'docs/guide.md': '# Guide\n## Setting up `REST` & MCP\n## Notes\n## Notes\n[back](../README.md#front-door) [up](../README.md#no-such)\n',
      'docs/shot.png': '',
    });
    expect(findDeadLinks(root, markdownFiles(root))).toEqual([
      { file: 'README.md', line: 3, link: 'docs/gone.md', reason: 'no such file' },
      { file: 'README.md', line: 3, link: 'docs/guide.md#seting-up', reason: 'no heading "#seting-up" in docs/guide.md' },
      { file: path.join('docs', 'guide.md'), line: 5, link: '../README.md#no-such', reason: 'no heading "#no-such" in README.md' },
    ]);
  });

  it('slugs headings as GitHub does: lower case, punctuation dropped, each space a hyphen', () => {
    expect(githubSlug('Client library (sdk/, @licensing/sdk)')).toBe('client-library-sdk-licensingsdk');
    expect(githubSlug('Seller portal: sales, orders, customers')).toBe('seller-portal-sales-orders-customers');
    expect(githubSlug('Rotating APP_SECRET')).toBe('rotating-app_secret');
  });

  it('finds no dead link in this repository', () => {
    expect(findDeadLinks('.')).toEqual([]);
  });
});
