// `npm run admin -- <command>`: the operator's command line (sellers, account API keys), part of the
// built core so production runs it without a TypeScript loader (scripts/admin.mjs launches it).
//   npm run admin -- help
// Exit status: 0 done, 1 the command failed (e.g. unknown seller), 2 bad or missing arguments.
// Arguments are checked before the database is touched; the database is resolved like
// `npm run db:seed` does (DATABASE_URL, else the embedded PostgreSQL under DATA_DIR).
import { parseArgs } from 'node:util';
import { z } from 'zod';
import type { Db } from '../db';
import { DomainError } from '../errors';
import { ensureAppSecret } from '../app-secret';
import { resolveDatabase } from '../platform/database/local-database';
import { applyMigrations } from '../platform/database/migrate';
import { LOCAL_ORDER_EVENTS, type LocalOrderEvent } from '../orders/processor-events/local-order-event-kinds';
import { API_KEY_SCOPE_NAMES, type ApiKeyScope } from '../api-keys/api-key-scopes';
import { runWithActingContext } from '../platform/database/acting-context';
import { operatorActor } from '../audit/acting-operator';

type Values = Record<string, string | boolean | undefined>;
type Work = (ctx: { db: Db }) => Promise<void>;

interface Command {
  usage: string;
  summary: string;
  options: Record<string, { type: 'string' | 'boolean' }>;
  /** Checks the arguments (throwing UsageError) and returns the work to run against the database. */
  prepare: (values: Values, positionals: string[]) => Work;
}

class UsageError extends Error {}

const EXIT_FAILED = 1;
const EXIT_USAGE = 2;

function requiredOption(values: Values, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required.`);
  return value.trim();
}

function optionalOption(values: Values, name: string): string | undefined {
  const value = values[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} needs a value.`);
  return value.trim();
}

function noPositionals(positionals: string[]): void {
  if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}".`);
}

