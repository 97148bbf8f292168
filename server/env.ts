import { z } from 'zod';

// The one parsed configuration. Read once; a bad or missing variable stops start-up with a message
// naming it. Every variable is documented in the README's Configuration table.
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required (the start script sets it for the embedded database)'),
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters'),
  PUBLIC_BASE_URL: z.url().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Seed the demo seller into an empty database at start. */
  SEED_DEMO: z.enum(['true', 'false']).default('true').transform((value) => value === 'true'),
});

export type Env = z.infer<typeof envSchema> & { publicBaseUrl: string };

let parsed: Env | undefined;

export function env(): Env {
  if (parsed) return parsed;
  const result = envSchema.safeParse(process.env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const publicBaseUrl = (result.data.PUBLIC_BASE_URL ?? `http://localhost:${result.data.PORT}`).replace(/\/+$/, '');
  parsed = { ...result.data, publicBaseUrl };
  return parsed;
}
