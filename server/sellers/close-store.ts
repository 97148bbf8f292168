import { z } from 'zod';
import { Prisma } from '@/generated/prisma/client';
import { forgetApiKey } from '../api-keys/api-key-cache';
import { publishCatalogChange } from '../catalog/catalog-cache';
import { expireOpenClaims } from '../checkout/claim/expire-open-claims';
import type { Db, Tx } from '../db';
import { DomainError } from '../errors';
import { endSessionsOf } from '../identity/browser-sessions';
import { renewingSubscriptionsOf } from '../licensing/subscriptions/renewing-subscriptions';
import { changeTeam, type TeamActor } from './members/member-changes';
import { requireRolePermission } from './members/member-permissions';

// Deleting a store (docs/buyers-and-sellers.md "Deleting the store"): the Owner closes it for good.
// What sells, connects or acts for it ends in one transaction: listings, API keys, webhook
// endpoints, open invitations and claim links, and every membership (the other members' portal
// sessions with them). What buyers paid for and the law keeps stays: licenses keep authorizing for
// their term, orders, refunds, invoices, usage and the audit log are kept. No call leaves the
// transaction: what would need the processor (a subscription still renewing, a refund on its way,
// an open dispute, a payment a buyer may still complete) refuses the deletion instead.

/** Why a webhook endpoint was disabled and an open claim's checkout failed. */
const STORE_DELETED = 'The store was deleted.';

/** How long a paid checkout may still be completed by its buyer (a processor's session lasts a day). */
const PAYABLE_CHECKOUT_MS = 24 * 60 * 60 * 1000;

/** The Owner types the storefront id to confirm (a slip of the mouse deletes nothing). */
export const closeStoreInputSchema = z.object({ confirmIssuerClientId: z.string().trim().min(1).max(64) });
export type CloseStoreInput = z.input<typeof closeStoreInputSchema>;

/** What stands in the way of deleting the store, each a sentence; empty: it may be deleted. */
async function closureBlockersOf(tx: Tx, sellerId: string, now: Date): Promise<string[]> {
  const [renewing, pendingRefunds, openDisputes, payableCheckouts] = await Promise.all([
    renewingSubscriptionsOf(tx, { sellerId }, now),
    tx.refund.count({ where: { sellerId, status: 'pending' } }),
    tx.dispute.count({ where: { sellerId, closedAt: null } }),
    tx.checkout.count({ where: { sellerId, status: 'pending', amountMinor: { gt: 0 }, createdAt: { gt: new Date(now.getTime() - PAYABLE_CHECKOUT_MS) } } }),
  ]);
  const blockers: string[] = [];
  if (renewing.length > 0) blockers.push(`${renewing.length} subscription(s) still renew: cancel them on their license pages first, so no buyer is charged by a deleted store.`);
  if (pendingRefunds > 0) blockers.push(`${pendingRefunds} refund(s) are still on their way to the processor: wait until they are done.`);
  if (openDisputes > 0) blockers.push(`${openDisputes} dispute(s) are open: wait until the processor closes them.`);
  if (payableCheckouts > 0) blockers.push(`${payableCheckouts} paid checkout(s) of the last 24 hours may still be paid: wait until they are paid or expire.`);
  return blockers;
}

/** What deleting the store would end and keep, and what stands in its way (the settings page shows it before asking). */
export interface StoreClosurePreview {
  issuerClientId: string;
  blockers: string[];
  licensesKept: number;
  ordersKept: number;
  apiKeysRevoked: number;
  webhookEndpointsDisabled: number;
  membersRemoved: number;
}

export async function previewStoreClosure(ctx: { db: Db; now?: Date }, input: { sellerId: string }): Promise<StoreClosurePreview> {
  const { sellerId } = input;
  const [seller, blockers, licensesKept, ordersKept, apiKeysRevoked, webhookEndpointsDisabled, membersRemoved] = await Promise.all([
    ctx.db.seller.findUniqueOrThrow({ where: { id: sellerId }, select: { issuerClientId: true } }),
    closureBlockersOf(ctx.db, sellerId, ctx.now ?? new Date()),
    ctx.db.license.count({ where: { sellerId } }),
    ctx.db.checkout.count({ where: { sellerId, status: 'completed' } }),
    ctx.db.apiKey.count({ where: { sellerId, revokedAt: null } }),
    ctx.db.webhookEndpoint.count({ where: { sellerId, enabled: true } }),
    ctx.db.sellerMember.count({ where: { sellerId } }),
  ]);
  return { issuerClientId: seller.issuerClientId, blockers, licensesKept, ordersKept, apiKeysRevoked, webhookEndpointsDisabled, membersRemoved };
}

