import { describe, expect, it } from 'vitest';
import { ArgumentError } from '../../sdk/src/errors';
import { requestSchemas } from '../../sdk/src/generated/request-schemas';
import { assertValid } from '../../sdk/src/validate';

// The client library refuses a request the service would refuse, before sending it, from the JSON
// Schema the API document gives each request body; the field is named as the caller wrote it.
const refusal = (body: unknown, operationId: string) => {
  try {
    assertValid(body, requestSchemas[operationId]!);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(ArgumentError);
    return (error as ArgumentError).field;
  }
};

const batch = (items: unknown[]) => ({ LicenseId: 'license', BatchId: '5b0d7f9e-3a1c-4f8e-9d2a-6c4b1e7f0a93', Items: items });

describe('request validation from the API document', () => {
  it('accepts what the service accepts', () => {
    expect(refusal(batch([{ FeatureKey: 'render', Units: 3, TimeUtc: '2026-11-24T10:00:00Z' }]), 'ingestUsage')).toBeNull();
    expect(refusal({ RequestId: '5b0d7f9e-3a1c-4f8e-9d2a-6c4b1e7f0a93', OfferingId: 'o', CorrelationId: 't', Seats: 2 }, 'createLicense')).toBeNull();
  });

  it('names the failing field in camelCase, nested ones by their path', () => {
    expect(refusal(batch([{ FeatureKey: 'render', Units: 1, TimeUtc: '2026-11-24T10:00:00Z' }, { FeatureKey: 'render', Units: 0, TimeUtc: '2026-11-24T10:00:00Z' }]), 'ingestUsage')).toBe('items.1.units');
    expect(refusal(batch([]), 'ingestUsage')).toBe('items');
    expect(refusal({ RequestId: '00000000-0000-0000-0000-000000000000', OfferingId: 'o', CorrelationId: 't', Seats: 2 }, 'createLicense')).toBe('requestId');
    expect(refusal({ RequestId: '5b0d7f9e-3a1c-4f8e-9d2a-6c4b1e7f0a93', OfferingId: 'o', CorrelationId: 't' }, 'createLicense')).toBe('seats');
    expect(refusal({ RequestId: '5b0d7f9e-3a1c-4f8e-9d2a-6c4b1e7f0a93', OfferingId: 'o', CorrelationId: 't\u0000', Seats: 1 }, 'createLicense')).toBe('correlationId');
  });
});
