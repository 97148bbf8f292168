'use client';

import { useRouter } from 'next/navigation';
import { useRefetchAfterChange } from '@/app/refetch-after-change';
import { useTRPC } from '@/app/trpc-provider';

/**
 * After any catalog edit: the catalog pages are rendered on the server, so they are re-rendered
 * (router.refresh keeps what the person typed in client state); any tRPC read is refetched too.
 */
export function useInvalidateCatalog(): () => Promise<void> {
  const trpc = useTRPC();
  const refetchAfterChange = useRefetchAfterChange();
  const router = useRouter();
  return async () => {
    router.refresh();
    await refetchAfterChange(trpc.catalogAdmin.pathKey(), trpc.catalog.pathKey());
  };
}
