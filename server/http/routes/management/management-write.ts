import { createRoute, z, type RouteHandler } from '@hono/zod-openapi';
import { idSchema } from '../../../../sdk/src/contract/fields';
import { db } from '../../../db';
import type { ApiErrorCode } from '../../../errors';
import { changeLicenseStatus, type StatusChange } from '../../../licensing/licenses/change-license-status';
import { licenseViewSchema } from '../../../licensing/licenses/license-view.schema';
import { requestOnlySchema } from '../../../licensing/management-writes.schema';
import type { AppEnv } from '../../app-env';
import { API_KEY_CODES, apiKeyRoute } from '../../auth/with-api-key';
import { BODY_CODES, errorResponses, okResponse } from '../../openapi';
import { wireObject, wireRequest } from '../../../wire/wire';
import { wireJson } from '../../wire-json';
import { NO_STORE } from './find-licenses';
import { licenseIdParams } from './license-id-param';

// What the management writes share (docs/api/management.md): each a POST with a RequestId,
// idempotent, under the seller's API key (scope licenses:write; a refund: refunds); another seller's license, seat or code is 404 NotFound
// like an unknown one. One file per operation beside this one.

const pathId = (name: string) => idSchema.meta({ param: { name, in: 'path' } });
export const seatParams = licenseIdParams.extend({ seatId: pathId('seatId') });
export const codeParams = licenseIdParams.extend({ codeId: pathId('codeId') });
export const WRITE_CODES: ApiErrorCode[] = [...BODY_CODES, ...API_KEY_CODES, 'NotFound', 'RequestIdMismatch'];

export const jsonBody = <T extends z.ZodObject>(schema: T) => ({ body: { required: true, content: { 'application/json': { schema: wireRequest(schema) } } } });
export const WRITE = { tags: ['Management API'], ...apiKeyRoute('licenses:write', { body: true }) };
export { NO_STORE };

/** Suspend, resume and cancel: one service, one route shape each. */
export function statusChangeOperation(change: StatusChange, summary: string) {
  const route = createRoute({
    ...WRITE,
    method: 'post',
    path: `/licensing-mgmt/licenses/{licenseId}/${change}`,
    operationId: `${change}License`,
    summary,
    request: { params: licenseIdParams, ...jsonBody(requestOnlySchema) },
    responses: { ...okResponse(wireObject(licenseViewSchema), 'The license in its new status.'), ...errorResponses([...WRITE_CODES, 'StatusChangeRefused']) },
  });
  const handler: RouteHandler<typeof route, AppEnv> = async (c) => {
    const input = c.req.valid('json');
    return wireJson(c, licenseViewSchema, await changeLicenseStatus({ db: db() }, { ...input, ...c.req.valid('param'), sellerId: c.get('apiKey').sellerId, change }), NO_STORE);
  };
  return { route, handler };
}
