import type { Db, Tx } from '../../db';
import { DomainError } from '../../errors';
import { recordPlanChangeCall, requestProcessorCalls } from '../../payments/processor-calls';
import { RequestIdCommittedMeanwhile, runOnce } from '../management-request';
import { applyPlanChange } from './apply-plan-changes';
import { planChangeTerms, type LicenseForPlanChange } from './plan-change-terms';
import { toPlanChangeView, type ChangedOffering, type ChangeOfferingInput } from './plan-change.schema';
import { licenseViewInclude, toLicenseView } from './to-license-view';

/** Who asks: the seller (management API, portal) or the buyer who holds the license (their license page). */
export type PlanChangeActor = { by: 'seller'; sellerId: string } | { by: 'buyer'; buyerAccountId: string };

/** What makes a change's fingerprint besides its inputs: who asked (a buyer's RequestId is not the seller's). */
const askedBy = (actor: PlanChangeActor) => (actor.by === 'seller' ? ['seller'] : ['buyer', actor.buyerAccountId]);

/**
 * The seller the license belongs to, for the RequestId's record. A buyer names only a license they
 * hold; another's, or an unknown id, is NotFound (like another seller's license for a seller).
 */
export async function sellerOfLicense(ctx: { db: Db }, licenseId: string, actor: PlanChangeActor): Promise<string> {
  if (actor.by === 'seller') return actor.sellerId;
  const license = await ctx.db.license.findFirst({ where: { id: licenseId, buyerAccountId: actor.buyerAccountId }, select: { sellerId: true } });
  if (!license) throw new DomainError('NotFound', 'No license of yours with that id.');
  return license.sellerId;
}

/** The license, locked for the rest of the transaction, if the actor may change it; else NotFound. */
export async function lockedLicenseFor(tx: Tx, licenseId: string, actor: PlanChangeActor): Promise<LicenseForPlanChange> {
  const locked =
    actor.by === 'seller'
      ? await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "License" WHERE "id" = ${licenseId} AND "sellerId" = ${actor.sellerId} FOR UPDATE`
      : await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "License" WHERE "id" = ${licenseId} AND "buyerAccountId" = ${actor.buyerAccountId} FOR UPDATE`;
  if (locked.length === 0) throw new DomainError('NotFound', actor.by === 'seller' ? 'No license with that id for this seller.' : 'No license of yours with that id.');
  return tx.license.findUniqueOrThrow({ where: { id: licenseId }, include: { offering: true } });
}

/** The license's view as the other license writes answer it, with a plan change. */
export async function changedOfferingView(tx: Tx, licenseId: string, change: Parameters<typeof toPlanChangeView>[0]): Promise<ChangedOffering> {
  return { ...toLicenseView(await tx.license.findUniqueOrThrow({ where: { id: licenseId }, include: licenseViewInclude })), planChange: toPlanChangeView(change) };
}

/**
 * POST /licensing-mgmt/licenses/{licenseId}/change-offering, the portal's license page and the
 * buyer's license page: moves a license to another offering of its product (the rules and figures:
 * plan-change-terms.ts; docs/api/management.md "Plan changes"). Applied now, the license takes the
 * new offering, its price and its features at once, and the proration is recorded on the change; at
 * the period's end, the change is scheduled (one per license: a new change replaces a scheduled one)
 * and the apply-plan-changes job applies it when due. On a license the processor bills, the call that
 * tells it the new price commits with the change and runs after the commit (payments/processor-calls.ts):
 * prorated now, or unprorated from the next invoice. On the local processor the PlanChange row is the
 * charge. Idempotent by RequestId: the same ask again gets the first answer; another ask under the
 * same RequestId is 409 RequestIdMismatch.
 */
export async function changeLicenseOffering(ctx: { db: Db; now?: Date }, input: ChangeOfferingInput & { licenseId: string; actor: PlanChangeActor }): Promise<ChangedOffering> {
  const sellerId = await sellerOfLicense(ctx, input.licenseId, input.actor);
  let told = false;
  const ask = { sellerId, requestId: input.requestId, operation: 'change-offering', inputs: [input.licenseId, input.offeringId, input.when ?? null, ...askedBy(input.actor)] };
  const answer = await runOnce(ctx, ask, async (tx) => {
    const license = await lockedLicenseFor(tx, input.licenseId, input.actor);
    // The RequestId keys the plan change too. Found under the lock: a twin of this ask committed
    // first (answered as a replay by runOnce), or another seller's request used it.
    const taken = await tx.planChange.findUnique({ where: { requestId: input.requestId }, select: { sellerId: true } });
    if (taken?.sellerId === sellerId) throw new RequestIdCommittedMeanwhile();
    if (taken) throw new DomainError('RequestIdMismatch', 'This RequestId was used for another request; send a new RequestId for a new request.');
    const now = ctx.now ?? new Date();
    const terms = await planChangeTerms(tx, license, { offeringId: input.offeringId, when: input.when, by: input.actor.by }, now);
    // One scheduled change per license (a partial unique index holds it): the new one replaces it.
    // Nothing is told to the processor for the one replaced: the new change's call sets the price
    // (a change now is prorated from the price of sale, whatever a scheduled change told before).
    await tx.planChange.updateMany({ where: { licenseId: license.id, status: 'scheduled' }, data: { status: 'cancelled' } });
    const applyNow = terms.timing === 'now';
    const change = await tx.planChange.create({
      data: {
        licenseId: license.id,
        sellerId,
        requestId: input.requestId,
        fromOfferingId: license.offeringId,
        toOfferingId: terms.target.id,
        timing: terms.timing,
        status: applyNow ? 'applied' : 'scheduled',
        requestedBy: input.actor.by,
        effectiveAt: terms.effectiveAt,
        fromUnitPriceMinor: terms.fromUnitPriceMinor,
        unitPriceMinor: terms.unitPriceMinor,
        currency: terms.currency,
        prorationMinor: terms.prorationMinor,
        taxMinor: terms.prorationTaxMinor,
        appliedAt: applyNow ? now : null,
      },
    });
    if (applyNow) await applyPlanChange(tx, license, change);
    if (terms.unitPriceMinor !== null) told = await recordPlanChangeCall(tx, license, change.id);
    return changedOfferingView(tx, license.id, change);
  });
  if (told) await requestProcessorCalls();
  return answer;
}
