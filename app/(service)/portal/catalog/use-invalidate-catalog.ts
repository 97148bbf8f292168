'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useTRPC } from '@/app/trpc-provider';

/**
 * After any catalog edit: the catalog pages are rendered on the server, so they are re-rendered
 * (router.refresh keeps what the person typed in client state); any tRPC read is refetched too.
 */
export function useInvalidateCatalog(): () => Promise<void> {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  return async () => {
    router.refresh();
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.catalogAdmin.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.catalog.pathKey() }),
    ]);
  };
}
