import { z } from 'zod';
import { apiKeyScopeSchema } from './api-key-scopes';

/** The longest a key may be made to last, in days (ten years); without an expiry it lasts until revoked. */
const API_KEY_MAX_DAYS = 3650;

/**
 * Creating an account API key: the label names where the key is used (a backend, a CI job);
 * `scopes` restricts it to those operations (omitted: full access, scopes added later included);
 * `expiresInDays` makes it stop working that many days from now (omitted: never).
 */
export const createApiKeyInputSchema = z.object({
  label: z.string().trim().min(1).max(100),
  scopes: z
    .array(apiKeyScopeSchema)
    .min(1, 'Choose at least one scope, or give the key full access.')
    .refine((scopes) => new Set(scopes).size === scopes.length, 'Name each scope once.')
    .optional(),
  expiresInDays: z.number().int().min(1).max(API_KEY_MAX_DAYS).optional(),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeyInputSchema>;

/** Revoking one of the seller's keys by its id. */
export const revokeApiKeyInputSchema = z.object({
  id: z.string().min(1).max(100),
});
