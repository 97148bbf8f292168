import type { SellerRole } from '@/generated/prisma/client';
import { DomainError } from '../../errors';

/** The roles of a seller's members, most powerful first. */
export const SELLER_ROLES = ['Owner', 'Admin', 'Developer', 'Support', 'Viewer'] as const satisfies readonly SellerRole[];

/** Each role in a few words, as the team page's selects offer them (the README's "Roles" says it whole). */
export const ROLE_SUMMARIES = {
  Owner: 'everything, the team, ownership and deleting the store included',
  Admin: 'everything but ownership',
  Developer: 'catalog, API keys and webhooks',
  Support: 'licenses, seats, codes and devices',
  Viewer: 'reads only',
} as const satisfies Record<SellerRole, string>;

const EVERYONE = SELLER_ROLES;

/**
 * What each role may do in the portal (README "Roles"): every seller procedure names one of these,
 * and the seller procedure refuses a member whose role is not listed for it. Each entry's `does`
 * finishes the sentence "Your role cannot …".
 */
export const MEMBER_PERMISSIONS = {
  'store:read': { roles: EVERYONE, does: 'see the store' },
  'store:settings': { roles: ['Owner', 'Admin'], does: 'change the store settings or payment setup' },
  'catalog:read': { roles: EVERYONE, does: 'see the catalog' },
  'catalog:write': { roles: ['Owner', 'Admin', 'Developer'], does: 'change products, features and listings' },
  'catalog:prices': { roles: ['Owner', 'Admin'], does: 'create offerings or change their prices and terms' },
  'discounts:write': { roles: ['Owner', 'Admin'], does: 'create, change or remove discount codes' },
  'orders:read': { roles: EVERYONE, does: 'see orders and customers' },
  refunds: { roles: ['Owner', 'Admin'], does: 'refund orders' },
  'licenses:read': { roles: EVERYONE, does: 'see licenses' },
  'licenses:write': { roles: ['Owner', 'Admin', 'Support'], does: 'change licenses, seats, codes and devices' },
  'apiKeys:read': { roles: EVERYONE, does: 'see the API keys' },
  'apiKeys:write': { roles: ['Owner', 'Admin', 'Developer'], does: 'create or revoke API keys' },
  'webhooks:read': { roles: EVERYONE, does: 'see the webhook endpoints and their deliveries' },
  'webhooks:write': { roles: ['Owner', 'Admin', 'Developer'], does: 'add, change, test or remove webhook endpoints' },
  'members:read': { roles: EVERYONE, does: 'see the team' },
  'members:write': { roles: ['Owner', 'Admin'], does: 'invite, change or remove members' },
  'members:leave': { roles: EVERYONE, does: 'leave the store' },
  ownership: { roles: ['Owner'], does: 'transfer the ownership of the store' },
  'store:delete': { roles: ['Owner'], does: 'delete the store' },
  'audit:read': { roles: ['Owner', 'Admin'], does: 'read the audit log' },
  'data:export': { roles: ['Owner', 'Admin'], does: "export the store's data" },
} as const satisfies Record<string, { roles: readonly SellerRole[]; does: string }>;

export type MemberPermission = keyof typeof MEMBER_PERMISSIONS;

export const MEMBER_PERMISSION_NAMES = Object.keys(MEMBER_PERMISSIONS) as MemberPermission[];

export function roleMay(role: SellerRole, permission: MemberPermission): boolean {
  return (MEMBER_PERMISSIONS[permission].roles as readonly SellerRole[]).includes(role);
}

/** Every permission `role` holds (what the portal's pages read to hide what a member cannot do). */
export function permissionsOf(role: SellerRole): MemberPermission[] {
  return MEMBER_PERMISSION_NAMES.filter((permission) => roleMay(role, permission));
}

/** The sentence that tells a member why they may not, naming who may. */
export function roleRefusal(role: SellerRole, permission: MemberPermission): string {
  const { roles, does } = MEMBER_PERMISSIONS[permission];
  // Every list starts with Owner, hence "an".
  const who = roles.length === 1 ? roles[0] : `${roles.slice(0, -1).join(', ')} or ${roles.at(-1)}`;
  return `Your role (${role}) cannot ${does}; ask an ${who} of the store.`;
}

/** Refuses (403 RoleForbidden) a member whose role lacks `permission`. */
export function requireRolePermission(role: SellerRole, permission: MemberPermission): void {
  if (!roleMay(role, permission)) throw new DomainError('RoleForbidden', roleRefusal(role, permission));
}
