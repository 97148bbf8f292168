import { describe, expect, it } from 'vitest';
import { requestIdSchema } from '@/sdk/src/contract/fields';
import { usageBatchSchema } from '@/server/runtime/runtime.schema';

const item = { featureKey: 'render', units: 1, timeUtc: '2026-11-24T10:00:00Z' };

describe('GUID keys name the field they refuse', () => {
  it('a bad BatchId is refused as BatchId, not RequestId', () => {
    for (const batchId of ['not-a-guid', '00000000-0000-0000-0000-000000000000']) {
      const result = usageBatchSchema.safeParse({ licenseId: 'l', batchId, items: [item] });
      expect(result.success).toBe(false);
      const messages = result.error!.issues.map((issue) => issue.message);
      expect(messages.join(' ')).toMatch(/^BatchId must/);
      expect(messages.join(' ')).not.toContain('RequestId');
    }
  });

  it('RequestId refuses the empty GUID with its own message and lower-cases a GUID', () => {
    expect(requestIdSchema.safeParse('00000000-0000-0000-0000-000000000000').error?.issues[0]?.message).toBe('RequestId must not be the empty GUID.');
    expect(requestIdSchema.safeParse('nope').error?.issues[0]?.message).toBe('RequestId must be a GUID.');
    expect(requestIdSchema.parse('0F5E2C1A-9B8D-4C7E-A1B2-3C4D5E6F7A8B')).toBe('0f5e2c1a-9b8d-4c7e-a1b2-3c4d5e6f7a8b');
  });
});
