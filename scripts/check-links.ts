// `npm run lint:links`: every relative link of the project's Markdown (README.md, docs/**, sdk/README.md,
// examples/**/README.md) must reach a file of the repository, and a `#anchor` into a Markdown file must
// name one of its headings as GitHub slugs it. External links are not fetched (CI has no network).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface DeadLink {
  file: string;
  line: number;
  link: string;
  reason: string;
}

/** GitHub's heading id: lower case, punctuation dropped (letters, digits, `-` and `_` stay), each space a `-`. */
export function githubSlug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The text a heading shows: links become their text; code ticks, emphasis stars and HTML tags go. */
function headingText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[`*]/g, '')
    .trim();
}

/** Lines outside fenced code blocks, with their 1-based numbers. */
function proseLines(markdown: string): { text: string; line: number }[] {
  const lines: { text: string; line: number }[] = [];
  let fence: string | null = null;
  markdown.split('\n').forEach((text, index) => {
    const opener = /^\s*(`{3,}|~{3,})/.exec(text)?.[1];
    if (fence === null && opener) fence = opener;
    else if (fence !== null && opener !== undefined && opener[0] === fence[0] && opener.length >= fence.length) fence = null;
    else if (fence === null) lines.push({ text, line: index + 1 });
  });
  return lines;
}

/** Every anchor a Markdown file offers: its headings' slugs (repeats get -1, -2, …) and explicit `<a id>`s. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text } of proseLines(markdown)) {
    for (const match of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1]!);
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(text)?.[1];
    if (heading === undefined) continue;
    const slug = githubSlug(headingText(heading));
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** The relative links of one line: inline `[x](target)` and `![x](target)`, and `[x]: target` definitions. */
function linksOf(line: string): string[] {
  const withoutCode = line.replace(/`[^`]*`/g, (span) => ' '.repeat(span.length));
  const inline = [...withoutCode.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
  const definition = /^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/.exec(withoutCode)?.[1];
  return [...inline, ...(definition ? [definition] : [])].filter((link) => !/^[a-z][a-z\d+.-]*:/i.test(link) && !link.startsWith('//'));
}

/** The Markdown files whose links are checked. */
export function markdownFiles(root: string): string[] {
  const under = (dir: string, keep: (name: string) => boolean): string[] =>
    fs.existsSync(path.join(root, dir))
      ? fs
          .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
          .filter((name) => keep(path.basename(name)) && !name.split(path.sep).includes('node_modules'))
          .map((name) => path.join(dir, name))
      : [];
  return [
    ...['README.md', path.join('sdk', 'README.md')].filter((file) => fs.existsSync(path.join(root, file))),
    ...under('docs', (name) => name.endsWith('.md')),
    ...under('examples', (name) => name === 'README.md'),
  ].sort();
}

/** Every dead relative link of the given files (paths relative to root). */
export function findDeadLinks(root: string, files: string[] = markdownFiles(root)): DeadLink[] {
  const anchorCache = new Map<string, Set<string>>();
  const anchorsIn = (absolute: string): Set<string> => {
    if (!anchorCache.has(absolute)) anchorCache.set(absolute, anchorsOf(fs.readFileSync(absolute, 'utf8')));
    return anchorCache.get(absolute)!;
  };
  const dead: DeadLink[] = [];
  for (const file of files) {
    const source = path.resolve(root, file);
    for (const { text, line } of proseLines(fs.readFileSync(source, 'utf8'))) {
      for (const link of linksOf(text)) {
        const reason = whyDead(root, source, link, anchorsIn);
        if (reason) dead.push({ file, line, link, reason });
      }
    }
  }
  return dead;
}

function whyDead(root: string, source: string, link: string, anchorsIn: (file: string) => Set<string>): string | null {
  const [rawPath = '', rawAnchor] = link.split('#', 2);
  const target = rawPath === '' ? source : path.resolve(rawPath.startsWith('/') ? root : path.dirname(source), decodeURIComponent(rawPath.split('?')[0]!).replace(/^\//, ''));
  const relative = path.relative(path.resolve(root), target);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return 'points outside the repository';
  if (!fs.existsSync(target)) return 'no such file';
  if (rawAnchor === undefined || !target.endsWith('.md') || fs.statSync(target).isDirectory()) return null;
  return anchorsIn(target).has(decodeURIComponent(rawAnchor)) ? null : `no heading "#${rawAnchor}" in ${path.relative(root, target) || path.basename(target)}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const files = markdownFiles('.');
  const dead = findDeadLinks('.', files);
  for (const { file, line, link, reason } of dead) console.error(`${file}:${line}: ${link} — ${reason}`);
  console.log(dead.length === 0 ? `No dead links in ${files.length} Markdown files.` : `${dead.length} dead link(s).`);
  process.exitCode = dead.length === 0 ? 0 : 1;
}
