import type { Db } from '../../db';
import { DomainError } from '../../errors';
import { lockedSellerLicense } from './locked-seller-license';
import { licenseViewInclude, toLicenseView } from './to-license-view';
import type { LicenseView } from './license-view.schema';
import { runOnce } from '../management-request';
import type { BindTenantInput } from '../management-writes.schema';

/**
 * POST /licensing-mgmt/licenses/{licenseId}/tenant: binds a license the seller sold elsewhere (a
 * code pasted by a tenant owner, spec "Tenant seat workflow" 6) to a tenant, so the tenant lookup
 * finds it. A code proves a purchase, not who pastes it: a license another tenant holds is
 * 409 TenantMismatch. Binding it again to the same tenant answers as the first time.
 */
export async function bindLicenseToTenant(ctx: { db: Db }, input: BindTenantInput & { sellerId: string; licenseId: string }): Promise<LicenseView> {
  return runOnce(ctx, { sellerId: input.sellerId, requestId: input.requestId, operation: 'bind-tenant', inputs: [input.licenseId, input.correlationId] }, async (tx) => {
    const license = await lockedSellerLicense(tx, input);
    if (license.tenantId !== null && license.tenantId !== input.correlationId) throw new DomainError('TenantMismatch', 'Another tenant already holds this license.');
    if (license.tenantId === null) await tx.license.update({ where: { id: license.id }, data: { tenantId: input.correlationId } });
    return toLicenseView(await tx.license.findUniqueOrThrow({ where: { id: license.id }, include: licenseViewInclude }));
  });
}