const commands: Record<string, Command> = {
  'create-seller': {
    usage: 'create-seller --legal-name <name> [--contact-name <name>] [--issuer-client-id <id>] [--owner-email <e-mail>]',
    summary: 'Create a seller; the issuerClientId is generated from the name unless given. With --owner-email, that account (created if new) becomes its Owner.',
    options: {
      'legal-name': { type: 'string' },
      'contact-name': { type: 'string' },
      'issuer-client-id': { type: 'string' },
      'owner-email': { type: 'string' },
    },
    prepare: (values, positionals) => {
      noPositionals(positionals);
      const legalName = requiredOption(values, 'legal-name');
      const contactName = optionalOption(values, 'contact-name');
      const issuerClientId = optionalOption(values, 'issuer-client-id');
      const ownerEmail = optionalOption(values, 'owner-email')?.toLowerCase();
      if (ownerEmail !== undefined && !z.email().safeParse(ownerEmail).success) {
        throw new UsageError(`--owner-email "${ownerEmail}" is not an e-mail address.`);
      }
      return async (ctx) => {
        const { createSeller } = await import('../sellers/create-seller');
        // Accounts are normally created at first sign-in; the operator may name an owner ahead of it.
        const owner = ownerEmail
          ? await ctx.db.account.upsert({ where: { email: ownerEmail }, update: {}, create: { email: ownerEmail } })
          : undefined;
        const seller = await createSeller(ctx, { legalName, contactName, issuerClientId, ownerAccountId: owner?.id });
        console.log('Seller created.');
        console.log(`  id:             ${seller.id}`);
        console.log(`  legal name:     ${seller.legalName ?? ''}`);
        if (seller.contactName) console.log(`  contact name:   ${seller.contactName}`);
        if (owner) console.log(`  owner:          ${owner.email}`);
        console.log(`  issuerClientId: ${seller.issuerClientId}`);
      };
    },
  },

  'create-api-key': {
    usage: 'create-api-key --issuer <issuerClientId> --label <label> [--scopes <scope,scope…>] [--expires-in-days <days>]',
    summary:
      'Issue an account API key (header dub-apiKey) for a seller: full access, or only the --scopes named (comma-separated: ' +
      `${API_KEY_SCOPE_NAMES.join(', ')}), until --expires-in-days when given. The key is printed once, alone on the last line.`,
    options: { issuer: { type: 'string' }, label: { type: 'string' }, scopes: { type: 'string' }, 'expires-in-days': { type: 'string' } },
    prepare: (values, positionals) => {
      noPositionals(positionals);
      const issuer = requiredOption(values, 'issuer');
      const label = requiredOption(values, 'label');
      const scopesText = optionalOption(values, 'scopes');
      const scopes = scopesText === undefined ? undefined : scopesText.split(',').map((scope) => scope.trim());
      const unknown = scopes?.filter((scope) => !(API_KEY_SCOPE_NAMES as string[]).includes(scope)) ?? [];
      if (unknown.length > 0) throw new UsageError(`--scopes: no scope named ${unknown.map((scope) => `"${scope}"`).join(', ')}; the scopes are ${API_KEY_SCOPE_NAMES.join(', ')}.`);
      const daysText = optionalOption(values, 'expires-in-days');
      const expiresInDays = daysText === undefined ? undefined : Number(daysText);
      if (expiresInDays !== undefined && !Number.isInteger(expiresInDays)) throw new UsageError(`--expires-in-days "${daysText}" is not a whole number of days.`);
      return async (ctx) => {
        const { createApiKey } = await import('../api-keys/create-api-key');
        const seller = await ctx.db.seller.findUnique({ where: { issuerClientId: issuer }, select: { id: true } });
        if (!seller) throw new DomainError('NotFound', `No seller with issuerClientId "${issuer}".`);
        const created = await createApiKey(ctx, { sellerId: seller.id, label, scopes: scopes as ApiKeyScope[] | undefined, expiresInDays });
        console.log(`API key ${created.prefix} ("${created.label}") created for seller ${issuer} (key id ${created.id}).`);
        console.log(`  access:  ${created.scopes ? created.scopes.join(', ') : 'full (every scope)'}`);
        console.log(`  expires: ${created.expiresAt ? created.expiresAt.toISOString() : 'never (until revoked)'}`);
        console.log('Shown once: copy it now into the backend\'s secret store. The key is the next line.');
        console.log(created.key);
      };
    },
  },

  'revoke-api-key': {
    usage: 'revoke-api-key <prefix-or-id>',
    summary: 'Revoke an account API key by its prefix (SVC_AK_XXXXXXXX) or its id. Running instances refuse it within a second (10 seconds at most).',
    options: {},
    prepare: (_values, positionals) => {
      if (positionals.length === 0) throw new UsageError('Name the key to revoke: its prefix (SVC_AK_XXXXXXXX) or its id.');
      if (positionals.length > 1) throw new UsageError('Revoke one key at a time.');
      const prefixOrId = positionals[0]!;
      return async (ctx) => {
        const { revokeApiKeyByPrefixOrId } = await import('../api-keys/revoke-api-key');
        const revoked = await revokeApiKeyByPrefixOrId(ctx, prefixOrId);
        console.log(`API key ${revoked.prefix} ("${revoked.label}") of seller ${revoked.issuerClientId} is revoked (since ${revoked.revokedAt?.toISOString()}).`);
      };
    },
  },

  'rotate-signing-key': {
    usage: 'rotate-signing-key [--purpose runtime|identity] [--activate-in <seconds>]',
    summary:
      'Add a new ES256 signing key version (default: runtime). It is in the JWKS at once and signs from --activate-in seconds on (default 420: longer than every cache of the JWKS); until then the previous version signs. Older versions stay in the JWKS and keep verifying. --activate-in 0 is for emergencies: clients holding an older copy of the JWKS refuse new codes until it expires.',
    options: { purpose: { type: 'string' }, 'activate-in': { type: 'string' } },
    prepare: (values, positionals) => {
      noPositionals(positionals);
      const purpose = optionalOption(values, 'purpose') ?? 'runtime';
      if (purpose !== 'runtime' && purpose !== 'identity') throw new UsageError('--purpose must be runtime or identity.');
      const activateIn = optionalOption(values, 'activate-in');
      if (activateIn !== undefined && !/^\d{1,7}$/.test(activateIn)) throw new UsageError('--activate-in must be a whole number of seconds (0 or more).');
      return async (ctx) => {
        const { rotateSigningKey, DEFAULT_ACTIVATION_DELAY_SECONDS } = await import('../keys/signing-keys');
        const delay = activateIn === undefined ? DEFAULT_ACTIVATION_DELAY_SECONDS : Number(activateIn);
        const { kid, activatesAt, signingUntilThen } = await rotateSigningKey(ctx, purpose, { activateInSeconds: delay });
        const versions = await ctx.db.signingKey.count({ where: { purpose } });
        console.log(`New ${purpose} signing key ${kid}: in the JWKS now (${versions} version(s)); running instances serve it within a second.`);
        if (!signingUntilThen) {
          console.log(`It is the first ${purpose} version and signs at once.`);
        } else {
          console.log(`It signs from ${activatesAt.toISOString()} (in ${delay} s); until then ${signingUntilThen} keeps signing.`);
        }
        if (signingUntilThen && delay < DEFAULT_ACTIVATION_DELAY_SECONDS) {
          console.log(`Warning: shorter than ${DEFAULT_ACTIVATION_DELAY_SECONDS} s. Clients holding a JWKS fetched before now do not know ${kid} until their copy expires.`);
        }
      };
    },
  },

  'retry-processor-calls': {
    usage: 'retry-processor-calls [<call id>]',
    summary:
      'Put the calls to the payment processor that were given up on (status attention: cancel, pause, resume or seats of a license the processor bills) back in the queue; the running worker performs them within a minute. Without an id, every one.',
    options: {},
    prepare: (_values, positionals) => {
      if (positionals.length > 1) throw new UsageError('Name one call, or none for every call that needs attention.');
      const id = positionals[0];
      return async (ctx) => {
        const { retryProcessorCalls } = await import('../payments/processor-calls');
        const count = await retryProcessorCalls(ctx, { id });
        if (id && count === 0) throw new DomainError('NotFound', `No processor call ${id} needs attention.`);
        console.log(`${count} processor call(s) queued again; the worker performs them within a minute.`);
      };
    },
  },

  reconcile: {
    usage: 'reconcile',
    summary:
      'Compare every license Stripe bills with its subscription now (the hourly job does the same): the seller\'s cancellations, suspensions and seat counts Stripe does not show are sent again; differences only Stripe can settle are listed.',
    options: {},
    prepare: (_values, positionals) => {
      noPositionals(positionals);
      return async (ctx) => {
        const { reconcileSubscriptions } = await import('../payments/reconcile-subscriptions');
        const report = await reconcileSubscriptions(ctx);
        console.log(`Compared ${report.checked} license(s) with Stripe.`);
        for (const fix of report.fixed) console.log(`  sent again: ${fix.what} for license ${fix.licenseId}`);
        for (const found of report.mismatched) console.log(`  needs a look: license ${found.licenseId}: ${found.what}`);
        if (report.fixed.length > 0) console.log('The worker makes the calls within a minute.');
      };
    },
  },

  'local-processor-event': {
    usage: 'local-processor-event <order id> dispute-opened|dispute-won|dispute-lost|refunded [--amount <amount>]',
    summary:
      "Report what the local processor would tell about an order it sold, as Stripe's webhook does for Stripe's (to try the rules without Stripe): a dispute opened or decided, or a refund made at the processor (--amount in the order's currency, default all that is left).",
    options: { amount: { type: 'string' } },
    prepare: (values, positionals) => {
      const [orderId, what, ...rest] = positionals;
      if (!orderId || !what || rest.length > 0) throw new UsageError('Name the order and what happened: dispute-opened, dispute-won, dispute-lost or refunded.');
      if (!(LOCAL_ORDER_EVENTS as readonly string[]).includes(what)) throw new UsageError(`"${what}" is not one of ${LOCAL_ORDER_EVENTS.join(', ')}.`);
      const amountText = optionalOption(values, 'amount');
      const amount = amountText === undefined ? undefined : Number(amountText);
      if (amount !== undefined && !(Number.isFinite(amount) && amount > 0)) throw new UsageError('--amount is a number above 0, e.g. 10.50.');
      return async (ctx) => {
        const { reportLocalOrderEvent } = await import('../orders/processor-events/local-order-events');
        const outcome = await reportLocalOrderEvent(ctx, { orderId, what: what as LocalOrderEvent, amount });
        console.log(`${what} on order ${orderId}: ${outcome}.`);
      };
    },
  },

  'erase-buyer': {
    usage: 'erase-buyer --email <address>',
    summary:
      "Erase a buyer's account on their request (docs/data-rights.md): the address, name, sign-ins, tokens, sessions, claims and e-mails go or are pseudonymised; licenses and the orders' figures are kept under a pseudonym. Refused for a seller's member and while a subscription still renews.",
    options: { email: { type: 'string' } },
    prepare: (values, positionals) => {
      noPositionals(positionals);
      const email = requiredOption(values, 'email');
      if (!z.email().safeParse(email).success) throw new UsageError(`--email "${email}" is not an e-mail address.`);
      return async (ctx) => {
        const { eraseBuyerAccount, findAccountToErase } = await import('../identity/erase-buyer');
        const account = await findAccountToErase(ctx, email);
        const erasure = await eraseBuyerAccount(ctx, { accountId: account.id, by: 'operator' });
        const { erased, kept } = erasure;
        console.log(`Account ${erasure.accountId} erased; it is ${erasure.pseudonym} from now on.`);
        console.log(`  orders pseudonymised:   ${erased.orders}`);
        console.log(`  claims pseudonymised:   ${erased.claims}`);
        console.log(`  sign-in codes deleted:  ${erased.signInCodes}`);
        console.log(`  authorization codes:    ${erased.authorizationCodes} deleted`);
        console.log(`  refresh tokens deleted: ${erased.refreshTokens}`);
        console.log(`  external sign-ins:      ${erased.externalIdentities} unlinked`);
        console.log(`  portal sessions ended:  ${erased.sessionsEnded}`);
        console.log(`  invitations deleted:    ${erased.invitations}`);
        console.log(`  e-mails deleted:        ${erased.emails}`);
        console.log(`  device names cleared:   ${erased.deviceNames}`);
        console.log(`Kept under the pseudonym: ${kept.licenses} license(s) (their seats and codes keep working), ${kept.orders} order(s) (amounts, tax, currency, dates).`);
      };
    },
  },

  'reseal-secrets': resealSecretsCommand(),
};

