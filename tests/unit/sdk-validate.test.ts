import { describe, expect, it } from 'vitest';
import { createLicenseSchema } from '../../sdk/src/contract/management';
import { usageBatchSchema } from '../../sdk/src/contract/runtime';
import { ArgumentError } from '../../sdk/src/errors';
import { assertValid } from '../../sdk/src/validate';
import { wireRequest } from '../../server/wire/wire';

// The client library refuses a request the service would refuse, before sending it, with the very
// zod schema the service validates that request with; the field is named as the caller wrote it.
const refusal = (input: unknown, schema: Parameters<typeof assertValid>[0]) => {
  try {
    assertValid(schema, input);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(ArgumentError);
    return (error as ArgumentError).field;
  }
};

const batch = (items: unknown[]) => ({ licenseId: 'license', batchId: '5b0d7f9e-3a1c-4f8e-9d2a-6c4b1e7f0a93', items });

describe('request validation with the service schemas', () => {
  it('accepts what the service accepts', () => {
    expect(refusal(batch([{ featureKey: 'render', units: 3, timeUtc: '2026-11-24T10:00:00Z' }]), usageBatchSchema)).toBeNull();
    expect(refusal({ requestId: '5b0d7f9e-3a1c-4f8e-9d2a-6c4b1e7f0a93', offeringId: 'o', correlationId: 't', seats: 2 }, createLicenseSchema)).toBeNull();
  });

  it('names the failing field in camelCase, nested ones by their path', () => {
    expect(refusal(batch([{ featureKey: 'render', units: 1, timeUtc: '2026-11-24T10:00:00Z' }, { featureKey: 'render', units: 0, timeUtc: '2026-11-24T10:00:00Z' }]), usageBatchSchema)).toBe('items.1.units');
    expect(refusal(batch([]), usageBatchSchema)).toBe('items');
    expect(refusal({ requestId: '00000000-0000-0000-0000-000000000000', offeringId: 'o', correlationId: 't', seats: 2 }, createLicenseSchema)).toBe('requestId');
    expect(refusal({ requestId: '5b0d7f9e-3a1c-4f8e-9d2a-6c4b1e7f0a93', offeringId: 'o', correlationId: 't' }, createLicenseSchema)).toBe('seats');
    expect(refusal({ requestId: '5b0d7f9e-3a1c-4f8e-9d2a-6c4b1e7f0a93', offeringId: 'o', correlationId: 't\u0000', seats: 1 }, createLicenseSchema)).toBe('correlationId');
  });

  it('a missing field is "is required", as the service says "This field is required"', () => {
    expect(() => assertValid(createLicenseSchema, { requestId: '5b0d7f9e-3a1c-4f8e-9d2a-6c4b1e7f0a93', offeringId: 'o', correlationId: 't' })).toThrow('seats: is required.');
  });

  it('the service refuses the same requests: its wire schema is the same schema under PascalCase names', () => {
    const wire = wireRequest(createLicenseSchema);
    expect(wire.safeParse({ RequestId: '5b0d7f9e-3a1c-4f8e-9d2a-6c4b1e7f0a93', OfferingId: 'o', CorrelationId: 't', Seats: 2 }).success).toBe(true);
    expect(wire.safeParse({ RequestId: '5b0d7f9e-3a1c-4f8e-9d2a-6c4b1e7f0a93', OfferingId: 'o', CorrelationId: 't', Seats: 1001 }).error?.issues[0]?.path).toEqual(['Seats']);
    expect(refusal({ requestId: '5b0d7f9e-3a1c-4f8e-9d2a-6c4b1e7f0a93', offeringId: 'o', correlationId: 't', seats: 1001 }, createLicenseSchema)).toBe('seats');
  });
});
