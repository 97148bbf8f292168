import { LicenseClassification } from '../../catalog/catalog-enums';
import type { Db } from '../../db';
import { recordEvent } from '../../events/record-event';
import { billingPeriodAt } from '../../billing/billing-period';
import { SALE_TAX_FIELDS, taxOnLaterCharge } from '../../billing/tax-amount';
import { assertSeatsMayChange, lockedSellerLicense } from '../licenses/locked-seller-license';
import { runOnce } from '../management-request';
import { recordProcessorCall, requestProcessorCalls } from '../../payments/processor-calls';
import type { AddedSeats, AddSeatsInput } from '../management-writes.schema';

/**
 * POST /licensing-mgmt/licenses/{licenseId}/seats: more seats on an active subscription or trial
 * (docs/api/management.md). The new seats come without license codes. A paid subscription is
 * charged for the rest of its current billing period, prorated to the second as the processor's
 * default proration does: on the local processor that charge is a ledger line (SeatCharge); on
 * Stripe the subscription item's quantity is raised after the commit (a processor call, retried
 * until it is done) and Stripe prorates it on the next invoice (the ledger line, marked stripe, is
 * the estimate shown). A trial or a free offering charges nothing.
 */
export async function addSeats(ctx: { db: Db; now?: Date }, input: AddSeatsInput & { sellerId: string; licenseId: string }): Promise<AddedSeats> {
  let told = false;
  const added = await runOnce(ctx, { sellerId: input.sellerId, requestId: input.requestId, operation: 'add-seats', inputs: [input.licenseId, input.quantity] }, async (tx) => {
    const license = await lockedSellerLicense(tx, input);
    assertSeatsMayChange(license);
    const seatIds: string[] = [];
    for (let i = 0; i < input.quantity; i++) seatIds.push((await tx.seat.create({ data: { licenseId: license.id } })).id);
    // On Stripe the subscription's quantity follows after the commit, with Stripe's proration.
    told = await recordProcessorCall(tx, license, 'set-seats');
    await recordEvent(tx, { sellerId: license.sellerId, type: 'seat.added', licenseId: license.id, data: { LicenseId: license.id, SeatIds: seatIds } });
    const { offering } = license;
    // Priced at what one seat was sold for (License.unitPriceMinor), never at a later price of the offering.
    const unitPriceMinor = license.unitPriceMinor;
    const charged = license.classification === LicenseClassification.Subscription && unitPriceMinor && offering.interval && offering.intervalUnit !== null;
    if (!charged) return { licenseId: license.id, seatIds, proration: null };
    const currency = license.currency ?? offering.currency;
    const now = ctx.now ?? new Date();
    const period = billingPeriodAt(license.termStart, offering.interval!, offering.intervalUnit!, now);
    const share = (period.end.getTime() - now.getTime()) / (period.end.getTime() - period.start.getTime());
    // At most 2,147,483,647 × 1,000 before the share: exact in a double, stored in a 64-bit column.
    const proratedMinor = Math.round(unitPriceMinor * input.quantity * share);
    // Taxed as its sale was (the rate then, the price inclusive or exclusive as then); amountMinor is the gross.
    const sale = license.checkoutId ? await tx.checkout.findUnique({ where: { id: license.checkoutId }, select: SALE_TAX_FIELDS }) : null;
    const { taxMinor, grossMinor } = taxOnLaterCharge(sale, BigInt(proratedMinor));
    const amountMinor = Number(grossMinor);
    await tx.seatCharge.create({
      data: { licenseId: license.id, seats: input.quantity, amountMinor, taxMinor, currency, periodStart: period.start, periodEnd: period.end, processor: told ? 'stripe' : 'local' },
    });
    return { licenseId: license.id, seatIds, proration: { amountMinor, currency, periodEndUtc: period.end.toISOString() } };
  });
  if (told) await requestProcessorCalls();
  return added;
}