/**
 * `reseal-secrets`: the middle step of rotating APP_SECRET (docs/security.md "Rotating APP_SECRET"): with the
 * new APP_SECRET set and the old one in APP_SECRET_PREVIOUS, every sealed value is sealed again
 * under the new one; then APP_SECRET_PREVIOUS can be dropped. Fails (exit 1) while a value opens
 * under no known secret.
 */
function resealSecretsCommand(): Command {
  return {
    usage: 'reseal-secrets',
    summary: 'Re-seal what is stored sealed (signing keys, checkout credentials, queued e-mails, management answers) under the current APP_SECRET; run after moving the old one to APP_SECRET_PREVIOUS.',
    options: {},
    prepare: (_values, positionals) => {
      noPositionals(positionals);
      return async (ctx) => {
        const { resealSecrets } = await import('../crypto/reseal-secrets');
        const { SEALED_VALUES } = await import('../sealed-values');
        const report = await resealSecrets(ctx, SEALED_VALUES);
        console.log(`Re-sealed under the current APP_SECRET (key id ${report.keyId}):`);
        const rows = SEALED_VALUES.map((kind) => [kind.label, report.counts[kind.name]] as const);
        for (const [name, count] of rows) {
          console.log(`  ${name.padEnd(21)} ${count.resealed} re-sealed, ${count.current} already current, ${count.unopenable} not openable`);
        }
        const unopenable = rows.reduce((sum, [, count]) => sum + count.unopenable, 0);
        if (unopenable > 0) {
          throw new DomainError('ServerError', `${unopenable} value(s) open under no known secret: keep APP_SECRET_PREVIOUS until the secret they were sealed under is listed there.`);
        }
        console.log('APP_SECRET_PREVIOUS can now be dropped (restart the instances without it).');
      };
    },
  };
}

