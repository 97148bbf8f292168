import { Prisma, type SellerRole } from '@/generated/prisma/client';
import { storefrontName } from '../../catalog/seller-profile';
import type { Db, Tx } from '../../db';
import { DomainError } from '../../errors';
import { recordSellerInvitationEmail } from '../../mail/seller-invitation-mail';
import { requestEmailDelivery } from '../../mail/deliver-email';
import { LIMIT_TABLE } from '../../platform/limits/limits';
import { INVITATION_LIFETIME_MS, invitationUrlOf, mintInvitationToken } from './invitation-token';
import { invitationStateOf } from './invitation-state';
import { requireMayGrant, type TeamActor } from './member-changes';
import { inviteMemberInputSchema, type InviteMemberInput } from './team.schema';

export interface SentInvitation {
  invitationId: string;
  email: string;
  role: SellerRole;
  expiresAt: Date;
}

/**
 * Invites a person by e-mail to `sellerId`'s team with a role, and e-mails them the link (valid 7
 * days; recorded in the same transaction, sent after the commit). An Owner may invite any role, an
 * Admin any but Owner. A member's address is refused (AlreadyMember), and so is an address with an
 * invitation still open (InvitationOpen: resend or revoke that one); an invitation to the address
 * that has expired is replaced by the new one.
 */
export async function inviteMember(ctx: { db: Db; now?: Date }, input: { sellerId: string; actor: TeamActor } & InviteMemberInput): Promise<SentInvitation> {
  const { email, role } = inviteMemberInputSchema.parse({ email: input.email, role: input.role });
  requireMayGrant(input.actor, role);
  const now = ctx.now ?? new Date();
  const sent = await ctx.db.$transaction(async (tx) => {
    const member = await tx.sellerMember.findFirst({ where: { sellerId: input.sellerId, account: { email } }, select: { id: true } });
    if (member) throw new DomainError('AlreadyMember', `${email} is already a member of this store; change their role in the members list instead.`);
    const open = await tx.sellerInvitation.findFirst({ where: { sellerId: input.sellerId, email, acceptedAt: null, revokedAt: null } });
    if (open && invitationStateOf(open, now) === 'open') {
      throw new DomainError('InvitationOpen', `An invitation to ${email} is already open; resend it or revoke it in the invitations list.`);
    }
    const { token, tokenHash } = mintInvitationToken();
    const expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_MS);
    const data = { role, tokenHash, invitedById: input.actor.accountId, sentAt: now, expiresAt };
    const invitation = open
      ? await tx.sellerInvitation.update({ where: { id: open.id }, data })
      : await tx.sellerInvitation.create({ data: { sellerId: input.sellerId, email, createdAt: now, ...data } }).catch((error: unknown) => {
          // A second invite of the address committed in between (the partial unique index of open invitations).
          if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
            throw new DomainError('InvitationOpen', `An invitation to ${email} is already open; resend it or revoke it in the invitations list.`);
          }
          throw error;
        });
    await recordInvitationEmail(tx, { sellerId: input.sellerId, invitedById: input.actor.accountId, email, role, token, expiresAt });
    return { invitationId: invitation.id, email, role, expiresAt };
  });
  await requestEmailDelivery();
  return sent;
}

/** The invitation's e-mail with its link, in the transaction that (re)opens it. */
export async function recordInvitationEmail(
  tx: Tx,
  input: { sellerId: string; invitedById: string; email: string; role: SellerRole; token: string; expiresAt: Date },
): Promise<void> {
  const [seller, inviter] = await Promise.all([
    tx.seller.findUniqueOrThrow({ where: { id: input.sellerId } }),
    tx.account.findUniqueOrThrow({ where: { id: input.invitedById }, select: { email: true } }),
  ]);
  const recorded = await recordSellerInvitationEmail(tx, {
    to: input.email,
    storeName: storefrontName(seller),
    role: input.role,
    invitedBy: inviter.email,
    invitationUrl: invitationUrlOf(input.token),
    expiresAt: input.expiresAt,
  });
  // Thrown in the transaction: the invitation (or its new link) goes with the e-mail it could not send.
  if (recorded.status === 'withheld') {
    const { refusal, durationSeconds } = LIMIT_TABLE.invitationEmail;
    throw new DomainError('RateLimited', refusal, { retryAfterSeconds: durationSeconds });
  }
}
