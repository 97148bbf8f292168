import { sha256Hex } from '../crypto/secrets';
import { defineSealedValues } from '../crypto/reseal-secrets';
import { open, seal } from '../crypto/secret-box';
import type { Db, Tx } from '../db';
import { sqlStateOf } from '../platform/database/sql-error';
import { camelKeys } from '../../sdk/src/contract/key-case';
import { DomainError } from '../errors';

export const MANAGEMENT_ANSWER_SEAL_PURPOSE = 'management-answer';

/** What a management write asks: its operation and every input that shapes its effect. */
export interface ManagementAsk {
  sellerId: string;
  requestId: string;
  operation: string;
  /** The inputs, in a fixed order (the fingerprint must not depend on how the object was built). */
  inputs: readonly unknown[];
}

/**
 * Thrown by a write that finds, under its row lock, that its own RequestId committed meanwhile (a
 * twin of the same ask that took the lock first): runOnce answers as it does to a unique violation,
 * with the winner's answer (or 409 RequestIdMismatch when the winner asked something else). For a
 * write whose rules would refuse the repeat (it already happened) before its insert could collide.
 */
export class RequestIdCommittedMeanwhile extends Error {
  constructor() {
    super('This RequestId committed meanwhile.');
    this.name = 'RequestIdCommittedMeanwhile';
  }
}

/**
 * Runs a management write once per RequestId (spec "Management API": each write is idempotent by
 * RequestId). The write and the record of its answer commit together; the same ask again gets the
 * first answer (a license code included: it is sealed under APP_SECRET, not stored in the clear);
 * another operation or other inputs under the same RequestId are 409 RequestIdMismatch. Two copies
 * at once: one commits, the other's unique violation rolls it back and it answers the winner's.
 */
export async function runOnce<T>(ctx: { db: Db }, ask: ManagementAsk, perform: (tx: Tx) => Promise<T>): Promise<T> {
  const fingerprint = sha256Hex(JSON.stringify([ask.operation, ...ask.inputs]));
  const earlier = await answerOf(ctx, ask, fingerprint);
  if (earlier !== undefined) return earlier as T;
  try {
    return await ctx.db.$transaction(async (tx) => {
      const answer = await perform(tx);
      await tx.managementRequest.create({
        data: { sellerId: ask.sellerId, requestId: ask.requestId, fingerprint, answerCiphertext: seal(MANAGEMENT_ANSWER_SEAL_PURPOSE, JSON.stringify(answer)) },
      });
      return answer;
      // A seat change of a Stripe subscription waits for Stripe inside (its SDK retries twice).
    }, { timeout: 30_000 });
  } catch (error) {
    if (sqlStateOf(error) !== '23505' && !(error instanceof RequestIdCommittedMeanwhile)) throw error;
    const winner = await answerOf(ctx, ask, fingerprint);
    if (winner === undefined) throw error;
    return winner as T;
  }
}

async function answerOf(ctx: { db: Db }, ask: ManagementAsk, fingerprint: string): Promise<unknown> {
  const row = await ctx.db.managementRequest.findUnique({ where: { sellerId_requestId: { sellerId: ask.sellerId, requestId: ask.requestId } } });
  if (!row) return undefined;
  if (row.fingerprint !== fingerprint) {
    throw new DomainError('RequestIdMismatch', 'This RequestId was used for a different operation or different inputs; send a new RequestId for a new request.');
  }
  // Answers recorded before the services returned camelCase values (2026-11) hold the wire's
  // PascalCase keys; a replay of such a RequestId must get the same answer, so their keys are read as
  // camelCase. No management answer holds a map keyed by data, so every key is a field name.
  return camelKeys(JSON.parse(open(MANAGEMENT_ANSWER_SEAL_PURPOSE, row.answerCiphertext)));
}


/** First answers of management writes (answered again to a replay), for re-sealing under a new APP_SECRET. */
export const sealedManagementAnswers = defineSealedValues({
  name: 'managementAnswers',
  label: 'management answers',
  purpose: MANAGEMENT_ANSWER_SEAL_PURPOSE,
  page: async (db, after, limit) =>
    (await db.managementRequest.findMany({ where: after ? { id: { gt: after } } : {}, select: { id: true, answerCiphertext: true }, orderBy: { id: 'asc' }, take: limit })).map((answer) => ({
      id: answer.id,
      sealed: answer.answerCiphertext,
    })),
  replace: async (db, value, next) => (await db.managementRequest.updateMany({ where: { id: value.id, answerCiphertext: value.sealed }, data: { answerCiphertext: next } })).count,
});
