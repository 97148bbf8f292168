import type Stripe from 'stripe';
import { requireOnDemand } from '../../platform/require-on-demand';
import { env } from '../../env';

// One Stripe client per process, rebuilt only when the configuration it came from changes (tests
// re-read the environment with resetEnvForTests).
interface Held {
  secretKey: string;
  apiBase: string | undefined;
  client: Stripe;
}
const holder: { __licensingStripe?: Held } = {};

/** The SDK's host/port/protocol for STRIPE_API_BASE (only its origin is used; a path is ignored). */
function stripeHostOptions(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    protocol,
    // node:http wants an IPv6 literal without its brackets.
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
  };
}

/** The configured client; throws when STRIPE_SECRET_KEY is unset (the local processor is in use). */
export function stripeClient(): Stripe {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_API_BASE: apiBase } = env();
  if (!secretKey) throw new Error('Stripe is not configured: STRIPE_SECRET_KEY is unset.');
  const held = holder.__licensingStripe;
  if (held && held.secretKey === secretKey && held.apiBase === apiBase) return held.client;
  // apiVersion is left to the SDK's pinned default: its types describe exactly that version.
  // The package's CommonJS export is the Stripe class itself.
  const StripeClient = requireOnDemand<typeof Stripe>('stripe');
  const client = new StripeClient(secretKey, { maxNetworkRetries: 2, timeout: 10_000, ...stripeHostOptions(apiBase) });
  holder.__licensingStripe = { secretKey, apiBase, client };
  return client;
}

/** Whether a secret key is a live-mode one (sk_live_…, or a restricted rk_live_…); anything else is test mode. */
export function isLiveKey(secretKey: string): boolean {
  return /^[sr]k_live_/.test(secretKey);
}

/** The id of an expandable Stripe field (an id string, or the expanded object), or null. */
export const stripeIdOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));
