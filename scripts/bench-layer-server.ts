// One layer of the HTTP stack around the runtime authorization, for `BENCH_ONLY=layers npm run bench`
// (scripts/bench-http-layers.ts): the same service functions behind successively fuller stacks
// (LAYER, one of scripts/bench-layers.ts), so the bench can say what each layer costs per request.
// Started as its own process; prints "layer <name> listening on <url>".
import http from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { OpenAPIHono } from '@hono/zod-openapi';
import { Hono } from 'hono';
import { db } from '../server/db';
import { apiErrorResponse } from '../server/http/api-error';
import type { AppEnv } from '../server/http/app-env';
import { validationHook } from '../server/http/middleware/read-json-body';
import * as authorizationRoute from '../server/http/routes/runtime/generate-license-authorization';
import { createSurface } from '../server/http/surface';
import { generateLicenseAuthorization } from '../server/runtime/generate-license-authorization';
import { verifyRuntimeToken } from '../server/runtime/verify-runtime-token';
import { LAYERS, type Layer } from './bench-layers';


const PATH = '/licensing/runtime/GenerateLicenseAuthorization';

interface AuthorizeBody {
  RequestId: string;
  LicenseId: string;
}

async function authorize(body: AuthorizeBody, authorization: string | undefined): Promise<string> {
  const principal = await verifyRuntimeToken({ db: db() }, authorization);
  const answer = await generateLicenseAuthorization({ db: db() }, { requestId: body.RequestId, licenseId: body.LicenseId, principal });
  return `{"Authorization":${JSON.stringify(answer.authorization)},${answer.statementJson.slice(1)}`;
}

function bare(): Listener {
  return (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      authorize(JSON.parse(Buffer.concat(chunks).toString('utf8')) as AuthorizeBody, req.headers.authorization).then(
        (body) => {
          res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
          res.end(body);
        },
        () => {
          res.writeHead(500);
          res.end();
        },
      );
    });
  };
}

/** A request listener; the adapter's answer with a promise that settles once the response is written. */
type Listener = (req: http.IncomingMessage, res: http.ServerResponse) => unknown;

async function listenerOf(layer: Layer): Promise<Listener> {
  switch (layer) {
    case 'bare':
      return bare();
    case 'hono': {
      const app = new Hono();
      app.post(PATH, async (c) => c.body(await authorize(await c.req.json<AuthorizeBody>(), c.req.header('authorization')), 200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }));
      return getRequestListener(app.fetch, { overrideGlobalObjects: true });
    }
    case 'route': {
      const app = new OpenAPIHono<AppEnv>({ strict: true, defaultHook: validationHook });
      app.openapi(authorizationRoute.route, authorizationRoute.handler);
      return getRequestListener(app.fetch, { overrideGlobalObjects: true });
    }
    case 'surface': {
      const surface = createSurface('api', { render: apiErrorResponse, limitPerIp: true }, (app) => void app.openapi(authorizationRoute.route, authorizationRoute.handler));
      return getRequestListener(surface.app.fetch, { overrideGlobalObjects: true });
    }
    case 'app': {
      const { handleRest } = await import('../server/http/rest-app');
      return getRequestListener(handleRest, { overrideGlobalObjects: true });
    }
  }
}

async function main() {
  const layer = process.env.LAYER as Layer;
  if (!(layer in LAYERS)) throw new Error(`LAYER must be one of ${Object.keys(LAYERS).join(', ')}`);
  const listener = await listenerOf(layer);
  const server = http.createServer((req, res) => void listener(req, res));
  // An exit, not a kill: a CPU profile (--cpu-prof) is written.
  process.once('SIGTERM', () => process.exit(0));
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    console.log(`layer ${layer} listening on http://127.0.0.1:${port}`);
  });
}

if (process.env.LAYER) void main();
