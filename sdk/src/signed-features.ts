import type { AuthorizedFeature } from './local-check.js';

/**
 * The features of a verified payload (an authorization's or a license file's `Features`, named as
 * the service signs them), read into camelCase. Only a payload whose signature verified is read here.
 */
export function readSignedFeatures(value: unknown): AuthorizedFeature[] {
  const features = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  return features.map((feature) => ({
    featureKey: String(feature.FeatureKey),
    accessLevel: (feature.ServiceAccessLevel as AuthorizedFeature['accessLevel']) ?? null,
    rateLimit: (feature.RateLimit as number | null) ?? null,
    rateWindowSeconds: (feature.RateWindowSeconds as number | null) ?? null,
    allowance: (feature.Allowance as number | null) ?? null,
    remaining: (feature.Remaining as number | null) ?? null,
    periodEndUtc: (feature.PeriodEndUtc as string | null) ?? null,
  }));
}

/** A signed string field, or null when the payload does not carry it. */
export function signedStringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
