import { createRoute, z, type RouteHandler } from '@hono/zod-openapi';
import type { TypedResponse } from 'hono';
import { db } from '../../../db';
import { checkOutLicenseFile } from '../../../runtime/devices/check-out-license-file';
import { checkOutLicenseFileSchema } from '../../../../sdk/src/contract/devices';
import { authorizationStatementSchema } from '../../../runtime/runtime.schema';
import type { AppEnv } from '../../app-env';
import { wireRequest } from '../../../wire/wire';
import { DEVICE_CALL, DEVICE_CALL_CODES } from './device-call';
import { errorResponses, okResponse } from '../../openapi';

/** The compact JWS, then the statement it signs, shown for readers (verify `LicenseFile` before trusting them). */
const licenseFileBody = z.object({
  LicenseFile: z.string(),
  FileId: z.string(),
  LicenseId: z.string(),
  SeatId: z.string(),
  DeviceId: z.string().nullable(),
  Fingerprint: z.string(),
  LicenseClassification: z.number().int(),
  IssuedUtc: z.string(),
  ExpiresUtc: z.string(),
  Features: authorizationStatementSchema.shape.Features,
});

export const route = createRoute({
  ...DEVICE_CALL,
  path: '/licensing/runtime/CheckOutLicenseFile',
  operationId: 'checkOutLicenseFile',
  summary: 'A signed license file for this device, verified by the app with no network',
  description:
    '`LicenseFile` is a compact JWS (ES256, `typ` `license-file+jwt`, keys in the runtime JWKS) of the other fields, bound to the Fingerprint. ' +
    'TtlSeconds (3600 to 7776000) is capped by the license\'s MaxOfflineDays and its term; a license whose offering allows no offline use is 403 AuthorizationDenied, OfflineNotOffered. ' +
    'When the license limits devices, the device must be activated (else AuthorizationDenied, DeviceNotActivated). Counted against the authorization limit.',
  request: { body: { required: true, content: { 'application/json': { schema: wireRequest(checkOutLicenseFileSchema) } } } },
  responses: { ...okResponse(licenseFileBody, 'The signed license file.'), ...errorResponses([...DEVICE_CALL_CODES]) },
});

export const handler: RouteHandler<typeof route, AppEnv> = async (c) => {
  const { licenseFile, statementJson } = await checkOutLicenseFile({ db: db() }, { ...c.req.valid('json'), principal: c.get('runtime') });
  const body = `{"LicenseFile":${JSON.stringify(licenseFile)},${statementJson.slice(1)}`;
  return c.body(body, 200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }) as unknown as TypedResponse<z.infer<typeof licenseFileBody>, 200, 'json'>;
};
