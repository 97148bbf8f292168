import { z } from 'zod';

// A postal address as the service keeps it (JSON on Seller.originAddress and Checkout.billingAddress):
// what tax needs (the country, and the state or province where it sets the rate) and what a receipt prints.

/** Text PostgreSQL's JSON can hold: no NUL, no lone surrogate. */
export const storableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((text) => !text.includes('\u0000') && text.isWellFormed(), 'Must not contain NUL or ill-formed Unicode.');

const line = storableText;

export const postalAddressSchema = z.object({
  line1: line(200).optional(),
  city: line(100).optional(),
  postalCode: line(20).optional(),
  /** State, province or region code where the tax depends on it (US: `CA`). */
  state: line(40).optional(),
  /** ISO 3166-1 alpha-2, upper case. */
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'A country is a two-letter ISO 3166 code such as DE.')
    .transform((country) => country.toUpperCase()),
});

export type PostalAddress = z.infer<typeof postalAddressSchema>;

/** A stored address, or null when there is none or it is not one (the column is JSON). */
export function postalAddressOf(value: unknown): PostalAddress | null {
  const parsed = postalAddressSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** One line for a receipt: "1 Main St, 10115 Berlin, DE". */
export function describePostalAddress(address: PostalAddress): string {
  const cityLine = [address.postalCode, address.city].filter(Boolean).join(' ');
  return [address.line1, cityLine, address.state, address.country].filter(Boolean).join(', ');
}
