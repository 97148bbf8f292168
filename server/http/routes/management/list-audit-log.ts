import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { db } from '../../../db';
import { auditLogPageSchema, auditLogQuerySchema, listAuditLog } from '../../../audit/list-audit-log';
import type { AppEnv } from '../../app-env';
import { errorResponses, okResponse } from '../../openapi';
import { wireObject } from '../../../wire/wire';
import { wireJson } from '../../wire-json';
import { NO_STORE } from './find-licenses';
import { API_KEY_CODES, apiKeyRoute } from '../../auth/with-api-key';

export const route = createRoute({
  tags: ['Audit log'],
  ...apiKeyRoute('audit:read'),
  method: 'get',
  path: '/licensing-mgmt/audit-log',
  operationId: 'listAuditLog',
  summary: "The seller's audit log, oldest first, after a cursor (kept 400 days)",
  description:
    'Who changed what, when and from where: one entry per change made in the portal, through this API, the MCP tools or by the operator, and one per portal sign-in. ' +
    '`after` is the Sequence of the last entry read (NextCursor of the previous page); `limit` 1 to 100, 50 by default. ' +
    '`actor` (account or key id, e-mail address or key label), `action`, `targetId`, `from` and `to` (ISO 8601) narrow it. Entries never change and are never deleted before 400 days.',
  request: { query: auditLogQuerySchema.omit({ before: true }) },
  responses: { ...okResponse(wireObject(auditLogPageSchema), 'A page of audit entries and the cursor of the next.'), ...errorResponses([...API_KEY_CODES, 'ValidationError']) },
});

export const handler: RouteHandler<typeof route, AppEnv> = async (c) =>
  wireJson(c, auditLogPageSchema, await listAuditLog({ db: db() }, { sellerId: c.get('apiKey').sellerId, ...c.req.valid('query') }), NO_STORE);
