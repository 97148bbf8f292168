import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { DomainError } from '../../../errors';
import type { AppEnv } from '../../app-env';
import { escapeHtml } from '../../escape-html';
import { METHOD_NOT_ALLOWED, operationRoute } from './operation-route';

// The API reference page /docs. The page itself is the document's index, drawn here: the title,
// the description and every operation and webhook event by tag, each a link. The interactive
// reference (Swagger UI from the npm package `swagger-ui-dist`, served from here, no CDN) loads only
// when asked for: a link or the button, or an address that already names an operation
// (`#/tag/operationId`). Its 1.7 MB script would otherwise be every visit's (13 s to a first
// paint on a phone). Our stylesheet (the service's palette, dark mode, a phone layout) and script
// (the loader, and a Swagger UI plugin for what axe-core objects to in its markup) are the files in
// ./api-reference, read from the source tree as swagger-ui-dist is from node_modules. Text files go
// compressed where the browser takes it (brotli, else gzip), compressed once per process.

const SWAGGER_UI_DIR = path.join(process.cwd(), 'node_modules', 'swagger-ui-dist');
const OWN_DIR = path.join(process.cwd(), 'server', 'http', 'routes', 'operations', 'api-reference');

const CSS = 'text/css; charset=utf-8';
const JS = 'text/javascript; charset=utf-8';
/** What /docs/<name> serves: Swagger UI's files (versioned with the package) and ours. */
const ASSETS: Record<string, { file: string; type: string; cacheControl: string }> = {
  'swagger-ui.css': { file: path.join(SWAGGER_UI_DIR, 'swagger-ui.css'), type: CSS, cacheControl: 'public, max-age=86400' },
  'swagger-ui-bundle.js': { file: path.join(SWAGGER_UI_DIR, 'swagger-ui-bundle.js'), type: JS, cacheControl: 'public, max-age=86400' },
  'api-reference.css': { file: path.join(OWN_DIR, 'api-reference.css'), type: CSS, cacheControl: 'public, max-age=300' },
  'init.js': { file: path.join(OWN_DIR, 'init.js'), type: JS, cacheControl: 'public, max-age=300' },
};

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

interface DocumentOperation {
  operationId?: string;
  summary?: string;
  tags?: string[];
}

interface ReferenceDocument {
  info?: { title?: string; description?: string };
  paths?: Record<string, Record<string, DocumentOperation | undefined> | undefined>;
  webhooks?: Record<string, Record<string, DocumentOperation | undefined> | undefined>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** One entry of the index: Swagger UI's deep link (`#/tag/operationId`) opens the operation once it has loaded. */
function entry(method: string, path: string, operation: DocumentOperation, tag: string): string {
  const target = `#/${encodeURIComponent(tag)}/${encodeURIComponent(operation.operationId ?? '')}`;
  const summary = operation.summary ? ` <span class="reference-summary">${escapeHtml(operation.summary)}</span>` : '';
  return `<li><a class="reference-entry" href="${escapeHtml(target)}"><span class="reference-method reference-method-${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></a>${summary}</li>`;
}

/** The index of the document: its operations grouped by their first tag, in the document's order, then the webhook events. */
function indexOf(document: ReferenceDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'default';
      byTag.set(tag, [...(byTag.get(tag) ?? []), entry(method, path, operation, tag)]);
    }
  }
  const events = Object.entries(document.webhooks ?? {}).flatMap(([name, item]) => (item?.post ? [entry('post', name, item.post, item.post.tags?.[0] ?? 'default')] : []));
  const sections = [...byTag].map(([tag, entries]) => `<section aria-labelledby="tag-${escapeHtml(tag)}"><h3 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h3><ul>${entries.join('')}</ul></section>`);
  const webhooks = events.length > 0 ? `<h2>Webhook events</h2><ul>${events.join('')}</ul>` : '';
  return `<h2>Operations</h2>${sections.join('')}${webhooks}`;
}

