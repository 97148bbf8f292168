import { z } from 'zod';
import { PLAN_CHANGE_TIMINGS } from '../../../sdk/src/contract/plan-change';
import { licenseViewSchema } from './license-view.schema';

// The answers of a plan change (docs/api/management.md "Plan changes"), camelCase as the services
// return them; the REST routes answer their PascalCase twins (server/wire/wire.ts):
//
// { ...License view (as the other license writes answer: the license as it is now, its features
//   those of its offering now), PlanChange: { PlanChangeId, Status ('scheduled'|'applied'|'cancelled'),
//   When ('now'|'period_end'), RequestedBy ('seller'|'buyer'), FromOfferingId, ToOfferingId,
//   EffectiveUtc, FromUnitPriceMinor, UnitPriceMinor (one seat per period, minor units; null: free),
//   ProrationMinor (charged now, minor units; negative: a credit; 0 when nothing is charged),
//   Currency (null: free), CreatedUtc } }

export { changeOfferingSchema, type ChangeOfferingInput, type PlanChangeTiming } from '../../../sdk/src/contract/plan-change';

const utc = z.iso.datetime();

const planChangeViewSchema = z.object({
  planChangeId: z.string(),
  status: z.enum(['scheduled', 'applied', 'cancelled']),
  when: z.enum(PLAN_CHANGE_TIMINGS),
  requestedBy: z.enum(['seller', 'buyer']),
  fromOfferingId: z.string(),
  toOfferingId: z.string(),
  /** When it applies (scheduled) or applied. */
  effectiveUtc: utc,
  /** One seat's price per period before the change, minor units of `currency`; null when sold at no price. */
  fromUnitPriceMinor: z.number().int().nullable(),
  /** One seat's price per period after it; null for a free offering. */
  unitPriceMinor: z.number().int().nullable(),
  /** Charged when it applies now, for the rest of the period (negative: credited), tax included when the sale was taxed; 0 otherwise. */
  prorationMinor: z.number().int(),
  /** The tax in prorationMinor, at the rate of the license's sale; 0 when none. */
  prorationTaxMinor: z.number().int(),
  currency: z.string().nullable(),
  createdUtc: utc,
});
export type PlanChangeView = z.infer<typeof planChangeViewSchema>;

/** POST …/change-offering and …/change-offering/cancel: the license now, and the plan change. */
export const changedOfferingSchema = licenseViewSchema.extend({ planChange: planChangeViewSchema });
export type ChangedOffering = z.infer<typeof changedOfferingSchema>;

/** A PlanChange row as its view. */
export function toPlanChangeView(change: {
  id: string;
  status: string;
  timing: string;
  requestedBy: string;
  fromOfferingId: string;
  toOfferingId: string;
  effectiveAt: Date;
  fromUnitPriceMinor: number | null;
  unitPriceMinor: number | null;
  prorationMinor: bigint;
  taxMinor: bigint;
  currency: string | null;
  createdAt: Date;
}): PlanChangeView {
  return {
    planChangeId: change.id,
    status: change.status as PlanChangeView['status'],
    when: change.timing as PlanChangeView['when'],
    requestedBy: change.requestedBy as PlanChangeView['requestedBy'],
    fromOfferingId: change.fromOfferingId,
    toOfferingId: change.toOfferingId,
    effectiveUtc: change.effectiveAt.toISOString(),
    fromUnitPriceMinor: change.fromUnitPriceMinor,
    unitPriceMinor: change.unitPriceMinor,
    prorationMinor: Number(change.prorationMinor),
    prorationTaxMinor: Number(change.taxMinor),
    currency: change.currency,
    createdUtc: change.createdAt.toISOString(),
  };
}
