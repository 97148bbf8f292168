import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { getPortalSession } from '@/server/portal/session';

export const dynamic = 'force-dynamic';

// Checked here, ahead of the page's loading boundary, so a signed-out visit is a real redirect
// rather than a streamed 200.
export default async function LicensesLayout({ children }: { children: ReactNode }) {
  if (!(await getPortalSession())) redirect('/login?callbackUrl=/licenses');
  return children;
}
