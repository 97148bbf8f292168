import type { Db } from '../db';
import { keyIdOf, keyringFromEnv, reseal, sealedUnderOtherKey, type Keyring } from './secret-box';

// `npm run admin -- reseal-secrets`: the middle step of rotating APP_SECRET (docs/security.md "Rotating
// APP_SECRET"). Everything sealed under a previous secret (APP_SECRET_PREVIOUS) or without a key id
// is opened and sealed again under the current APP_SECRET. Each domain that keeps sealed values
// defines them (defineSealedValues, beside the code that seals them); server/sealed-values.ts names
// them all. Each value is written only if it did not change meanwhile, so running instances may
// keep working.

/** One stored value, sealed under APP_SECRET. */
interface SealedValue {
  id: string;
  sealed: string;
}

/** A kind of sealed value a domain keeps, read page by page in id order. */
export interface SealedValues<Name extends string = string> {
  /** The report's name for this kind. */
  name: Name;
  /** What an operator reads: "signing keys", "queued e-mails", … */
  label: string;
  /** The secret box's purpose the values were sealed for. */
  purpose: string;
  /** Up to `limit` values with an id after `after` (all from the start when undefined), in id order. */
  page(db: Db, after: string | undefined, limit: number): Promise<SealedValue[]>;
  /** Stores `next` if the stored value is still `value.sealed`; returns how many rows it changed. */
  replace(db: Db, value: SealedValue, next: string): Promise<number>;
}

export const defineSealedValues = <Name extends string>(values: SealedValues<Name>): SealedValues<Name> => values;

interface ResealCount {
  /** Re-sealed under the current APP_SECRET. */
  resealed: number;
  /** Already under the current APP_SECRET. */
  current: number;
  /** Opened under no known secret: left as they are (the previous secret must stay until they are dealt with). */
  unopenable: number;
}

export interface ResealReport<Name extends string = string> {
  keyId: string;
  counts: Record<Name, ResealCount>;
}

const PAGE = 500;

async function resealOne(count: ResealCount, kind: SealedValues, db: Db, value: SealedValue, keyring: Keyring): Promise<void> {
  if (!sealedUnderOtherKey(value.sealed, keyring)) {
    count.current++;
    return;
  }
  let next: string;
  try {
    next = reseal(kind.purpose, value.sealed, keyring);
  } catch {
    count.unopenable++;
    return;
  }
  // Changed meanwhile (written by a running instance under the current secret): nothing to do.
  if ((await kind.replace(db, value, next)) > 0) count.resealed++;
  else count.current++;
}

export async function resealSecrets<Name extends string>(ctx: { db: Db }, kinds: readonly SealedValues<Name>[], keyring: Keyring = keyringFromEnv()): Promise<ResealReport<Name>> {
  const counts = {} as Record<Name, ResealCount>;
  for (const kind of kinds) {
    const count: ResealCount = { resealed: 0, current: 0, unopenable: 0 };
    counts[kind.name] = count;
    for (let after: string | undefined; ; ) {
      const values = await kind.page(ctx.db, after, PAGE);
      for (const value of values) await resealOne(count, kind, ctx.db, value, keyring);
      if (values.length < PAGE) break;
      after = values.at(-1)!.id;
    }
  }
  return { keyId: keyIdOf(keyring.current), counts };
}