/** The page, drawn once per process from the document. */
function pageOf(document: ReferenceDocument): string {
  const title = escapeHtml(document.info?.title ?? 'API reference');
  // The description is Markdown; its one mark-up is inline code.
  const description = document.info?.description ? `<p>${escapeHtml(document.info.description).replace(/`([^`]+)`/g, '<code>$1</code>')}</p>` : '';
  // The header is the page's own (a way back to the portal without JavaScript); the index is in
  // the page's one <main>, which the interactive reference (Swagger UI's own <main>) replaces.
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<link rel="icon" href="/icon.svg" type="image/svg+xml">
<title>API reference · Licensing and purchase service</title>
<link rel="stylesheet" href="/docs/api-reference.css"><script src="/docs/init.js" defer></script></head>
<body>
<header class="reference-banner"><a class="reference-home" href="/">Licensing service</a> <span>API reference</span> <a href="/openapi.json">OpenAPI document</a></header>
<main id="reference-index" class="reference-index">
<h1>${title}</h1>
${description}
<p class="reference-open"><button type="button" id="reference-open" hidden>Open the interactive reference</button> <span id="reference-open-note" hidden>Each operation's parameters, schemas and responses, and Try it out (loads about 450 KB).</span></p>
<noscript><p>The interactive reference needs JavaScript; the document itself is <a href="/openapi.json">/openapi.json</a>.</p></noscript>
${indexOf(document)}
</main>
<div id="reference"></div>
</body>
</html>`;
}

export const pageRoute = operationRoute({
  method: 'get',
  path: '/docs',
  operationId: 'apiReference',
  summary: 'This reference, as a page',
  responses: { 405: METHOD_NOT_ALLOWED, 200: { description: 'The page.', content: { 'text/html': { schema: { type: 'string' as const } } } } },
});

/** The document is the whole REST app's, which the operations surface is a part of: it is handed in. */
export const pageHandlerFor = (document: () => object) => {
  let page: string | undefined;
  return (c: Context<AppEnv>) => {
    page ??= pageOf(document());
    return c.html(page, 200, {
      // Swagger UI sets styles inline; its scripts are these files only.
      'Content-Security-Policy': "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    });
  };
};

export const assetRoute = operationRoute({
  method: 'get',
  path: '/docs/{asset}',
  operationId: 'apiReferenceAsset',
  summary: "The reference page's stylesheets and scripts",
  request: { params: z.object({ asset: z.string() }) },
  responses: { 405: METHOD_NOT_ALLOWED, 200: { description: 'The file.' }, 404: { description: 'No such file.' } },
});

export async function assetHandler(c: Context<AppEnv>) {
  const name = c.req.param('asset') ?? '';
  // Own keys only: a name such as "constructor" is no asset.
  const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
  if (!asset) throw new DomainError('NotFound', 'No resource at this path.');
  const encoding = acceptedEncoding(c.req.header('accept-encoding'));
  const content = await encoded(name, asset.file, encoding);
  return c.body(content, 200, {
    'content-type': asset.type,
    'Cache-Control': asset.cacheControl,
    Vary: 'Accept-Encoding',
    ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }),
  });
}

type Encoding = 'br' | 'gzip' | 'identity';

/** Brotli where the browser takes it, else gzip, else the file as it is (a q=0 refusal is honoured). */
function acceptedEncoding(header: string | undefined): Encoding {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => part !== '' && !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]!.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

const compressedAssets = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

/** An asset in an encoding, compressed once per process and kept (the files change only with a deployment); as it is, read each time. */
function encoded(name: string, file: string, encoding: Encoding): Promise<Uint8Array<ArrayBuffer>> {
  if (encoding === 'identity') return fs.promises.readFile(file);
  const key = `${name}:${encoding}`;
  let content = compressedAssets.get(key);
  if (!content) {
    content = fs.promises
      .readFile(file)
      .then((raw) => (encoding === 'br' ? brotliCompress(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }) : gzip(raw, { level: 9 })))
      .then((compressed) => Uint8Array.from(compressed));
    // A failed read is tried again by the next request.
    content.catch(() => compressedAssets.delete(key));
    compressedAssets.set(key, content);
  }
  return content;
}
