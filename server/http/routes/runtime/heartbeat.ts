import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { db } from '../../../db';
import { heartbeatDevice } from '../../../runtime/devices/heartbeat-device';
import { deviceRequestSchema } from '../../../../sdk/src/contract/devices';
import { deviceAnswerSchema } from '../../../licensing/devices/device-view';
import type { AppEnv } from '../../app-env';
import { wireObject, wireRequest } from '../../../wire/wire';
import { wireJson } from '../../wire-json';
import { DEVICE_CALL, DEVICE_CALL_CODES } from './device-call';
import { errorResponses, okResponse } from '../../openapi';

export const route = createRoute({
  ...DEVICE_CALL,
  path: '/licensing/runtime/Heartbeat',
  operationId: 'heartbeatDevice',
  summary: 'The device is seen now: a floating lease runs 600 s from now',
  description:
    'Send one at half the lease (every 300 s). A lease that lapsed takes its place again if one is free, else 403 DeviceLimitReached; ' +
    'a device deactivated (by the buyer, the seller, a revoked code) or never activated is 403 AuthorizationDenied, DeviceNotActivated: activate it again.',
  request: { body: { required: true, content: { 'application/json': { schema: wireRequest(deviceRequestSchema) } } } },
  responses: { ...okResponse(wireObject(deviceAnswerSchema), 'The device, seen now.'), ...errorResponses([...DEVICE_CALL_CODES, 'DeviceLimitReached']) },
});

export const handler: RouteHandler<typeof route, AppEnv> = async (c) =>
  wireJson(c, deviceAnswerSchema, await heartbeatDevice({ db: db() }, { ...c.req.valid('json'), principal: c.get('runtime') }), { 'Cache-Control': 'no-store' });
