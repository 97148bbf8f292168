import { CatalogStatus } from '../../catalog/catalog-enums';
import type { Db } from '../../db';
import { DomainError } from '../../errors';
import { runOnce } from '../management-request';
import type { CreatedLicense, CreateLicenseInput } from '../management-writes.schema';
import { mintLicense } from './mint-license';
import { licenseViewInclude, toLicenseView } from './to-license-view';

/**
 * POST /licensing-mgmt/licenses: a license of one of the seller's active offerings, made by the
 * seller without a checkout (an invoice settled elsewhere, a grant), with any number of seats and
 * bound to the tenant CorrelationId. Nothing is charged.
 */
export async function createLicenseDirectly(ctx: { db: Db }, input: CreateLicenseInput & { sellerId: string }): Promise<CreatedLicense> {
  return runOnce(ctx, { sellerId: input.sellerId, requestId: input.requestId, operation: 'create-license', inputs: [input.offeringId, input.correlationId, input.seats] }, async (tx) => {
    const offering = await tx.offering.findFirst({ where: { id: input.offeringId, sellerId: input.sellerId, status: CatalogStatus.Active } });
    if (!offering) throw new DomainError('NotFound', 'No active offering with that id for this seller.');
    const minted = await mintLicense(tx, { offering, buyerAccountId: null, correlationId: input.correlationId, tenantId: input.correlationId, seatCount: input.seats, codes: 'one-seat-only' });
    const license = await tx.license.findUniqueOrThrow({ where: { id: minted.licenseId }, include: licenseViewInclude });
    return { license: toLicenseView(license), seatIds: minted.seatIds, encodedCredential: minted.codes[0] ?? null };
  });
}
