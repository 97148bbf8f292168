import { z } from 'zod';

/** GET /licensing-mgmt/licenses?correlationId=<tenant_id>: the seller's own reference, as stored. */
export const licensesByCorrelationIdQuerySchema = z.object({
  // Spec "Limits": a CorrelationId is at most 128 characters.
  correlationId: z.string().min(1).max(128),
});
export type LicensesByCorrelationIdQuery = z.infer<typeof licensesByCorrelationIdQuerySchema>;
