import { createRoute, z, type RouteHandler } from '@hono/zod-openapi';
import type { TypedResponse } from 'hono';
import { db } from '../../../db';
import { generateLicenseAuthorization } from '../../../runtime/generate-license-authorization';
import { authorizationStatementSchema, generateAuthorizationSchema } from '../../../runtime/runtime.schema';
import type { AppEnv } from '../../app-env';
import { withRuntimeToken } from '../../auth/with-runtime-token';
import { readJsonBody } from '../../middleware/read-json-body';
import { BODY_CODES, errorResponses, okResponse, SECURITY } from '../../openapi';
import { wireRequest } from '../../../wire/wire';

/** The compact JWS, then the statement it signs, shown for readers (verify `Authorization` before trusting them). */
const licenseAuthorizationBody = z.object({ Authorization: z.string() }).extend(authorizationStatementSchema.shape);

export const route = createRoute({
  method: 'post',
  path: '/licensing/runtime/GenerateLicenseAuthorization',
  operationId: 'generateLicenseAuthorization',
  tags: ['Runtime'],
  summary: "A signed authorization of the token's seat: what it may do for the next ten minutes",
  description:
    '`Authorization` is a compact JWS (ES256, `typ` `license-authorization+jwt`, keys in the runtime JWKS) of the other fields; verify it before trusting them. ' +
    'Refresh before `ExpiresUtc` (at half-life): changes to the seat, its codes and the license reach a running seat at its next refresh. ' +
    'Denials are 403 AuthorizationDenied with the reason first in Message: SeatRetired, LicenseSuspended, Disputed, LicenseCancelled, Refunded, DisputeLost, LicensePaused, Expired. ' +
    'An Authorization header that is not a Bearer JWT is refused as a gateway would: 401 with WWW-Authenticate and no body.',
  security: SECURITY.runtimeToken,
  middleware: [readJsonBody, withRuntimeToken] as const,
  request: { body: { required: true, content: { 'application/json': { schema: wireRequest(generateAuthorizationSchema) } } } },
  responses: {
    ...okResponse(licenseAuthorizationBody, 'The signed license authorization.'),
    ...errorResponses([...BODY_CODES, 'RuntimeTokenMissing', 'RuntimeTokenInvalid', 'CredentialUnknown', 'CredentialRevoked', 'AuthorizationDenied', 'NotFound']),
  },
});

export const handler: RouteHandler<typeof route, AppEnv> = async (c) => {
  const input = c.req.valid('json');
  const { authorization, statementJson } = await generateLicenseAuthorization({ db: db() }, { ...input, principal: c.get('runtime') });
  // The body is `{ Authorization, ...statement }` (what c.json would write), from the statement's one serialisation.
  const body = `{"Authorization":${JSON.stringify(authorization)},${statementJson.slice(1)}`;
  return c.body(body, 200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }) as unknown as TypedResponse<z.infer<typeof licenseAuthorizationBody>, 200, 'json'>;
};
