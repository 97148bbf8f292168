// What the checkout callbacks answer a buyer's browser: a redirect, or a small page (the checkout
// callbacks surface's renderer).

export const NO_STORE = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' };

const page = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' as const } } } });

export const BROWSER_ANSWERS = {
  303: { description: 'Where the browser goes next.', headers: { Location: { description: 'The next page.', schema: { type: 'string' as const } } } },
  404: page('A page: no checkout at this address.'),
  429: { ...page('A page: too many requests.'), headers: { 'Retry-After': { description: 'Seconds until the limit lets this browser in again.', schema: { type: 'integer' as const } } } },
  500: page('A page: something went wrong.'),
};
