import { describedJson } from '../../openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { METHOD_NOT_ALLOWED, NO_STORE, operationRoute } from './operation-route';

export const route = operationRoute({ method: 'get', path: '/healthz', operationId: 'liveness', summary: 'Liveness: the process answers', responses: { 405: METHOD_NOT_ALLOWED, 200: describedJson('`{"Status": "ok"}`') } });

export const handler = (c: Context<AppEnv>) => c.json({ Status: 'ok' }, 200, NO_STORE);
