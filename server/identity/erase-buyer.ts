import crypto from 'node:crypto';
import { z } from 'zod';
import { Prisma } from '@/generated/prisma/client';
import { expireOpenClaims } from '../checkout/claim/expire-open-claims';
import type { Db, Tx } from '../db';
import { DomainError } from '../errors';
import { renewingSubscriptionsOf } from '../licensing/subscriptions/renewing-subscriptions';
import { normalizeEmail } from './accounts';
import { endSessionsOf } from './browser-sessions';

// A buyer's right to erasure (docs/data-rights.md): what names, reaches or locates the person is
// deleted or replaced by a pseudonym, in one transaction; what sellers and tax law need is kept under
// that pseudonym (licenses, seats and codes; orders' amounts, tax, currency, dates, invoice numbers).

/** The domain no address can be delivered to (RFC 2606): a pseudonym is never a real mailbox. */
const ERASED_EMAIL_DOMAIN = 'erased.invalid';

/** The reason the checkout of a claim still open for the person fails with. */
export const ERASED_CHECKOUT_ERROR = 'The buyer erased their account.';

interface EraseBuyerInput {
  accountId: string;
  /** Who asked: the person on the buyer pages, or an operator on their behalf (`npm run admin -- erase-buyer`). */
  by: 'buyer' | 'operator';
}

export interface BuyerErasure {
  accountId: string;
  /** The address the account carries from now on. */
  pseudonym: string;
  /** The account had been erased before: only what is found by the account (not by its old address) was looked at again. */
  alreadyErased: boolean;
  by: EraseBuyerInput['by'];
  /** Rows deleted or pseudonymised, by what they are. */
  erased: {
    orders: number;
    claims: number;
    signInCodes: number;
    authorizationCodes: number;
    refreshTokens: number;
    externalIdentities: number;
    sessionsEnded: number;
    invitations: number;
    emails: number;
    deviceNames: number;
  };
  /** Rows kept under the pseudonym. */
  kept: { licenses: number; orders: number };
}

function newPseudonym(): string {
  return `erased-${crypto.randomBytes(12).toString('hex')}@${ERASED_EMAIL_DOMAIN}`;
}

async function refuseWhatBlocksErasure(tx: Tx, accountId: string, now: Date): Promise<void> {
  const memberships = await tx.sellerMember.findMany({ where: { accountId }, select: { seller: { select: { issuerClientId: true } } } });
  if (memberships.length > 0) {
    const stores = memberships.map((member) => member.seller.issuerClientId).join(', ');
    throw new DomainError(
      'AccountErasureRefused',
      `This account is a member of the seller(s) ${stores}: a seller's member cannot be erased as a buyer. Leave the seller first (an Owner hands the store to another Owner), then erase the account.`,
    );
  }
  // Erasing the account would leave them billed with no way to sign in and cancel.
  const renewing = await renewingSubscriptionsOf(tx, { buyerAccountId: accountId }, now);
  if (renewing.length > 0) {
    throw new DomainError(
      'AccountErasureRefused',
      `${renewing.length} subscription(s) of this account still renew (${renewing.join(', ')}): cancel them on their billing page first, so nothing is charged after the account is erased.`,
    );
  }
}

/**
 * Erases a buyer's account (docs/data-rights.md "What is kept when a buyer erases their account").
 * Deleted: sign-in codes, authorization codes, refresh tokens, external sign-in links, invitations
 * and e-mails to the address (a queued one is never sent). Ended: portal sessions, without their IP
 * address and browser. Pseudonymised: the account's address (a unique `@erased.invalid` one, and
 * `erasedAt` set, which the purchase API refuses tokens of), its name, and every order and claim of
 * the person (address, billing address but its country, tax id, the stored copy of a license code).
 * Open claims expire and their checkouts fail. Kept: licenses, seats and codes, and the orders' figures.
 *
 * A seller's member is refused (they leave the seller first), and so is an account whose
 * subscriptions still renew (cancelled first). Erasing again is harmless: the account keeps its
 * pseudonym and what the account still reaches is looked at again.
 *
 * The processor's customer record (Stripe's `cus_…` on an order) is left: it is the processor's, kept
 * for the refunds and disputes of the orders kept; no call leaves this transaction.
 */
