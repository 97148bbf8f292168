import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who is changing a seller's data, as the transport at the edge knows it (the portal's tRPC seller
 * procedures, the management API's key, an MCP seller tool, an operator command). It reaches
 * PostgreSQL as the session setting `licensing.audit_context` on the connection that runs the
 * statements (acting-context-pool.ts), where the audit row triggers read it: so every change is
 * recorded in its own transaction, whichever service made it.
 */
export interface ActingContext {
  /** The seller acted for; null when the change names its seller itself (an operator's create-seller). */
  sellerId: string | null;
  actorType: 'Member' | 'ApiKey' | 'Operator';
  /** The member's account id, or the API key's id; null for the operator. */
  actorId: string | null;
  /** The member's e-mail address, or `operator`; null for a key (the trigger reads its label from its row). */
  actorLabel: string | null;
  /** The member's role in the seller (Owner, Admin, …); null for a key or the operator. */
  actorRole: string | null;
  /** A restricted key's scopes, `*` for a key with every scope; empty for a member or the operator. */
  actorScopes: string[];
  surface: 'Portal' | 'ManagementApi' | 'Mcp' | 'Operator';
  /** The call as its surface names it: a tRPC path, a REST method and route, a tool name, a command. */
  operation: string;
  ipAddress: string | null;
  userAgent: string | null;
  correlationId: string | null;
}

/** The store of one call: its context (set at once, or later when the credential is checked) and its setting's text. */
interface ActingSlot {
  context: ActingContext | undefined;
  serialized: string;
}

// One storage per process, even should a bundler load this module twice: the transports set it
// and the pool reads it, and both must see the same one.
const STORAGE_KEY = Symbol.for('licensing.acting-context');
const holder = globalThis as unknown as Record<symbol, AsyncLocalStorage<ActingSlot> | undefined>;
const storage: AsyncLocalStorage<ActingSlot> = (holder[STORAGE_KEY] ??= new AsyncLocalStorage<ActingSlot>());

// The columns' bounds (AuditEntry), so the setting never carries more than a row can hold.
const LIMITS = { actorLabel: 320, operation: 200, ipAddress: 64, userAgent: 500, correlationId: 200 } as const;

function serialize(context: ActingContext | undefined): string {
  if (!context) return '';
  const bounded: ActingContext = { ...context };
  for (const [field, max] of Object.entries(LIMITS) as [keyof typeof LIMITS, number][]) {
    const value = bounded[field];
    if (typeof value === 'string' && value.length > max) bounded[field] = value.slice(0, max);
  }
  return JSON.stringify(bounded);
}

/** Runs `work` acting as `context` (undefined: as nobody yet, until setActingContext names someone). */
export function runWithActingContext<T>(context: ActingContext | undefined, work: () => T): T {
  return storage.run({ context, serialized: serialize(context) }, work);
}

/**
 * Names who acts for the rest of the current runWithActingContext call: for a transport that learns
 * it partway (an MCP tool checks its key when it runs). Outside such a call it does nothing.
 */
export function setActingContext(context: ActingContext): void {
  const slot = storage.getStore();
  if (!slot) return;
  slot.context = context;
  slot.serialized = serialize(context);
}

/** The setting's text for the current call: '' when nobody acts. */
export function actingContextSetting(): string {
  return storage.getStore()?.serialized ?? '';
}
