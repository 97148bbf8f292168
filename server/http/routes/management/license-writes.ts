import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { db } from '../../../db';
import type { ApiErrorCode } from '../../../errors';
import { addSeats } from '../../../licensing/add-seats';
import { bindLicenseToTenant } from '../../../licensing/bind-license-to-tenant';
import { changeLicenseStatus, type StatusChange } from '../../../licensing/change-license-status';
import { createLicenseDirectly } from '../../../licensing/create-license-directly';
import { issueSeatCode } from '../../../licensing/issue-seat-code';
import { licenseViewSchema } from '../../../licensing/license-view.schema';
import {
  addedSeatsSchema,
  addSeatsSchema,
  bindTenantSchema,
  createLicenseSchema,
  issuedCodeSchema,
  issueSeatCodeSchema,
  requestOnlySchema,
  retiredSeatSchema,
  revokedCodeSchema,
} from '../../../licensing/management-writes.schema';
import { retireSeat } from '../../../licensing/retire-seat';
import { revokeLicenseCodeBySeller } from '../../../licensing/revoke-license-code-by-seller';
import type { AppEnv } from '../../app-env';
import { withApiKey } from '../../auth/with-api-key';
import { readJsonBody } from '../../middleware/read-json-body';
import { BODY_CODES, errorResponses, okResponse, SECURITY } from '../../openapi';
import { fromWire, wireObject } from '../../wire';
import { NO_STORE } from './find-licenses';
import { licenseIdParams } from './license-id-param';

// The management writes (README "Management API"): each a POST with a RequestId, idempotent, under
// the seller's API key; another seller's license, seat or code is 404 NotFound like an unknown one.

const pathId = (name: string) => z.string().min(1).max(100).openapi({ param: { name, in: 'path' } });
const seatParams = licenseIdParams.extend({ seatId: pathId('seatId') });
const codeParams = licenseIdParams.extend({ codeId: pathId('codeId') });
const COMMON: ApiErrorCode[] = [...BODY_CODES, 'ApiKeyMissing', 'ApiKeyInvalid', 'NotFound', 'RequestIdMismatch'];

const body = <T extends z.ZodObject>(schema: T) => ({ body: { required: true, content: { 'application/json': { schema: wireObject(schema) } } } });
const write = { tags: ['Management API'], security: SECURITY.apiKey, middleware: [readJsonBody, withApiKey] };

export const createLicenseRoute = createRoute({
  ...write,
  method: 'post',
  path: '/licensing-mgmt/licenses',
  operationId: 'createLicense',
  summary: 'Create a license directly, bound to a tenant (no checkout, nothing charged)',
  description: 'Any number of Seats (1 to 1000) of an active offering of the seller; CorrelationId is the tenant id. A one-seat license answers its code once in EncodedCredential.',
  request: body(createLicenseSchema),
  responses: {
    ...okResponse(z.object({ License: licenseViewSchema, SeatIds: z.array(z.string()), EncodedCredential: z.string().nullable() }), 'The license and its seats.'),
    ...errorResponses(COMMON),
  },
});

export const addSeatsRoute = createRoute({
  ...write,
  method: 'post',
  path: '/licensing-mgmt/licenses/{licenseId}/seats',
  operationId: 'addSeats',
  summary: 'Add seats to an active subscription or trial (without codes; prorated for the rest of the period)',
  request: { params: licenseIdParams, ...body(addSeatsSchema) },
  responses: { ...okResponse(addedSeatsSchema, 'The new seats and what they cost.'), ...errorResponses([...COMMON, 'LicenseNotActive', 'SeatsFixed']) },
});

export const retireSeatRoute = createRoute({
  ...write,
  method: 'post',
  path: '/licensing-mgmt/licenses/{licenseId}/seats/{seatId}/retire',
  operationId: 'retireSeat',
  summary: 'Retire a seat for good (its codes are revoked; the last live seat cannot be retired)',
  request: { params: seatParams, ...body(requestOnlySchema) },
  responses: { ...okResponse(retiredSeatSchema, 'The retired seat.'), ...errorResponses([...COMMON, 'LicenseNotActive', 'SeatsFixed', 'LastLiveSeat']) },
});