export async function eraseBuyerAccount(ctx: { db: Db; now?: Date }, input: EraseBuyerInput): Promise<BuyerErasure> {
  const now = ctx.now ?? new Date();
  return ctx.db.$transaction(async (tx) => {
    // The seller's audit log records seller-side changes with their values before and after, and
    // nothing may change an entry: an erasure recorded there would keep the very data it erases.
    // The erasure is the person's (or done on their behalf), so it is left out of the log.
    await tx.$executeRaw`SELECT set_config('licensing.audit_context', '', true)`;
    // One erasure of an account at a time; a purchase settling at the same moment waits or goes first.
    const [locked] = await tx.$queryRaw<{ email: string; erasedAt: Date | null }[]>`SELECT "email", "erasedAt" FROM "Account" WHERE "id" = ${input.accountId} FOR UPDATE`;
    if (!locked) throw new DomainError('NotFound', 'No such account.');
    await refuseWhatBlocksErasure(tx, input.accountId, now);

    const alreadyErased = locked.erasedAt !== null;
    const pseudonym = alreadyErased ? locked.email : newPseudonym();
    // After an erasure the old address is known nowhere; only rows found by the account are looked at again.
    const address = alreadyErased ? null : locked.email;
    const sameAddress = address ? { equals: address, mode: 'insensitive' as const } : null;

    await tx.account.update({ where: { id: input.accountId }, data: { email: pseudonym, displayName: null, erasedAt: locked.erasedAt ?? now } });

    const signInCodes = await tx.oneTimeCode.deleteMany({ where: { OR: [{ accountId: input.accountId }, ...(sameAddress ? [{ email: sameAddress }] : [])] } });
    const authorizationCodes = await tx.authorizationCode.deleteMany({ where: { accountId: input.accountId } });
    await tx.signInLink.deleteMany({ where: { accountId: input.accountId } });
    const refreshTokens = await tx.refreshToken.deleteMany({ where: { accountId: input.accountId } });
    const externalIdentities = await tx.externalIdentity.deleteMany({ where: { accountId: input.accountId } });
    const sessionsEnded = await endSessionsOf(tx, input.accountId, 'account_erased');
    await tx.browserSession.updateMany({ where: { accountId: input.accountId }, data: { ipAddress: null, userAgent: null } });
    const invitations = sameAddress ? await tx.sellerInvitation.deleteMany({ where: { email: sameAddress } }) : { count: 0 };
    // Sent, failed, withheld or still queued: the record of each names the address (and, in the dev outbox, holds the body).
    const emails = sameAddress ? await tx.email.deleteMany({ where: { to: sameAddress } }) : { count: 0 };

    const orders = await tx.checkout.findMany({
      where: { OR: [{ buyerAccountId: input.accountId }, ...(sameAddress ? [{ customerEmail: sameAddress }, { claimIntent: { email: sameAddress } }] : [])] },
      select: { id: true },
    });
    const orderIds = orders.map((order) => order.id);
    const claims = await eraseClaimsOf(tx, { orderIds, pseudonym });
    if (orderIds.length > 0) {
      // The country stays: it is where the sale was taxed (the place of supply). The rest of the address goes.
      await tx.$executeRaw`
        UPDATE "Checkout"
           SET "customerEmail" = CASE WHEN "customerEmail" IS NULL THEN NULL ELSE ${pseudonym} END,
               "billingAddress" = CASE WHEN "billingAddress" ? 'country' THEN jsonb_build_object('country', "billingAddress"->'country') ELSE NULL END,
               "buyerTaxId" = NULL,
               "credentialCiphertext" = NULL,
               "updatedAt" = ${now}
         WHERE "id" = ANY(${orderIds}::text[])`;
    }

    const licenses = await tx.license.findMany({ where: { buyerAccountId: input.accountId }, select: { id: true } });
    const licenseIds = licenses.map((license) => license.id);
    // A computer's name is often its owner's ("Ada's MacBook"): gone from the devices and from the events that told of them.
    const deviceNames = await tx.device.updateMany({ where: { licenseId: { in: licenseIds }, name: { not: null } }, data: { name: null } });
    if (licenseIds.length > 0) {
      await tx.$executeRaw`
        UPDATE "Event" SET "data" = jsonb_set("data", '{Name}', 'null'::jsonb)
         WHERE "type" = 'device.activated' AND "licenseId" = ANY(${licenseIds}::text[]) AND "data"->>'Name' IS NOT NULL`;
    }

    return {
      accountId: input.accountId,
      pseudonym,
      alreadyErased,
      by: input.by,
      erased: {
        orders: orderIds.length,
        claims,
        signInCodes: signInCodes.count,
        authorizationCodes: authorizationCodes.count,
        refreshTokens: refreshTokens.count,
        externalIdentities: externalIdentities.count,
        sessionsEnded,
        invitations: invitations.count,
        emails: emails.count,
        deviceNames: deviceNames.count,
      },
      kept: { licenses: licenseIds.length, orders: orderIds.length },
    };
  });
}

