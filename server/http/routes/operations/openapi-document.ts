import { describedJson } from '../../openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { METHOD_NOT_ALLOWED, operationRoute } from './operation-route';

export const route = operationRoute({ method: 'get', path: '/openapi.json', operationId: 'openApiDocument', summary: 'This document (OpenAPI 3.1)', responses: { 405: METHOD_NOT_ALLOWED, 200: describedJson('The document.') } });

/** The document is the whole REST app's, which the operations surface is a part of: it is handed in. */
export const handlerFor = (document: () => object) => {
  let built: object | undefined;
  return (c: Context<AppEnv>) => {
    built ??= document();
    return c.json(built, 200, { 'Cache-Control': 'public, max-age=300' });
  };
};
