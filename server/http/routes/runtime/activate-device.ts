import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { db } from '../../../db';
import { activateDevice } from '../../../runtime/devices/activate-device';
import { activateDeviceSchema } from '../../../../sdk/src/contract/devices';
import { deviceActivationSchema } from '../../../licensing/devices/device-view';
import type { AppEnv } from '../../app-env';
import { wireObject, wireRequest } from '../../../wire/wire';
import { wireJson } from '../../wire-json';
import { DEVICE_CALL, DEVICE_CALL_CODES } from './device-call';
import { errorResponses, okResponse } from '../../openapi';

export const route = createRoute({
  ...DEVICE_CALL,
  path: '/licensing/runtime/ActivateDevice',
  operationId: 'activateDevice',
  summary: "The token's seat takes a place for this device (again: the same device)",
  description:
    'Fingerprint: 16-256 printable characters the app derives from the machine (a hash of a machine id, never the id itself). ' +
    'A seat holds at most its license\'s MaxDevices devices at once: one more is 403 DeviceLimitReached. A floating device holds a lease of 600 s from now, renewed by Heartbeat. ' +
    'Only a device that takes a place counts against the license\'s churn limit (30 activations and deactivations an hour).',
  request: { body: { required: true, content: { 'application/json': { schema: wireRequest(activateDeviceSchema) } } } },
  responses: { ...okResponse(wireObject(deviceActivationSchema), 'The device and how full its seat is.'), ...errorResponses([...DEVICE_CALL_CODES, 'DeviceLimitReached']) },
});

export const handler: RouteHandler<typeof route, AppEnv> = async (c) =>
  wireJson(c, deviceActivationSchema, await activateDevice({ db: db() }, { ...c.req.valid('json'), principal: c.get('runtime') }), { 'Cache-Control': 'no-store' });
