import type { SellerRole } from '@/generated/prisma/client';
import type { Db, Tx } from '../../db';
import { DomainError } from '../../errors';
import { requireRolePermission } from './member-permissions';

// The rules every change of a seller's team shares: who may grant which role, the lock that puts a
// seller's membership changes one after the other, and the last Owner (docs/buyers-and-sellers.md
// "Team and roles").

/** The member who asks for a change: their account and their role in the seller. */
export interface TeamActor {
  accountId: string;
  role: SellerRole;
}

/** An Owner may invite or grant any role; an Admin any but Owner (members:write holds for both). */
export function requireMayGrant(actor: TeamActor, role: SellerRole): void {
  requireRolePermission(actor.role, 'members:write');
  if (role === 'Owner' && actor.role !== 'Owner') {
    throw new DomainError('RoleForbidden', `Your role (${actor.role}) cannot make anyone an Owner; ask an Owner of the store.`);
  }
}

/** Only an Owner changes or removes an Owner. */
export function requireMayTouch(actor: TeamActor, target: { role: SellerRole }): void {
  requireRolePermission(actor.role, 'members:write');
  if (target.role === 'Owner' && actor.role !== 'Owner') {
    throw new DomainError('RoleForbidden', `Your role (${actor.role}) cannot change or remove an Owner; ask an Owner of the store.`);
  }
}

const LAST_OWNER_MESSAGE = 'A store keeps at least one Owner: make another member Owner first (Transfer ownership), then try again.';

/**
 * Runs a change of `sellerId`'s team in one transaction, after every earlier change of that team
 * (a transaction-scoped lock per seller, so two Owners removing each other cannot both pass the
 * last-Owner check). The database's deferred trigger SellerMember_one_owner checks the rule again at
 * the commit; its refusal is answered as the same LastOwner.
 */
export async function changeTeam<T>(db: Db, sellerId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`seller-team:${sellerId}`}, 0))`;
      return work(tx);
    });
  } catch (error) {
    if (isLastOwnerViolation(error)) throw new DomainError('LastOwner', LAST_OWNER_MESSAGE);
    throw error;
  }
}

/** Refuses (409 LastOwner) when `owner` is the seller's only Owner. */
export async function requireAnotherOwner(tx: Tx, sellerId: string, owner: { id: string; role: SellerRole }): Promise<void> {
  if (owner.role !== 'Owner') return;
  const others = await tx.sellerMember.count({ where: { sellerId, role: 'Owner', id: { not: owner.id } } });
  if (others === 0) throw new DomainError('LastOwner', LAST_OWNER_MESSAGE);
}

function isLastOwnerViolation(error: unknown): boolean {
  // The driver's error reaches us wrapped (Prisma's error, its cause, its meta): look through them.
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const candidate = current as { message?: unknown; constraint?: unknown; meta?: unknown; cause?: unknown };
    if (candidate.constraint === 'SellerMember_one_owner') return true;
    if (typeof candidate.message === 'string' && candidate.message.includes('SellerMember_one_owner')) return true;
    if (typeof candidate.message === 'string' && candidate.message.includes('A seller keeps at least one Owner')) return true;
    if (candidate.meta && JSON.stringify(candidate.meta).includes('SellerMember_one_owner')) return true;
    current = candidate.cause;
  }
  return false;
}
