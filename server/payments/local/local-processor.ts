import { env } from '../../env';
import { DomainError } from '../../errors';
import { logger } from '../../platform/logging/logger';

// The built-in processor is like a test mode: its hosted checkout page is served by this app at
// /checkout/local/{sessionId}; paying there settles the checkout. It takes no money, so under
// NODE_ENV=production it is refused unless the operator opts in for a demo
// (LOCAL_PROCESSOR_IN_PRODUCTION=true): the start refuses, and so does its Pay endpoint.

/** What decides which processor is live (raw variables: the start checks before the configuration is parsed). */
export interface ProcessorSwitches {
  NODE_ENV?: string;
  STRIPE_SECRET_KEY?: string;
  LOCAL_PROCESSOR_IN_PRODUCTION?: string | boolean;
}

const LOCAL_PROCESSOR_REFUSED_MESSAGE =
  'The local processor takes no money (its Pay button hands out paid licenses for free), so it is refused under NODE_ENV=production. ' +
  'Either configure Stripe (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET), ' +
  'or, for a demo only, opt in with LOCAL_PROCESSOR_IN_PRODUCTION=true.';

const optedIn = (value: string | boolean | undefined) => value === true || value === 'true';

/** The processor that takes payments under these switches (Stripe when its secret key is set). */
function liveProcessorName(switches: ProcessorSwitches): 'stripe' | 'local' {
  return switches.STRIPE_SECRET_KEY ? 'stripe' : 'local';
}

/** Why the service must not start under these switches, or null: production with the local processor and no opt-in. */
export function localProcessorStartRefusal(switches: ProcessorSwitches): string | null {
  if (liveProcessorName(switches) !== 'local') return null;
  if (switches.NODE_ENV !== 'production' || optedIn(switches.LOCAL_PROCESSOR_IN_PRODUCTION)) return null;
  return LOCAL_PROCESSOR_REFUSED_MESSAGE;
}

// The start sets NODE_ENV=production in the process when the operator left it unset (`npm start` on
// a laptop: the demo), as Next would. The start records the operator's own NODE_ENV here; a host
// that serves the app without our start falls back to the process's NODE_ENV.
const launch: { __licensingLaunchNodeEnv?: string } = {};

/**
 * The start's check, before any database work: records the operator's NODE_ENV for the runtime
 * checks below and returns why the start must be refused, or null.
 */
export function checkProcessorAtStart(environment: NodeJS.ProcessEnv): string | null {
  launch.__licensingLaunchNodeEnv = environment.NODE_ENV ?? 'development';
  return localProcessorStartRefusal(environment);
}

function runtimeSwitches(): ProcessorSwitches {
  const config = env();
  return { ...config, NODE_ENV: launch.__licensingLaunchNodeEnv ?? config.NODE_ENV };
}

/** Refuses the local processor at checkout creation under production without the opt-in (the start refuses that already). */
export function assertLocalProcessorAllowed(): void {
  if (localProcessorStartRefusal(runtimeSwitches()) === null) return;
  logger.error('local processor: refused under NODE_ENV=production without LOCAL_PROCESSOR_IN_PRODUCTION=true');
  throw new DomainError('ServerError', 'Payments are not configured on this service.');
}

/** The start banner's line: which processor takes payments. */
export function describeLiveProcessor(switches: ProcessorSwitches): string {
  return liveProcessorName(switches) === 'stripe' ? 'Stripe' : 'local processor (demo: no money is taken)';
}

/**
 * Defence in depth for the local processor's Pay endpoint: paying settles a checkout without
 * money, so it is refused when the local processor is not the live one (Stripe is configured, so
 * a local checkout left from earlier must not settle) or under NODE_ENV=production without the
 * opt-in (the start refuses that already; a host that serves the app another way still must not).
 * NotFound: for the buyer's browser there is no payable checkout at this address.
 */
export function assertLocalProcessorPayable(): void {
  const switches = runtimeSwitches();
  const reason =
    liveProcessorName(switches) !== 'local'
      ? 'the live processor is Stripe'
      : localProcessorStartRefusal(switches) !== null
        ? 'NODE_ENV=production without LOCAL_PROCESSOR_IN_PRODUCTION=true'
        : null;
  if (reason === null) return;
  logger.warn({ reason }, 'local processor: a Pay was refused');
  throw new DomainError('NotFound', `The local processor does not take payments here (${reason}).`);
}
