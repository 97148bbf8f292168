import { z } from 'zod';
import { LIMIT_NAMES, LIMIT_TABLE, type LimitName, type LimitRule } from './limit-table';

// The effective numbers of a limit: the table, then the TEST_LIMITS variable, then what a test set
// with configureLimitsForTests. Tests shorten windows this way instead of waiting out a real one.

const ruleOverrideSchema = z.strictObject({
  points: z.int().min(1).optional(),
  durationSeconds: z.int().min(1).optional(),
  blockDurationSeconds: z.int().min(0).optional(),
});
const overridesSchema = z.partialRecord(z.enum(LIMIT_NAMES), ruleOverrideSchema);

/** Per limit, the numbers to replace, e.g. `{ runtimeAuthorization: { points: 3, durationSeconds: 2 } }`. */
export type LimitOverrides = Partial<Record<LimitName, Partial<LimitRule>>>;

interface RulesState {
  fromTests: LimitOverrides;
  /** TEST_LIMITS as last parsed (parsed again only when the variable changes). */
  fromEnvironment?: { raw: string | undefined; overrides: LimitOverrides };
  /** Bumped at every change, so limiters built under older numbers are rebuilt. */
  version: number;
}

const state: RulesState = { fromTests: {}, version: 0 };

function overridesFromEnvironment(): LimitOverrides {
  const raw = process.env.TEST_LIMITS || undefined;
  if (state.fromEnvironment && state.fromEnvironment.raw === raw) return state.fromEnvironment.overrides;
  const overrides = raw ? parseTestLimits(raw) : {};
  state.fromEnvironment = { raw, overrides };
  state.version += 1;
  return overrides;
}

function parseTestLimits(raw: string): LimitOverrides {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new Error('Invalid configuration:\n  TEST_LIMITS: must be JSON such as {"runtimeAuthorization":{"points":3,"durationSeconds":2}}');
  }
  const parsed = overridesSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  TEST_LIMITS.${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  return parsed.data;
}

/** The numbers a limit runs with now. */
export function limitRule(name: LimitName): LimitRule {
  const definition: { points: number | (() => number); durationSeconds: number; blockDurationSeconds?: number } = LIMIT_TABLE[name];
  const rule: LimitRule = {
    points: typeof definition.points === 'function' ? definition.points() : definition.points,
    durationSeconds: definition.durationSeconds,
    blockDurationSeconds: definition.blockDurationSeconds,
  };
  return { ...rule, ...overridesFromEnvironment()[name], ...state.fromTests[name] };
}

/**
 * Tests only: replaces the numbers of the named limits in this process (null or {} restores the
 * table). Every limiter starts counting afresh. A server started by a test takes the same shape
 * as JSON in the TEST_LIMITS environment variable.
 */
export function configureLimitsForTests(overrides: LimitOverrides | null): void {
  state.fromTests = overridesSchema.parse(overrides ?? {});
  state.version += 1;
}

/**
 * Changes whenever the effective numbers may have changed. TEST_LIMITS is read when a limiter is
 * built (limitRule), not here: this runs at every request, and reading the environment is costly.
 */
export function limitRulesVersion(): number {
  return state.version;
}
