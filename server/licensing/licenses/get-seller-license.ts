import type { Db } from '../../db';
import { DomainError } from '../../errors';
import type { LicenseView } from './license-view.schema';
import { licenseViewInclude, toLicenseView } from './to-license-view';

/** One license of the seller. Spec: 404 means it was issued by someone else (or never). */
export async function getSellerLicense(ctx: { db: Db }, input: { sellerId: string; licenseId: string }): Promise<LicenseView> {
  const license = await ctx.db.license.findFirst({
    where: { id: input.licenseId, sellerId: input.sellerId },
    include: licenseViewInclude,
  });
  if (!license) throw new DomainError('NotFound', 'No license with that id for this seller.');
  return toLicenseView(license);
}
