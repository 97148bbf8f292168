import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { camelKeys, decodeWireKeys, encodeWireKeys, pascalKeys } from '../../sdk/src/contract/key-case';
import { usageBatchSchema } from '../../sdk/src/contract/runtime';
import { toWire, wireObject, wireRequest } from '../../server/wire/wire';

// The wire is PascalCase, the core camelCase; the casing is done once, by the schemas: a request
// schema decodes a wire body to the core's camelCase value, an answer is encoded by its schema.
describe('wire casing by the schemas', () => {
  it('a validated request body is already camelCase, nested items too, and its values are the rule\'s output', () => {
    const parsed = wireRequest(usageBatchSchema).parse({
      LicenseId: 'l',
      BatchId: '5B0D7F9E-3A1C-4F8E-9D2A-6C4B1E7F0A93',
      Items: [{ FeatureKey: 'render', Units: 2, TimeUtc: '2026-11-24T10:00:00Z' }],
    });
    expect(parsed).toEqual({ licenseId: 'l', batchId: '5b0d7f9e-3a1c-4f8e-9d2a-6c4b1e7f0a93', items: [{ featureKey: 'render', units: 2, timeUtc: '2026-11-24T10:00:00Z' }] });
  });

  it('a camelCase body is refused by the wire schema (the wire names the fields in PascalCase)', () => {
    const result = wireRequest(usageBatchSchema).safeParse({ licenseId: 'l', batchId: '5b0d7f9e-3a1c-4f8e-9d2a-6c4b1e7f0a93', items: [] });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path[0])).toEqual(expect.arrayContaining(['LicenseId', 'BatchId', 'Items']));
  });

  it('text PostgreSQL cannot store is refused under the wire name the caller wrote (InvalidFormat), before decoding', () => {
    const result = wireRequest(usageBatchSchema).safeParse({ LicenseId: 'l', BatchId: '5b0d7f9e-3a1c-4f8e-9d2a-6c4b1e7f0a93', Items: [{ FeatureKey: 'a\u0000', Units: 1, TimeUtc: '2026-11-24T10:00:00Z' }] });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['Items.0.FeatureKey', 'Must not contain NUL or ill-formed Unicode.']]);
  });

  it('an answer is encoded by its schema: only the fields it names, record keys (data) kept as they are', () => {
    const answer = z.object({ licenseId: z.string(), byFeature: z.record(z.string(), z.object({ usedUnits: z.number() })), seats: z.array(z.object({ seatId: z.string() })).nullable() });
    const value = { licenseId: 'l', byFeature: { renderHd: { usedUnits: 3 } }, seats: [{ seatId: 's' }], secretColumn: 'never' } as z.output<typeof answer>;
    expect(toWire(answer, value)).toEqual({ LicenseId: 'l', ByFeature: { renderHd: { UsedUnits: 3 } }, Seats: [{ SeatId: 's' }] });
    expect(decodeWireKeys(answer, encodeWireKeys(answer, value))).toEqual({ licenseId: 'l', byFeature: { renderHd: { usedUnits: 3 } }, seats: [{ seatId: 's' }] });
    expect(wireObject(answer).safeParse(toWire(answer, value)).success).toBe(true);
  });

  it('without a schema every key is renamed, both ways', () => {
    expect(camelKeys({ LicenseId: 'l', Seats: [{ SeatId: 's' }] })).toEqual({ licenseId: 'l', seats: [{ seatId: 's' }] });
    expect(pascalKeys({ licenseId: 'l', seats: [{ seatId: 's' }] })).toEqual({ LicenseId: 'l', Seats: [{ SeatId: 's' }] });
  });
});
