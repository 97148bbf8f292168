import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { idSchema } from '../../../../sdk/src/contract/fields';
import { db } from '../../../db';
import { deviceViewSchema } from '../../../licensing/devices/device-view';
import { deactivateLicenseDevice } from '../../../licensing/devices/deactivate-license-device';
import { requestOnlySchema } from '../../../licensing/management-writes.schema';
import type { AppEnv } from '../../app-env';
import { errorResponses, okResponse } from '../../openapi';
import { wireObject } from '../../../wire/wire';
import { wireJson } from '../../wire-json';
import { licenseIdParams } from './license-id-param';
import { jsonBody, NO_STORE, WRITE, WRITE_CODES } from './management-write';

const deviceParams = licenseIdParams.extend({ deviceId: idSchema.meta({ param: { name: 'deviceId', in: 'path' } }) });

export const route = createRoute({
  ...WRITE,
  method: 'post',
  path: '/licensing-mgmt/licenses/{licenseId}/devices/{deviceId}/deactivate',
  operationId: 'deactivateLicenseDevice',
  summary: "Free a device's place on its seat (the app may activate it again while a place is free)",
  request: { params: deviceParams, ...jsonBody(requestOnlySchema) },
  responses: { ...okResponse(wireObject(deviceViewSchema), 'The device, deactivated.'), ...errorResponses(WRITE_CODES) },
});

export const handler: RouteHandler<typeof route, AppEnv> = async (c) => {
  const { licenseId, deviceId } = c.req.valid('param');
  const device = await deactivateLicenseDevice({ db: db() }, { owner: { sellerId: c.get('apiKey').sellerId }, licenseId, deviceId, requestId: c.req.valid('json').requestId });
  return wireJson(c, deviceViewSchema, device, NO_STORE);
};
