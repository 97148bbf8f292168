import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * After a change, the reads it affects are fetched again from a request sent after the change.
 * `invalidateQueries` alone does not promise that: a read still on its first fetch (no data yet)
 * is handed the fetch already in flight, which the server may have answered before the change
 * committed, and that stale answer then stays fresh for the whole staleTime (a key created right
 * after the page opened never appeared in the list). Cancelling first drops the fetch in flight.
 */
export async function refetchAfterChange(queryClient: QueryClient, queryKeys: readonly QueryKey[]): Promise<void> {
  await Promise.all(queryKeys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  await Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** `refetchAfterChange` bound to the page's query client: the one way a page refreshes reads after a change. */
export function useRefetchAfterChange(): (...queryKeys: QueryKey[]) => Promise<void> {
  const queryClient = useQueryClient();
  return (...queryKeys) => refetchAfterChange(queryClient, queryKeys);
}
