import { z } from 'zod';
import { idSchema, requestIdSchema } from './fields.js';

// POST /licensing-mgmt/licenses/{licenseId}/change-offering (docs/api/management.md "Plan changes"):
// the request shape, camelCase, shared by the REST route, the portal's and the buyer's pages and
// this library. The wire is PascalCase: { RequestId, OfferingId, When }.

/** When a plan change applies: at once, or when the license's current billing period ends. */
export const PLAN_CHANGE_TIMINGS = ['now', 'period_end'] as const;
export type PlanChangeTiming = (typeof PLAN_CHANGE_TIMINGS)[number];

export const changeOfferingSchema = z.object({
  requestId: requestIdSchema,
  /** The offering the license moves to: another active offering of the same product. */
  offeringId: idSchema,
  /**
   * `now` or `period_end`. Left out: `now` for a change to the same price or more (prorated for the
   * rest of the period), `period_end` for a cheaper one. A one-time purchase changes only `now`.
   */
  when: z.enum(PLAN_CHANGE_TIMINGS).optional(),
});
export type ChangeOfferingInput = z.infer<typeof changeOfferingSchema>;
