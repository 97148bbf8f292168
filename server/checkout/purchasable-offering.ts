import type { Offering, Seller } from '@/generated/prisma/client';
import { LicenseClassification } from '../catalog/catalog-enums';
import { listedOfferingWhere } from '../catalog/listed-offerings';
import type { Db } from '../db';
import { DomainError } from '../errors';

/** Free or zero-dollar (and trials): completes without payment. */
export function isFreeOffering(offering: { priceMinor: number | null; classification: number }): boolean {
  return offering.classification === LicenseClassification.Trial || offering.priceMinor === null || offering.priceMinor === 0;
}

/** The offering a checkout buys: listed, of that seller; otherwise 400 CheckoutFailed. */
export async function findPurchasableOffering(ctx: { db: Db }, input: { sellerId: string; offeringId: string }): Promise<{ offering: Offering; seller: Seller }> {
  const offering = await ctx.db.offering.findFirst({ where: { id: input.offeringId, sellerId: input.sellerId, ...listedOfferingWhere }, include: { seller: true } });
  if (!offering) throw new DomainError('CheckoutFailed', 'This offering is not available for purchase.');
  const { seller, ...rest } = offering;
  return { offering: rest, seller };
}

/** A checkout that goes to the processor needs a seller that can take paid checkouts now; one that completes without (free) does not. */
export function assertSellerTakesPayment(seller: Pick<Seller, 'checkoutReady'>, price: { free: boolean }): void {
  if (!price.free && !seller.checkoutReady) throw new DomainError('CheckoutFailed', 'This seller cannot take paid checkouts yet.');
}

/** Seats other than one only on a seat-based offering (400 ValidationError on Quantity). */
export function assertSeatsFit(offering: { seatBased: boolean }, quantity: number): void {
  if (offering.seatBased || quantity === 1) return;
  throw new DomainError('ValidationError', 'Quantity applies to seat-based offerings only.', {
    details: [{ Code: 'NotSeatBased', Message: 'This offering sells one seat; send Quantity 1 or leave it out.', Field: 'Quantity' }],
  });
}
