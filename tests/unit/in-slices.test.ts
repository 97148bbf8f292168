import { describe, expect, it } from 'vitest';
import { WRITE_SLICE_ROWS, writeInSlices } from '@/server/platform/database/in-slices';

// Large createMany statements go to Prisma in slices (its query compiler's memory grows with the
// rows of one statement and never shrinks): every row is written once, in order, no slice is
// larger than the limit, and nothing is written for no rows.

describe('writeInSlices', () => {
  it('writes every row once, in order, in slices of at most WRITE_SLICE_ROWS, and returns what each slice wrote', async () => {
    const rows = Array.from({ length: WRITE_SLICE_ROWS * 2 + 17 }, (_, index) => index);
    const sizes: number[] = [];
    const written = await writeInSlices(rows, async (slice) => {
      sizes.push(slice.length);
      return slice.map((row) => `written ${row}`);
    });
    expect(sizes).toEqual([WRITE_SLICE_ROWS, WRITE_SLICE_ROWS, 17]);
    expect(written).toEqual(rows.map((row) => `written ${row}`));
  });

  it('makes no statement for no rows', async () => {
    let calls = 0;
    expect(await writeInSlices([], async () => [calls++])).toEqual([]);
    expect(calls).toBe(0);
  });

  it('stops at the first slice that fails, so the caller’s transaction rolls back the ones before it', async () => {
    const attempted: number[] = [];
    await expect(
      writeInSlices([1, 2, 3, 4, 5], async (slice) => {
        attempted.push(...slice);
        if (slice.includes(3)) throw new Error('refused');
        return slice;
      }, 2),
    ).rejects.toThrow('refused');
    expect(attempted).toEqual([1, 2, 3, 4]);
  });
});
