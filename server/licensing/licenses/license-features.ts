import type { Tx } from '../../db';

/**
 * Entitlements are fixed at sale (DESIGN.md "Entitlements"): a license keeps a snapshot of its
 * offering's features, which a later edit of the offering does not change. Written when a license is
 * minted, and again, whole, when a plan change moves it to another offering (the snapshot is then
 * the new offering's). Usage already counted stays: allowance windows are kept by feature key.
 */
export async function snapshotOfferingFeatures(tx: Tx, input: { licenseId: string; offeringId: string; replace?: boolean }): Promise<void> {
  if (input.replace) await tx.licenseFeature.deleteMany({ where: { licenseId: input.licenseId } });
  const features = await tx.feature.findMany({ where: { offeringId: input.offeringId } });
  if (features.length === 0) return;
  await tx.licenseFeature.createMany({
    data: features.map((feature) => ({
      licenseId: input.licenseId,
      key: feature.key,
      displayName: feature.displayName,
      description: feature.description,
      rate: feature.rate,
      sampleSeconds: feature.sampleSeconds,
      rateLimit: feature.rateLimit,
      accessLevel: feature.accessLevel,
      allowance: feature.allowance,
      allowancePeriodUnit: feature.allowancePeriodUnit,
    })),
  });
}
