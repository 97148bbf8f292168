import { Prisma } from '@/generated/prisma/client';
import { findOfferingPrice } from '../../catalog/offering-prices';
import { toBaseRate } from '../../catalog/money';
import type { Tx } from '../../db';

/**
 * Entitlements are fixed at sale (DESIGN.md "Entitlements"): a license keeps a snapshot of its
 * offering's features, which a later edit of the offering does not change. Written when a license is
 * minted, and again, whole, when a plan change moves it to another offering (the snapshot is then
 * the new offering's). Usage already counted stays: allowance windows are kept by feature key.
 *
 * A feature's Rate is in the offering's default currency. A license sold in another currency keeps
 * its rates in that one, converted as the seller's own prices convert (its price there ÷ its default
 * price, in major units), so that metered usage is billed in the currency of sale.
 */
export async function snapshotOfferingFeatures(tx: Tx, input: { licenseId: string; offeringId: string; replace?: boolean; currency?: string | null }): Promise<void> {
  if (input.replace) await tx.licenseFeature.deleteMany({ where: { licenseId: input.licenseId } });
  const features = await tx.feature.findMany({ where: { offeringId: input.offeringId } });
  if (features.length === 0) return;
  const factor = await rateFactor(tx, input.offeringId, input.currency ?? null);
  await tx.licenseFeature.createMany({
    data: features.map((feature) => ({
      licenseId: input.licenseId,
      key: feature.key,
      displayName: feature.displayName,
      description: feature.description,
      rate: factor === null ? feature.rate : feature.rate.mul(factor).toDecimalPlaces(6),
      sampleSeconds: feature.sampleSeconds,
      rateLimit: feature.rateLimit,
      accessLevel: feature.accessLevel,
      allowance: feature.allowance,
      allowancePeriodUnit: feature.allowancePeriodUnit,
    })),
  });
}

/** What the offering's rates are multiplied by in `currency`; null when they stand as they are (its default currency, or no price to convert by). */
async function rateFactor(tx: Tx, offeringId: string, currency: string | null): Promise<Prisma.Decimal | null> {
  if (currency === null) return null;
  const offering = await tx.offering.findUniqueOrThrow({ where: { id: offeringId }, select: { id: true, priceMinor: true, currency: true } });
  if (currency === offering.currency || !offering.priceMinor) return null;
  const price = await findOfferingPrice(tx, offering, currency);
  if (!price) return null;
  return new Prisma.Decimal(toBaseRate(price.amountMinor, currency)!).div(toBaseRate(offering.priceMinor, offering.currency)!);
}
