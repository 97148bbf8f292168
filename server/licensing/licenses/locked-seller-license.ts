import { LicenseClassification } from '../../catalog/catalog-enums';
import type { Tx } from '../../db';
import { DomainError } from '../../errors';

/**
 * One of the seller's licenses, locked for the rest of the transaction (seat and status writes on
 * one license run one after another). Another seller's license is NotFound, like an unknown id.
 */
export async function lockedSellerLicense(tx: Tx, input: { sellerId: string; licenseId: string }) {
  const locked = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "License" WHERE "id" = ${input.licenseId} AND "sellerId" = ${input.sellerId} FOR UPDATE`;
  if (locked.length === 0) throw new DomainError('NotFound', 'No license with that id for this seller.');
  return tx.license.findUniqueOrThrow({ where: { id: input.licenseId }, include: { offering: true } });
}

export type LockedLicense = Awaited<ReturnType<typeof lockedSellerLicense>>;

/** Seats change only on an active license, and a one-time purchase keeps the seats it was sold with. */
export function assertSeatsMayChange(license: LockedLicense): void {
  if (license.status !== 'Active') throw new DomainError('LicenseNotActive', `Seats change only on an active license; this one is ${license.status}.`);
  if (license.classification === LicenseClassification.Perpetual) throw new DomainError('SeatsFixed', 'A one-time purchase keeps the seats it was sold with.');
}
