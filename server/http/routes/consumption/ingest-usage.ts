import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { db } from '../../../db';
import { ingestUsage } from '../../../consumption/ingest-usage';
import { usageBatchSchema, usageReceiptSchema } from '../../../runtime/runtime.schema';
import type { AppEnv } from '../../app-env';
import { withRuntimeToken } from '../../auth/with-runtime-token';
import { readJsonBody } from '../../middleware/read-json-body';
import { BODY_CODES, errorResponses, okResponse, SECURITY } from '../../openapi';
import { wireObject, wireRequest } from '../../../wire/wire';
import { wireJson } from '../../wire-json';

export const route = createRoute({
  method: 'post',
  path: '/consumption/runtime/messages',
  operationId: 'ingestUsage',
  tags: ['Runtime'],
  summary: "A batch of metered usage of the token's seat (durable when answered)",
  description:
    'Body: LicenseId (the token\'s license; another is 400 ValidationError before ingestion), BatchId (GUID, the idempotency key: a batch sent again is counted once and answered Duplicate true) ' +
    'and 1 to 1000 Items {FeatureKey, Units (1 to 1e9), TimeUtc}. A 200 means committed to PostgreSQL. Usage under a revoked credential is kept but dropped (Dropped true): never counted or billed.',
  security: SECURITY.runtimeToken,
  middleware: [readJsonBody, withRuntimeToken] as const,
  request: { body: { required: true, content: { 'application/json': { schema: wireRequest(usageBatchSchema) } } } },
  responses: {
    ...okResponse(wireObject(usageReceiptSchema), 'The batch is durable (or was already).'),
    ...errorResponses([...BODY_CODES, 'RuntimeTokenMissing', 'RuntimeTokenInvalid', 'CredentialUnknown']),
  },
});

export const handler: RouteHandler<typeof route, AppEnv> = async (c) => {
  const input = c.req.valid('json');
  const receipt = await ingestUsage({ db: db() }, { ...input, principal: c.get('runtime') });
  return wireJson(c, usageReceiptSchema, receipt, { 'Cache-Control': 'no-store' });
};
