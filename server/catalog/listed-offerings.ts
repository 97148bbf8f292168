import { CatalogStatus } from './catalog-enums';

/**
 * What "listed" means for buyers: the offering is marked listed and active, and its product is
 * active. Drafts, archived items and unlisted offerings are never shown and answer NotFound.
 */
export const listedOfferingWhere = {
  listed: true,
  status: CatalogStatus.Active,
  product: { status: CatalogStatus.Active },
} as const;
