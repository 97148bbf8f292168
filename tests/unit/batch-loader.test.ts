import { describe, expect, it } from 'vitest';
import { BatchLoader, MAX_BATCH_KEYS } from '@/server/platform/cache/batch-loader';

// The runtime paths' cold reads (docs/performance.md "Runtime paths": cold reads batched): keys asked for in one
// tick are read by one call, i.e. one statement.

/** A loadMany that records its calls and finds every key but those starting with "missing". */
function recordingLoader() {
  const calls: string[][] = [];
  const loader = new BatchLoader<string>(async (keys) => {
    calls.push(keys);
    return new Map(keys.filter((key) => !key.startsWith('missing')).map((key) => [key, `value of ${key}`]));
  });
  return { calls, loader };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('BatchLoader', () => {
  it('N keys asked for in one tick make one load call, and each caller gets its own key', async () => {
    const { calls, loader } = recordingLoader();
    const keys = Array.from({ length: 50 }, (_, i) => `code-${i}`);
    const values = await Promise.all([...keys, 'missing-1'].map((key) => loader.load(key)));
    expect(calls).toEqual([[...keys, 'missing-1']]);
    expect(values).toEqual([...keys.map((key) => `value of ${key}`), null]);
  });

  it('keys asked for from promise continuations of the same tick join the batch; the next turn starts another', async () => {
    const { calls, loader } = recordingLoader();
    const first = loader.load('a');
    const second = Promise.resolve().then(() => loader.load('b'));
    expect(await Promise.all([first, second])).toEqual(['value of a', 'value of b']);
    await nextTurn();
    expect(await loader.load('c')).toBe('value of c');
    expect(calls).toEqual([['a', 'b'], ['c']]);
  });

  it(`reads at most ${MAX_BATCH_KEYS} keys per call`, async () => {
    const { calls, loader } = recordingLoader();
    const keys = Array.from({ length: 2 * MAX_BATCH_KEYS + 1 }, (_, i) => `seat-${i}`);
    await Promise.all(keys.map((key) => loader.load(key)));
    expect(calls.map((call) => call.length)).toEqual([MAX_BATCH_KEYS, MAX_BATCH_KEYS, 1]);
    expect(calls.flat()).toEqual(keys);
  });

  it('a key asked for twice in one tick is read once and answers both; nothing is remembered after', async () => {
    const { calls, loader } = recordingLoader();
    expect(await Promise.all([loader.load('k'), loader.load('k')])).toEqual(['value of k', 'value of k']);
    expect(calls).toEqual([['k']]);
    await loader.load('k');
    expect(calls).toEqual([['k'], ['k']]);
  });

  it('a failed read fails every load of its batch', async () => {
    const loader = new BatchLoader<string>(async () => {
      throw new Error('database down');
    });
    const results = await Promise.allSettled([loader.load('a'), loader.load('b')]);
    expect(results.map((result) => result.status === 'rejected' && (result.reason as Error).message)).toEqual(['database down', 'database down']);
  });
});
