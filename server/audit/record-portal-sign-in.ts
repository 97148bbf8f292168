import type { Tx } from '../db';

export interface PortalSignIn {
  accountId: string;
  email: string;
  ipAddress: string | null | undefined;
  userAgent: string | null | undefined;
  correlationId?: string | null;
}

/**
 * A portal sign-in, in the audit log of every seller the account is a member of (`member.signed_in`,
 * its target the membership), numbered at the commit like the triggers' entries. Run it in the
 * sign-in's transaction: a sign-in that rolls back leaves no entry.
 */
export async function recordPortalSignIn(tx: Tx, signIn: PortalSignIn): Promise<number> {
  const memberships = await tx.sellerMember.findMany({ where: { accountId: signIn.accountId }, select: { id: true, sellerId: true, role: true }, orderBy: { sellerId: 'asc' } });
  for (const membership of memberships) {
    await tx.auditEntry.create({
      data: {
        sellerId: membership.sellerId,
        actorType: 'Member',
        actorId: signIn.accountId,
        actorLabel: signIn.email.slice(0, 320),
        actorRole: membership.role,
        surface: 'Portal',
        operation: 'sign-in',
        action: 'member.signed_in',
        targetType: 'member',
        targetId: membership.id,
        ipAddress: signIn.ipAddress?.slice(0, 64) ?? null,
        userAgent: signIn.userAgent?.slice(0, 500) ?? null,
        correlationId: signIn.correlationId?.slice(0, 200) ?? null,
      },
    });
  }
  return memberships.length;
}
