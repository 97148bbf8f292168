import type { ZodError } from 'zod';
import { db } from '../../db';
import { DomainError } from '../../errors';
import { findLicensesByCorrelationId } from '../../licensing/find-licenses-by-correlation-id';
import { getSellerLicense } from '../../licensing/get-seller-license';
import { licensesByCorrelationIdQuerySchema } from '../../licensing/license-query.schema';
import { listLicenseSeats } from '../../licensing/list-license-seats';
import { withApiKey } from '../auth/with-api-key';
import { jsonResponse } from '../json';
import { validationErrorFromZod } from '../normalize-error';
import type { RestRoute } from '../rest-router';

// Management API reads (spec "Management API", base /licensing-mgmt, account API key). Answers are
// per seller and change with every seat or status change, so no cache may keep them.
const noStore = { 'Cache-Control': 'no-store' };

/** Query parameters are named in Details as the caller wrote them (`correlationId`). */
function queryValidationError(error: ZodError): DomainError {
  const fromZod = validationErrorFromZod(error);
  const details = error.issues.map((issue, index) => ({ ...fromZod.details![index]!, Field: issue.path.map(String).join('.') }));
  return new DomainError('ValidationError', fromZod.message, { details });
}

export const managementRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/licensing-mgmt/licenses',
    handler: withApiKey(async ({ url, apiKey }) => {
      const query = licensesByCorrelationIdQuerySchema.safeParse({ correlationId: url.searchParams.get('correlationId') ?? undefined });
      if (!query.success) throw queryValidationError(query.error);
      const answer = await findLicensesByCorrelationId({ db: db() }, { sellerId: apiKey.sellerId, correlationId: query.data.correlationId });
      return jsonResponse(answer, { headers: noStore });
    }),
  },
  {
    method: 'GET',
    path: '/licensing-mgmt/licenses/:licenseId',
    handler: withApiKey(async ({ params, apiKey }) => {
      const answer = await getSellerLicense({ db: db() }, { sellerId: apiKey.sellerId, licenseId: params.licenseId! });
      return jsonResponse(answer, { headers: noStore });
    }),
  },
  {
    method: 'GET',
    path: '/licensing-mgmt/licenses/:licenseId/seats',
    handler: withApiKey(async ({ params, apiKey }) => {
      const answer = await listLicenseSeats({ db: db() }, { sellerId: apiKey.sellerId, licenseId: params.licenseId! });
      return jsonResponse(answer, { headers: noStore });
    }),
  },
];
