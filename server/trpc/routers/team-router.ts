import type { SellerRole } from '@/generated/prisma/client';
import { acceptInvitation } from '../../sellers/members/accept-invitation';
import { changeMemberRole } from '../../sellers/members/change-member-role';
import { describeInvitation } from '../../sellers/members/describe-invitation';
import { inviteMember } from '../../sellers/members/invite-member';
import { listInvitations } from '../../sellers/members/list-invitations';
import { listMembers } from '../../sellers/members/list-members';
import { leaveSeller, removeMember } from '../../sellers/members/remove-member';
import { resendInvitation } from '../../sellers/members/resend-invitation';
import { revokeInvitation } from '../../sellers/members/revoke-invitation';
import { transferOwnership } from '../../sellers/members/transfer-ownership';
import {
  changeMemberRoleInputSchema,
  invitationIdInputSchema,
  invitationTokenInputSchema,
  inviteMemberInputSchema,
  memberIdInputSchema,
} from '../../sellers/members/team.schema';
import { createTrpcRouter, joiningProcedure, publicProcedure, sellerProcedure } from '../init';

const actorOf = (ctx: { session: { accountId: string }; role: SellerRole }) => ({ accountId: ctx.session.accountId, role: ctx.role });

/** The seller's team (/portal/team) and the invitation page (/invitations/<token>). */
export const teamRouter = createTrpcRouter({
  members: sellerProcedure('members:read').query(async ({ ctx }) => {
    const members = await listMembers(ctx, { sellerId: ctx.seller.id });
    return members.map((member) => ({ ...member, you: member.accountId === ctx.session.accountId }));
  }),
  invitations: sellerProcedure('members:read').query(({ ctx }) => listInvitations(ctx, { sellerId: ctx.seller.id })),
  invite: sellerProcedure('members:write')
    .input(inviteMemberInputSchema)
    .mutation(({ ctx, input }) => inviteMember(ctx, { sellerId: ctx.seller.id, actor: actorOf(ctx), ...input })),
  resendInvitation: sellerProcedure('members:write')
    .input(invitationIdInputSchema)
    .mutation(({ ctx, input }) => resendInvitation(ctx, { sellerId: ctx.seller.id, actor: actorOf(ctx), invitationId: input.invitationId })),
  revokeInvitation: sellerProcedure('members:write')
    .input(invitationIdInputSchema)
    .mutation(({ ctx, input }) => revokeInvitation(ctx, { sellerId: ctx.seller.id, actor: actorOf(ctx), invitationId: input.invitationId })),
  changeRole: sellerProcedure('members:write')
    .input(changeMemberRoleInputSchema)
    .mutation(({ ctx, input }) => changeMemberRole(ctx, { sellerId: ctx.seller.id, actor: actorOf(ctx), ...input })),
  removeMember: sellerProcedure('members:write')
    .input(memberIdInputSchema)
    .mutation(({ ctx, input }) => removeMember(ctx, { sellerId: ctx.seller.id, actor: actorOf(ctx), memberId: input.memberId })),
  /** Leaving needs no permission beyond membership: every role may leave (but the last Owner). */
  leave: sellerProcedure('members:leave').mutation(({ ctx }) => leaveSeller(ctx, { sellerId: ctx.seller.id, accountId: ctx.session.accountId })),
  transferOwnership: sellerProcedure('ownership')
    .input(memberIdInputSchema)
    .mutation(({ ctx, input }) => transferOwnership(ctx, { sellerId: ctx.seller.id, actor: actorOf(ctx), memberId: input.memberId })),
  /** The invitation a link names, for anyone holding the link (the token is the credential). */
  invitation: publicProcedure.input(invitationTokenInputSchema).query(({ ctx, input }) => describeInvitation(ctx, { token: input.token })),
  acceptInvitation: joiningProcedure
    .input(invitationTokenInputSchema)
    .mutation(({ ctx, input }) => acceptInvitation(ctx, { accountId: ctx.session.accountId, token: input.token })),
});
