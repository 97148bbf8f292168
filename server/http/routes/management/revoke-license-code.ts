import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { db } from '../../../db';
import { revokeLicenseCodeBySeller } from '../../../licensing/codes/revoke-license-code-by-seller';
import { requestOnlySchema, revokedCodeSchema } from '../../../licensing/management-writes.schema';
import type { AppEnv } from '../../app-env';
import { errorResponses, okResponse } from '../../openapi';
import { wireObject } from '../../../wire/wire';
import { wireJson } from '../../wire-json';
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
  const input = c.req.valid('json');
  return wireJson(c, revokedCodeSchema, await revokeLicenseCodeBySeller({ db: db() }, { ...input, ...c.req.valid('param'), sellerId: c.get('apiKey').sellerId }), NO_STORE);
};
