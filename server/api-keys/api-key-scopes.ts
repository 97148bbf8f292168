import { z } from 'zod';
import { DomainError } from '../errors';

// What a restricted account API key may do (docs/api/README.md "Scoped API keys"). Every operation
// that takes a key names the one scope it needs: the REST routes (their OpenAPI security names it),
// the MCP seller tools, each in one place. An unrestricted key has every scope, later ones included.

export const API_KEY_SCOPES = {
  'catalog:read': 'Read the catalog and discount codes',
  'catalog:write': 'Create and change products, offerings and discount codes',
  'licenses:read': 'Find and read licenses, their seats and devices',
  'licenses:write': 'Create licenses, add and retire seats, issue and revoke codes, change status and plan, deactivate devices',
  'orders:read': 'Read orders and the sales summary',
  checkout: 'Start embedded checkouts and read their results',
  refunds: 'Refund orders',
  webhooks: 'Add, change, test and remove webhook endpoints',
  'events:read': 'Read the events feed',
  'audit:read': 'Read the audit log',
} as const;

export type ApiKeyScope = keyof typeof API_KEY_SCOPES;
export const API_KEY_SCOPE_NAMES = Object.keys(API_KEY_SCOPES) as [ApiKeyScope, ...ApiKeyScope[]];
export const apiKeyScopeSchema = z.enum(API_KEY_SCOPE_NAMES);

/** What a key may do: `null` for an unrestricted key (everything), else the scopes it was given. */
export type ApiKeyGrant = readonly ApiKeyScope[] | null;

/** A key row's grant: its scopes when restricted, else null (full access). */
export function grantOf(key: { restricted: boolean; scopes: string[] }): ApiKeyScope[] | null {
  return key.restricted ? (key.scopes as ApiKeyScope[]) : null;
}

/** The key may do what `scope` names, or 403 ApiKeyScope naming the scope it needs. */
export function requireApiKeyScope(grant: ApiKeyGrant, scope: ApiKeyScope): void {
  if (grant === null || grant.includes(scope)) return;
  throw new DomainError('ApiKeyScope', `This API key may not do this: it needs the scope ${scope} (${API_KEY_SCOPES[scope].toLowerCase()}). Create a key with it in the portal's API keys page.`);
}
