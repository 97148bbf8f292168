'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/app/trpc-provider';

/** After any catalog edit: refetch the portal's catalog and any storefront read on this page. */
export function useInvalidateCatalog(): () => Promise<void> {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.catalogAdmin.list.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.catalog.pathKey() }),
    ]);
  };
}
