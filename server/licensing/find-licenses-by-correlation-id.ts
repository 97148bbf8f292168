import type { Db } from '../db';
import { licenseListViewSchema, type LicenseListView } from './license-view.schema';
import { licenseViewInclude, toLicenseView } from './to-license-view';

/**
 * The seller's licenses bound to the tenant `correlationId` (by its embedded checkout, a direct
 * creation or an association: never by a buyer's purchase-API CorrelationId), oldest first. A
 * tenant may hold several (a second purchase, an upgrade), so this is a list; none is `[]`.
 */
export async function findLicensesByCorrelationId(
  ctx: { db: Db },
  input: { sellerId: string; correlationId: string },
): Promise<LicenseListView> {
  const licenses = await ctx.db.license.findMany({
    where: { sellerId: input.sellerId, tenantId: input.correlationId },
    include: licenseViewInclude,
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return licenseListViewSchema.parse({ Licenses: licenses.map(toLicenseView) });
}
