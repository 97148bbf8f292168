import { z } from 'zod';
import { emailAddressSchema } from '../../identity/accounts';
import { SELLER_ROLES } from './member-permissions';

// One schema per request shape of the team's services; the tRPC router passes its input through.

const sellerRoleSchema = z.enum(SELLER_ROLES);

export const inviteMemberInputSchema = z.object({ email: emailAddressSchema, role: sellerRoleSchema });
export type InviteMemberInput = z.input<typeof inviteMemberInputSchema>;

export const invitationIdInputSchema = z.object({ invitationId: z.uuid() });

export const changeMemberRoleInputSchema = z.object({ memberId: z.uuid(), role: sellerRoleSchema });

export const memberIdInputSchema = z.object({ memberId: z.uuid() });

/** A token is what the link carries; anything longer or with other characters is no token of ours. */
export const invitationTokenInputSchema = z.object({ token: z.string().max(200) });
