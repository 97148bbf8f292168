import type { Db } from '../../db';
import { MAX_LICENSES_PAGE } from './license-query.schema';
import type { LicenseListView } from './license-view.schema';
import { licenseViewInclude, toLicenseView } from './to-license-view';

/**
 * The seller's licenses bound to the tenant `correlationId` (by its embedded checkout, a direct
 * creation or an association: never by a buyer's purchase-API CorrelationId), oldest first. A
 * tenant may hold several (a second purchase, an upgrade), so this is a list, in pages of `limit`
 * (NextCursor names the next page; null on the last); none is `[]`.
 */
export async function findLicensesByCorrelationId(
  ctx: { db: Db },
  input: { sellerId: string; correlationId: string; limit?: number; cursor?: string },
): Promise<LicenseListView> {
  const limit = input.limit ?? MAX_LICENSES_PAGE;
  // Ids are UUIDv7, in creation order: the cursor is the last id of the previous page.
  const licenses = await ctx.db.license.findMany({
    where: { sellerId: input.sellerId, tenantId: input.correlationId, ...(input.cursor ? { id: { gt: input.cursor } } : {}) },
    include: licenseViewInclude,
    orderBy: { id: 'asc' },
    take: limit + 1,
  });
  const page = licenses.slice(0, limit);
  return { licenses: page.map(toLicenseView), nextCursor: licenses.length > limit ? page.at(-1)!.id : null };
}