export interface StoreClosure {
  closedAt: Date;
  membersRemoved: number;
  apiKeysRevoked: number;
  webhookEndpointsDisabled: number;
  offeringsUnlisted: number;
  invitationsRevoked: number;
  claimLinksExpired: number;
  sessionsEnded: number;
}

/**
 * The Owner deletes the store (permission `store:delete`), after typing its storefront id. Refused
 * with 409 StoreClosureRefused while something still needs the processor (closureBlockersOf); the
 * refusal changes nothing. The deleting Owner's own sessions stay (they may be a buyer too); every
 * other member's end, as a removal's do. The audit log records each change as the Owner's.
 */
export async function closeStore(ctx: { db: Db; now?: Date }, input: CloseStoreInput & { sellerId: string; actor: TeamActor }): Promise<StoreClosure> {
  requireRolePermission(input.actor.role, 'store:delete');
  const { confirmIssuerClientId } = closeStoreInputSchema.parse({ confirmIssuerClientId: input.confirmIssuerClientId });
  const now = ctx.now ?? new Date();
  const { sellerId } = input;
  const { closure, issuerClientIds, keyHashes } = await changeTeam(ctx.db, sellerId, async (tx) => {
    const [seller] = await tx.$queryRaw<{ issuerClientId: string; closedAt: Date | null }[]>`SELECT "issuerClientId", "closedAt" FROM "Seller" WHERE "id" = ${sellerId} FOR UPDATE`;
    if (!seller || seller.closedAt) throw new DomainError('NotFound', 'This store was deleted already.');
    if (confirmIssuerClientId !== seller.issuerClientId) {
      throw new DomainError('ValidationError', 'Type the storefront id exactly to confirm.', {
        details: [{ Code: 'Mismatch', Field: 'ConfirmIssuerClientId', Message: `This is not the storefront id (${seller.issuerClientId}).` }],
      });
    }
    // Read under the team's lock: the actor's role may have changed since the request began.
    const self = await tx.sellerMember.findUnique({ where: { sellerId_accountId: { sellerId, accountId: input.actor.accountId } } });
    if (self?.role !== 'Owner') throw new DomainError('RoleForbidden', 'You are no longer an Owner of this store.');
    const blockers = await closureBlockersOf(tx, sellerId, now);
    if (blockers.length > 0) throw new DomainError('StoreClosureRefused', `The store cannot be deleted yet. ${blockers.join(' ')}`);

    await tx.seller.update({ where: { id: sellerId }, data: { closedAt: now } });
    const offerings = await tx.offering.updateMany({ where: { sellerId, listed: true }, data: { listed: false } });
    const keys = await tx.apiKey.findMany({ where: { sellerId, revokedAt: null }, select: { secretHash: true } });
    const apiKeys = await tx.apiKey.updateMany({ where: { sellerId, revokedAt: null }, data: { revokedAt: now } });
    const formerIds = await tx.sellerFormerId.findMany({ where: { sellerId }, select: { issuerClientId: true } });
    const endpoints = await tx.webhookEndpoint.updateMany({ where: { sellerId, enabled: true }, data: { enabled: false, disabledReason: STORE_DELETED } });
    const invitations = await tx.sellerInvitation.updateMany({ where: { sellerId, acceptedAt: null, revokedAt: null }, data: { revokedAt: now } });
    const claimLinksExpired = await expireOpenClaims(tx, Prisma.sql`"sellerId" = ${sellerId}`, STORE_DELETED);
    const members = await tx.sellerMember.findMany({ where: { sellerId }, select: { accountId: true } });
    let sessionsEnded = 0;
    for (const member of members) {
      if (member.accountId !== input.actor.accountId) sessionsEnded += await endSessionsOf(tx, member.accountId, 'store_closed');
    }
    await tx.sellerMember.deleteMany({ where: { sellerId } });
    const closure: StoreClosure = {
      closedAt: now,
      membersRemoved: members.length,
      apiKeysRevoked: apiKeys.count,
      webhookEndpointsDisabled: endpoints.count,
      offeringsUnlisted: offerings.count,
      invitationsRevoked: invitations.count,
      claimLinksExpired,
      sessionsEnded,
    };
    return { closure, issuerClientIds: [seller.issuerClientId, ...formerIds.map((former) => former.issuerClientId)], keyHashes: keys.map((key) => key.secretHash) };
  });
  // After the commit, so no copy caches the store as it was: its storefront under each of its ids, and its keys.
  for (const issuerClientId of issuerClientIds) await publishCatalogChange(ctx, issuerClientId);
  for (const secretHash of keyHashes) await forgetApiKey(ctx, secretHash);
  return closure;
}
