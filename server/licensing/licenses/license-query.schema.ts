import { z } from 'zod';

/** GET /licensing-mgmt/licenses?correlationId=<tenant_id>: the seller's own reference, as stored. */
export const MAX_LICENSES_PAGE = 100;

export const licensesByCorrelationIdQuerySchema = z.object({
  // Spec "Limits": a CorrelationId is at most 128 characters.
  correlationId: z.string().min(1).max(128),
  /** Licenses per page (1-100, default 100). */
  limit: z.coerce.number().int().min(1).max(MAX_LICENSES_PAGE).default(MAX_LICENSES_PAGE),
  /** The NextCursor of the previous page. */
  cursor: z.string().min(1).max(100).optional(),
});
export type LicensesByCorrelationIdQuery = z.infer<typeof licensesByCorrelationIdQuerySchema>;