/**
 * The claims of the person's orders: their address becomes the pseudonym, and an open one expires
 * with its links (accepting it later would make an account for the pseudonym) and its checkout
 * fails. The seller is told as for any expiry. A paid checkout still open at the processor is left
 * to run out there: failing it here would not stop a payment already under way.
 */
async function eraseClaimsOf(tx: Tx, input: { orderIds: string[]; pseudonym: string }): Promise<number> {
  const intents = await tx.claimIntent.findMany({
    where: { checkoutId: { in: input.orderIds } },
    select: { id: true },
  });
  if (intents.length === 0) return 0;
  const ids = intents.map((intent) => intent.id);
  await tx.claimToken.deleteMany({ where: { intentId: { in: ids } } });
  await tx.claimIntent.updateMany({ where: { id: { in: ids } }, data: { email: input.pseudonym } });
  await expireOpenClaims(tx, Prisma.sql`"id" IN (${Prisma.join(ids)})`, ERASED_CHECKOUT_ERROR);
  return intents.length;
}

/** The account an operator names by its address (`npm run admin -- erase-buyer --email`); NotFound when no account has it. */
export async function findAccountToErase(ctx: { db: Db }, email: string): Promise<{ id: string }> {
  const account = await ctx.db.account.findFirst({ where: { email: { equals: email.trim(), mode: 'insensitive' } }, select: { id: true } });
  if (!account) {
    throw new DomainError('NotFound', `No account has the address ${email.trim()}. (An account erased before no longer carries its address.)`);
  }
  return account;
}

interface BuyerErasurePreview {
  email: string;
  licenses: number;
  orders: number;
  /** Subscriptions that still renew: cancelled first, else the erasure is refused. */
  renewingSubscriptions: string[];
  /** The stores the person is a member of: they leave them first, else the erasure is refused. */
  sellerMemberships: string[];
}

/** What the "Delete my account" page shows before the person confirms: what goes, what stays, what blocks it. */
export async function previewBuyerErasure(ctx: { db: Db; now?: Date }, input: { accountId: string }): Promise<BuyerErasurePreview> {
  const account = await ctx.db.account.findUnique({ where: { id: input.accountId }, select: { email: true } });
  if (!account) throw new DomainError('NotFound', 'No such account.');
  const [licenses, orders, renewingSubscriptions, memberships] = await Promise.all([
    ctx.db.license.count({ where: { buyerAccountId: input.accountId } }),
    ctx.db.checkout.count({ where: { buyerAccountId: input.accountId } }),
    renewingSubscriptionsOf(ctx.db, { buyerAccountId: input.accountId }, ctx.now ?? new Date()),
    ctx.db.sellerMember.findMany({ where: { accountId: input.accountId }, select: { seller: { select: { issuerClientId: true, storeName: true, legalName: true } } } }),
  ]);
  return {
    email: account.email,
    licenses,
    orders,
    renewingSubscriptions,
    sellerMemberships: memberships.map(({ seller }) => seller.storeName ?? seller.legalName ?? seller.issuerClientId),
  };
}

/** "Delete my account": the person types their address to confirm. */
export const eraseOwnAccountSchema = z.object({ confirmEmail: z.string().trim().min(1).max(320) });
type EraseOwnAccountInput = z.infer<typeof eraseOwnAccountSchema>;

/** The signed-in person erases their own account, once they typed its address (a slip of the mouse erases nothing). */
export async function eraseOwnAccount(ctx: { db: Db; now?: Date }, input: EraseOwnAccountInput & { accountId: string }): Promise<BuyerErasure> {
  const account = await ctx.db.account.findUnique({ where: { id: input.accountId }, select: { email: true } });
  if (!account) throw new DomainError('NotFound', 'No such account.');
  if (normalizeEmail(input.confirmEmail) !== account.email) {
    throw new DomainError('ValidationError', 'Type the address of your account exactly to confirm.', {
      details: [{ Code: 'Mismatch', Field: 'confirmEmail', Message: 'This is not the address of your account.' }],
    });
  }
  return eraseBuyerAccount(ctx, { accountId: input.accountId, by: 'buyer' });
}
