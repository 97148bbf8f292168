import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { db } from '../../../db';
import { revokeLicenseCodeBySeller } from '../../../licensing/codes/revoke-license-code-by-seller';
import { requestOnlySchema, revokedCodeSchema } from '../../../licensing/management-writes.schema';
import type { AppEnv } from '../../app-env';
import { errorResponses, okResponse } from '../../openapi';
import { fromWire, toWire, wireObject } from '../../../wire/wire';
import { codeParams, jsonBody, NO_STORE, WRITE, WRITE_CODES } from './management-write';

export const route = createRoute({
  ...WRITE,
  method: 'post',
  path: '/licensing-mgmt/licenses/{licenseId}/codes/{codeId}/revoke',
  operationId: 'revokeLicenseCode',
  summary: 'Revoke a license code (refused CredentialRevoked at its next authorization)',
  request: { params: codeParams, ...jsonBody(requestOnlySchema) },
  responses: { ...okResponse(wireObject(revokedCodeSchema), 'The revoked code.'), ...errorResponses(WRITE_CODES) },
});

export const handler: RouteHandler<typeof route, AppEnv> = async (c) => {
  const input = fromWire(requestOnlySchema, c.req.valid('json'));
  return c.json(toWire(revokedCodeSchema, await revokeLicenseCodeBySeller({ db: db() }, { ...input, ...c.req.valid('param'), sellerId: c.get('apiKey').sellerId })), 200, NO_STORE);
};