export const issueSeatCodeRoute = createRoute({
  ...write,
  method: 'post',
  path: '/licensing-mgmt/licenses/{licenseId}/seats/{seatId}/codes',
  operationId: 'issueSeatCode',
  summary: 'Issue a license code for a live seat, with a label (shown once)',
  request: { params: seatParams, ...body(issueSeatCodeSchema) },
  responses: { ...okResponse(issuedCodeSchema, 'The code, shown once.'), ...errorResponses([...COMMON, 'SeatRetired', 'LicenseNotActive', 'RateLimited']) },
});

export const revokeCodeRoute = createRoute({
  ...write,
  method: 'post',
  path: '/licensing-mgmt/licenses/{licenseId}/codes/{codeId}/revoke',
  operationId: 'revokeLicenseCode',
  summary: 'Revoke a license code (refused CredentialRevoked at its next authorization)',
  request: { params: codeParams, ...body(requestOnlySchema) },
  responses: { ...okResponse(revokedCodeSchema, 'The revoked code.'), ...errorResponses(COMMON) },
});

export const bindTenantRoute = createRoute({
  ...write,
  method: 'post',
  path: '/licensing-mgmt/licenses/{licenseId}/tenant',
  operationId: 'bindLicenseToTenant',
  summary: 'Bind a license sold elsewhere to a tenant (refused when another tenant holds it)',
  request: { params: licenseIdParams, ...body(bindTenantSchema) },
  responses: { ...okResponse(licenseViewSchema, 'The license, bound.'), ...errorResponses([...COMMON, 'TenantMismatch']) },
});

const statusRoute = (change: StatusChange, summary: string) =>
  createRoute({
    ...write,
    method: 'post',
    path: `/licensing-mgmt/licenses/{licenseId}/${change}`,
    operationId: `${change}License`,
    summary,
    request: { params: licenseIdParams, ...body(requestOnlySchema) },
    responses: { ...okResponse(licenseViewSchema, 'The license in its new status.'), ...errorResponses([...COMMON, 'StatusChangeRefused']) },
  });

const STATUS_CHANGES: [StatusChange, string][] = [
  ['suspend', 'Suspend a license: every seat is refused at its next authorization'],
  ['resume', 'Resume a suspended or paused license'],
  ['cancel', 'Cancel a license for good'],
];

export function registerLicenseWrites(app: OpenAPIHono<AppEnv>): void {
  const sellerId = (c: { get: (key: 'apiKey') => { sellerId: string } }) => c.get('apiKey').sellerId;

  app.openapi(createLicenseRoute, async (c) => {
    const input = fromWire(createLicenseSchema, c.req.valid('json'));
    return c.json(await createLicenseDirectly({ db: db() }, { ...input, sellerId: sellerId(c) }), 200, NO_STORE);
  });
  app.openapi(addSeatsRoute, async (c) => {
    const input = fromWire(addSeatsSchema, c.req.valid('json'));
    return c.json(await addSeats({ db: db() }, { ...input, ...c.req.valid('param'), sellerId: sellerId(c) }), 200, NO_STORE);
  });
  app.openapi(retireSeatRoute, async (c) => {
    const input = fromWire(requestOnlySchema, c.req.valid('json'));
    return c.json(await retireSeat({ db: db() }, { ...input, ...c.req.valid('param'), sellerId: sellerId(c) }), 200, NO_STORE);
  });
  app.openapi(issueSeatCodeRoute, async (c) => {
    const input = fromWire(issueSeatCodeSchema, c.req.valid('json'));
    return c.json(await issueSeatCode({ db: db() }, { ...input, ...c.req.valid('param'), sellerId: sellerId(c) }), 200, NO_STORE);
  });
  app.openapi(revokeCodeRoute, async (c) => {
    const input = fromWire(requestOnlySchema, c.req.valid('json'));
    return c.json(await revokeLicenseCodeBySeller({ db: db() }, { ...input, ...c.req.valid('param'), sellerId: sellerId(c) }), 200, NO_STORE);
  });
  app.openapi(bindTenantRoute, async (c) => {
    const input = fromWire(bindTenantSchema, c.req.valid('json'));
    return c.json(await bindLicenseToTenant({ db: db() }, { ...input, ...c.req.valid('param'), sellerId: sellerId(c) }), 200, NO_STORE);
  });
  for (const [change, summary] of STATUS_CHANGES) {
    app.openapi(statusRoute(change, summary), async (c) => {
      const input = fromWire(requestOnlySchema, c.req.valid('json'));
      return c.json(await changeLicenseStatus({ db: db() }, { ...input, ...c.req.valid('param'), sellerId: sellerId(c), change }), 200, NO_STORE);
    });
  }
}
