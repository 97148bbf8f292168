import 'server-only';
import { headers } from 'next/headers';

/**
 * The country a CDN in front of the service tells (docs/configuration.md "Headers read from a
 * CDN"): Amazon CloudFront's, then Cloudflare's. Only the currency prices are first shown in hangs
 * on it (the buyer may choose another), so a header a client sets itself does no harm.
 */
const COUNTRY_HEADERS = ['cloudfront-viewer-country', 'cf-ipcountry'] as const;

/** What the storefront reads of the request to choose the currency it shows (server/catalog/preferred-currency.ts). */
export async function currencyRequest(explicit: string | undefined): Promise<{ explicit: string | null; country: string | null; acceptLanguage: string | null }> {
  const request = await headers();
  const country = COUNTRY_HEADERS.map((name) => request.get(name)).find((value) => value !== null && value !== '') ?? null;
  return { explicit: explicit ?? null, country, acceptLanguage: request.get('accept-language') };
}
