import crypto from 'node:crypto';
import type { Seller } from '@/generated/prisma/client';
import type { Db } from '../db';
import { sqlStateOf } from '../platform/database/sql-error';
import { DomainError } from '../errors';
import { validationErrorFromZod } from '../validation-error';
import {
  createSellerInputSchema,
  ISSUER_CLIENT_ID_MAX,
  isReservedIssuerClientId,
  type CreateSellerInput,
} from './seller.schema';

const SUFFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const SUFFIX_LENGTH = 5;
// A generated id collides only when the random suffix does; a few fresh draws settle it.
const GENERATE_ATTEMPTS = 5;

function randomSuffix(): string {
  let suffix = '';
  for (const byte of crypto.randomBytes(SUFFIX_LENGTH)) suffix += SUFFIX_ALPHABET[byte % SUFFIX_ALPHABET.length];
  return suffix;
}

/** `Acme Tööls, Inc.` → `acme-tools-inc`; empty when nothing usable is left. */
function slugifySellerName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, ISSUER_CLIENT_ID_MAX - SUFFIX_LENGTH - 1)
    .replace(/-+$/, '');
}

/** e.g. `acme-tools-4f7k2`: the slug of the name plus a random suffix, always a valid id. */
function generateIssuerClientId(name: string | null | undefined): string {
  const slug = slugifySellerName(name ?? '') || 'seller';
  return `${slug}-${randomSuffix()}`;
}

export function issuerClientIdError(code: 'Taken' | 'Reserved' | 'TooManyChanges', message: string): DomainError {
  return new DomainError('ValidationError', 'One or more fields failed validation.', {
    details: [{ Code: code, Message: message, Field: 'IssuerClientId' }],
  });
}

/**
 * Creates a seller and, with `ownerAccountId`, its Owner membership in the same transaction.
 * A given issuerClientId must be well formed, not a reserved route word and not taken
 * (ValidationError, Detail Code `Reserved` or `Taken` on `IssuerClientId`).
 */
export async function createSeller(ctx: { db: Db }, input: CreateSellerInput): Promise<Seller> {
  const parsed = createSellerInputSchema.safeParse(input);
  if (!parsed.success) throw validationErrorFromZod(parsed.error);
  const { contactName, legalName, issuerClientId, ownerAccountId } = parsed.data;

  if (issuerClientId !== undefined && isReservedIssuerClientId(issuerClientId)) {
    throw issuerClientIdError('Reserved', `"${issuerClientId}" is a reserved word; choose another issuerClientId.`);
  }

  const attempts = issuerClientId === undefined ? GENERATE_ATTEMPTS : 1;
  for (let attempt = 1; ; attempt++) {
    // A generated id always ends in `-xxxxx`, a shape no reserved word has.
    const candidate = issuerClientId ?? generateIssuerClientId(legalName ?? contactName);
    try {
      return await ctx.db.$transaction(async (tx) => {
        if (ownerAccountId !== undefined) {
          const owner = await tx.account.findUnique({ where: { id: ownerAccountId }, select: { id: true } });
          if (!owner) throw new DomainError('NotFound', 'No account with that id.');
        }
        const seller = await tx.seller.create({
          data: { issuerClientId: candidate, contactName: contactName ?? null, legalName: legalName ?? null },
        });
        if (ownerAccountId !== undefined) {
          await tx.sellerMember.create({ data: { sellerId: seller.id, accountId: ownerAccountId, role: 'Owner' } });
        }
        return seller;
      });
    } catch (error) {
      // The unique index on issuerClientId decides races between two creates of the same id.
      if (sqlStateOf(error) !== '23505') throw error;
      if (attempt >= attempts) throw issuerClientIdError('Taken', `"${candidate}" is already taken; choose another issuerClientId.`);
    }
  }
}
