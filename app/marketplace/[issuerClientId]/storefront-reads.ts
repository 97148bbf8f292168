import 'server-only';
import { cache } from 'react';
import { api, refusedWith } from '@/app/trpc-server';

/** Text no storefront id can hold (a NUL, a lone surrogate, far too long) is refused as input: no store has it. */
async function noStoreForInvalidId<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (refusedWith(error, 'ValidationError')) return null;
    throw error;
  }
}

/** The store's profile by its current or a former id (layout, metadata), asked once per request; null when no store has it. */
export const storefrontProfile = cache((issuerClientId: string) => noStoreForInvalidId(api.marketplace.sellerProfile({ issuerClientId })));

/** Everything the storefront page shows; null when no store has the id. */
export const storefrontPage = (issuerClientId: string) => noStoreForInvalidId(api.marketplace.storefrontPage({ issuerClientId }));
