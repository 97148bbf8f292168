import { z } from 'zod';

/** Creating an account API key: the label names where the key is used (a backend, a CI job). */
export const createApiKeyInputSchema = z.object({
  label: z.string().trim().min(1).max(100),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeyInputSchema>;

/** Revoking one of the seller's keys by its id. */
export const revokeApiKeyInputSchema = z.object({
  id: z.string().min(1).max(100),
});
