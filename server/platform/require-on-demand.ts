import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A package loaded at its first use instead of at start, synchronously: what only some deployments
 * use (Stripe, SMTP, Redis) costs no memory where it is not configured (each weighs 10-20 MB
 * resident). The caller names the package and types it with `typeof import(...)`.
 */
export function requireOnDemand<T>(name: string): T {
  return require(name) as T;
}
