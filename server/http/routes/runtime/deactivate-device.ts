import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { db } from '../../../db';
import { deactivateDevice } from '../../../runtime/devices/deactivate-device';
import { deviceRequestSchema } from '../../../../sdk/src/contract/devices';
import { deviceAnswerSchema } from '../../../licensing/devices/device-view';
import type { AppEnv } from '../../app-env';
import { wireObject, wireRequest } from '../../../wire/wire';
import { wireJson } from '../../wire-json';
import { DEVICE_CALL, DEVICE_CALL_CODES } from './device-call';
import { errorResponses, okResponse } from '../../openapi';

export const route = createRoute({
  ...DEVICE_CALL,
  path: '/licensing/runtime/DeactivateDevice',
  operationId: 'deactivateDevice',
  summary: 'The device gives its place on the seat back',
  description: 'An unknown Fingerprint is 404 NotFound; a device deactivated already answers as it stands. A revoked code may still deactivate.',
  request: { body: { required: true, content: { 'application/json': { schema: wireRequest(deviceRequestSchema) } } } },
  responses: { ...okResponse(wireObject(deviceAnswerSchema), 'The device, deactivated.'), ...errorResponses([...DEVICE_CALL_CODES]) },
});

export const handler: RouteHandler<typeof route, AppEnv> = async (c) =>
  wireJson(c, deviceAnswerSchema, await deactivateDevice({ db: db() }, { ...c.req.valid('json'), principal: c.get('runtime') }), { 'Cache-Control': 'no-store' });
