import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { api } from '@/app/trpc-server';

export const dynamic = 'force-dynamic';

// The outbox shows live sign-in codes and claim links: it exists only where the operator enabled it
// (DEV_OUTBOX, server/mail/outbox-access.ts). Checked here, ahead of the page's loading boundary,
// so a refused visit is a real 404 rather than a streamed 200.
export default async function DevOutboxLayout({ children }: { children: ReactNode }) {
  if (!(await api.devOutbox.access()).readable) notFound();
  return children;
}
