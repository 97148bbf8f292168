import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { db } from '../../../db';
import { licenseDevicesSchema } from '../../../licensing/devices/device-view';
import { listLicenseDevices } from '../../../licensing/devices/list-license-devices';
import type { AppEnv } from '../../app-env';
import { API_KEY_CODES, apiKeyRoute } from '../../auth/with-api-key';
import { errorResponses, okResponse } from '../../openapi';
import { NO_STORE } from './find-licenses';
import { licenseIdParams } from './license-id-param';
import { wireObject } from '../../../wire/wire';
import { wireJson } from '../../wire-json';

export const route = createRoute({
  method: 'get',
  path: '/licensing-mgmt/licenses/{licenseId}/devices',
  operationId: 'listLicenseDevices',
  tags: ['Management API'],
  summary: 'Every device of a license, by seat, deactivated ones included',
  description: '`Active`: the device holds a place on its seat now (not deactivated and, when floating, its lease not lapsed). `MaxDevices` is per seat (null: any number).',
  ...apiKeyRoute('licenses:read'),
  request: { params: licenseIdParams },
  responses: { ...okResponse(wireObject(licenseDevicesSchema), 'The devices.'), ...errorResponses([...API_KEY_CODES, 'NotFound']) },
});

export const handler: RouteHandler<typeof route, AppEnv> = async (c) => {
  const answer = await listLicenseDevices({ db: db() }, { owner: { sellerId: c.get('apiKey').sellerId }, licenseId: c.req.valid('param').licenseId });
  return wireJson(c, licenseDevicesSchema, answer, NO_STORE);
};
