import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { refetchAfterChange } from '@/app/refetch-after-change';

// The portal's pages refresh a list after a change (a key created, an endpoint removed) through
// refetchAfterChange. The list must come from a read sent after the change, even when the page's
// first read of that list is still in flight: that first answer may predate the change.

const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
afterEach(() => queryClient.clear());

/** A list whose reads the test answers by hand, each with the rows the server held when it read. */
function watchedList() {
  const rows: string[] = [];
  const pending: Array<() => void> = [];
  const observer = new QueryObserver(queryClient, {
    queryKey: ['keys'],
    queryFn: () => {
      const seen = [...rows]; // what the server read when this request reached it
      return new Promise<string[]>((resolve) => pending.push(() => resolve(seen)));
    },
  });
  const unsubscribe = observer.subscribe(() => {});
  return { rows, pending, observer, unsubscribe };
}

describe('refetchAfterChange', () => {
  it('a change made while the first read is in flight is in the list afterwards', async () => {
    const list = watchedList();
    expect(list.pending).toHaveLength(1); // the page's first read, sent before the change
    list.rows.push('backend'); // the change commits

    const refreshed = refetchAfterChange(queryClient, [['keys']]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (const answer of list.pending.splice(0)) answer();
    await refreshed;
    for (const answer of list.pending.splice(0)) answer();
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(list.observer.getCurrentResult().data).toEqual(['backend']);
    list.unsubscribe();
  });

  it('a list already shown is read again after the change', async () => {
    const list = watchedList();
    list.pending.splice(0).forEach((answer) => answer());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(list.observer.getCurrentResult().data).toEqual([]);
    list.rows.push('backend');

    const refreshed = refetchAfterChange(queryClient, [['keys']]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    list.pending.splice(0).forEach((answer) => answer());
    await refreshed;

    expect(list.observer.getCurrentResult().data).toEqual(['backend']);
    list.unsubscribe();
  });
});
