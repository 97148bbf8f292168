import { Prisma, type Seller, type TaxBehavior } from '@/generated/prisma/client';
import type { Db } from '../db';
import { DomainError } from '../errors';
import { sqlStateOf } from '../platform/database/sql-error';
import { validationErrorFromZod } from '../validation-error';
import { postalAddressOf, type PostalAddress } from './postal-address';
import { ORIGIN_COUNTRY_REQUIRED, updateTaxSettingsInputSchema, type UpdateTaxSettingsInput } from './seller.schema';

/** Whether and how the seller collects tax at checkout, as the store settings page shows it. */
export interface TaxSettings {
  taxCollection: boolean;
  taxBehavior: TaxBehavior;
  taxId: string | null;
  /** Where the seller sells from; kept while collection is off. */
  originAddress: PostalAddress | null;
}

export function taxSettingsOf(seller: Pick<Seller, 'taxCollection' | 'taxBehavior' | 'taxId' | 'originAddress'>): TaxSettings {
  return { taxCollection: seller.taxCollection, taxBehavior: seller.taxBehavior, taxId: seller.taxId, originAddress: postalAddressOf(seller.originAddress) };
}

/** The settings as a form or a caller sends them: the service checks every field, the behaviour too. */
type TaxSettingsChange = Omit<UpdateTaxSettingsInput, 'taxBehavior'> & { taxBehavior: string };

const TAX_COLUMNS = { taxCollection: true, taxBehavior: true, taxId: true, originAddress: true } as const;

/** A form's blank field is no value: blank lines are left out, and an address of blank lines is none. */
function withoutBlanks(address: TaxSettingsChange['originAddress']): TaxSettingsChange['originAddress'] {
  if (!address) return address;
  const given = Object.entries(address).filter(([, value]) => typeof value !== 'string' || value.trim() !== '');
  return given.length > 0 ? Object.fromEntries(given) : null;
}

function originCountryRequired(): DomainError {
  return new DomainError('ValidationError', 'One or more fields failed validation.', {
    details: [{ Code: 'Required', Message: ORIGIN_COUNTRY_REQUIRED, Field: 'OriginAddress.Country' }],
  });
}

/**
 * Turns tax collection on or off, with how prices carry the tax, the seller's tax id and the address
 * it sells from. Refusals are one ValidationError naming each field as the settings form does
 * (`TaxId`, `OriginAddress.Country`); nothing is written then.
 */
export async function updateTaxSettings(ctx: { db: Db }, sellerId: string, input: TaxSettingsChange): Promise<TaxSettings> {
  const stored = await ctx.db.seller.findUnique({ where: { id: sellerId }, select: TAX_COLUMNS });
  if (!stored) throw new DomainError('NotFound', 'No seller with that id.');
  const taxId = typeof input.taxId === 'string' && input.taxId.trim() === '' ? null : input.taxId;
  const originAddress = input.originAddress === undefined ? postalAddressOf(stored.originAddress) : withoutBlanks(input.originAddress);
  const parsed = updateTaxSettingsInputSchema.safeParse({ ...input, taxId, originAddress });
  if (!parsed.success) throw validationErrorFromZod(parsed.error);
  const settings = parsed.data;
  const origin = settings.originAddress?.country ? { ...settings.originAddress, country: settings.originAddress.country } : null;

  try {
    const updated = await ctx.db.seller.update({
      where: { id: sellerId },
      data: {
        taxCollection: settings.taxCollection,
        taxBehavior: settings.taxBehavior,
        ...(settings.taxId !== undefined && { taxId: settings.taxId }),
        // Left out, the stored address stays as it is (the check above read it).
        ...(input.originAddress !== undefined && { originAddress: origin ?? Prisma.DbNull }),
      },
      select: TAX_COLUMNS,
    });
    return taxSettingsOf(updated);
  } catch (error) {
    // The address was cleared by another request between the read and this write: the database's
    // own rule (Seller_tax_origin) refuses collection without a country, and the seller is told why.
    if (sqlStateOf(error) === '23514') throw originCountryRequired();
    throw error;
  }
}