function helpText(): string {
  const lines = ['Usage: npm run admin -- <command> [options]', '', 'Commands:'];
  for (const command of Object.values(commands)) lines.push(`  ${command.usage}`, `      ${command.summary}`);
  lines.push('  help', '      Show this help.', '', 'Exit status: 0 done, 1 the command failed, 2 bad or missing arguments.');
  return lines.join('\n');
}

function prepare(argv: string[]): Work | null {
  const [name, ...args] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') return null;
  const command = commands[name];
  if (!command) throw new UsageError(`Unknown command "${name}".`);
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({ args, options: command.options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\nUsage: npm run admin -- ${command.usage}`);
  }
  return command.prepare(parsed.values, parsed.positionals);
}

async function run(commandName: string, work: Work): Promise<void> {
  ensureAppSecret((line) => console.error(line));
  const database = await resolveDatabase();
  process.env.DATABASE_URL = database.databaseUrl;
  try {
    await applyMigrations(database.databaseUrl);
    // Imported after DATABASE_URL is known: it reads the configuration.
    const { closeDb, db } = await import('../db');
    try {
      // What the command changes is recorded in each seller's audit log as the operator's doing.
      await runWithActingContext(operatorActor(commandName), () => work({ db: db() }));
    } finally {
      await closeDb();
    }
  } finally {
    await database.stop();
  }
}

function describeFailure(error: DomainError): string {
  const details = (error.details ?? []).map((detail) => `\n  ${detail.Field}: ${detail.Message} (${detail.Code})`).join('');
  return `Error: ${error.message}${details}`;
}

/** Runs one command line (the arguments after `npm run admin --`) and answers the exit status. */
export async function runAdmin(argv: string[]): Promise<number> {
  let work: Work | null;
  try {
    work = prepare(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`Error: ${error.message}\nRun "npm run admin -- help" for the commands.`);
    return EXIT_USAGE;
  }
  if (!work) {
    console.log(helpText());
    return 0;
  }
  try {
    await run(argv[0] ?? '', work);
    return 0;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    console.error(describeFailure(error));
    // A value the service refuses (malformed, reserved or taken issuerClientId, bad label) is a bad argument.
    return error.code === 'ValidationError' ? EXIT_USAGE : EXIT_FAILED;
  }
}
