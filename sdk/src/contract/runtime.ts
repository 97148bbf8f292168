import { z } from 'zod';
import { fingerprintSchema } from './devices.js';
import { guidKeySchema, idSchema, requestIdSchema } from './fields.js';

/** Items of one consumption batch (README "Runtime paths"). */
export const MAX_USAGE_ITEMS_PER_BATCH = 1000;
/** Units of one item; a larger use is several items. */
const MAX_UNITS_PER_ITEM = 1_000_000_000;

/** POST /licensing/runtime/GenerateLicenseAuthorization. */
export const generateAuthorizationSchema = z.object({
  requestId: requestIdSchema,
  licenseId: idSchema,
  /** The device asking (docs/api/runtime.md "Devices"): required when the license limits devices; the authorization then names it. */
  fingerprint: fingerprintSchema.optional(),
});
export type GenerateAuthorizationInput = z.infer<typeof generateAuthorizationSchema>;

export const usageItemSchema = z.object({
  featureKey: z.string().min(1).max(64),
  units: z.number().int('Units is a whole number.').min(1).max(MAX_UNITS_PER_ITEM),
  /** When the use happened (ISO 8601); kept with the item, for the seller's records. */
  timeUtc: z.iso.datetime({ offset: true }),
});

/** POST /consumption/runtime/messages: one batch of metered usage of one seat. */
export const usageBatchSchema = z.object({
  licenseId: idSchema,
  /** The client's idempotency key for the batch: a batch sent again is counted once. */
  batchId: guidKeySchema('BatchId'),
  items: z.array(usageItemSchema).min(1).max(MAX_USAGE_ITEMS_PER_BATCH),
});
export type UsageBatchInput = z.infer<typeof usageBatchSchema>;
