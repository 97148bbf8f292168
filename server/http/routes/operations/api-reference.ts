import fs from 'node:fs';
import path from 'node:path';
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { DomainError } from '../../../errors';
import type { AppEnv } from '../../app-env';
import { METHOD_NOT_ALLOWED, operationRoute } from './operation-route';

// The API reference page /docs: Swagger UI from the npm package `swagger-ui-dist`, served from here
// (no CDN), rendering /openapi.json. Our stylesheet (the service's palette, dark mode, a phone
// layout) and script (a Swagger UI plugin for what axe-core objects to in its markup) are the
// files in ./api-reference, read from the source tree as swagger-ui-dist is from node_modules.

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

// The header is the page's own (a way back to the portal without JavaScript); the rest is Swagger
// UI's: the document's title as the h1, its description, the operations in Swagger UI's <main>.
const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>API reference · Licensing and purchase service</title>
<link rel="stylesheet" href="/docs/swagger-ui.css"><link rel="stylesheet" href="/docs/api-reference.css"></head>
<body>
<header class="reference-banner"><a class="reference-home" href="/">Licensing service</a> <span>API reference</span> <a href="/openapi.json">OpenAPI document</a></header>
<div id="reference"><noscript><p>The reference needs JavaScript; the document itself is <a href="/openapi.json">/openapi.json</a>.</p></noscript></div>
<script src="/docs/swagger-ui-bundle.js"></script><script src="/docs/init.js"></script>
</body>
</html>`;

export const pageRoute = operationRoute({
  method: 'get',
  path: '/docs',
  operationId: 'apiReference',
  summary: 'This reference, as a page',
  responses: { 405: METHOD_NOT_ALLOWED, 200: { description: 'The page.', content: { 'text/html': { schema: { type: 'string' as const } } } } },
});

export const pageHandler = (c: Context<AppEnv>) =>
  c.html(PAGE, 200, {
    // Swagger UI sets styles inline; its scripts are these files only.
    'Content-Security-Policy': "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  });

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
  const content = await fs.promises.readFile(asset.file);
  return c.body(content, 200, { 'content-type': asset.type, 'Cache-Control': asset.cacheControl });
}
