import { env } from '../env';

/** The hosted storefront a person opens to buy, scrolled to one offering when it is named. */
export function storefrontUrl(issuerClientId: string, offeringId?: string): string {
  const path = `${env().publicBaseUrl}/marketplace/${encodeURIComponent(issuerClientId)}`;
  return offeringId === undefined ? path : `${path}#offering-${encodeURIComponent(offeringId)}`;
}
