import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { SignedInArea } from '@/app/trpc-provider';
import { getPortalSession } from '@/app/portal-session';
import { signInReturningTo, REQUEST_PATH_HEADER } from '@/app/core';

export const dynamic = 'force-dynamic';

// Checked here, ahead of the page's loading boundary, so a signed-out visit is a real redirect
// rather than a streamed 200. A call that finds the session ended sends the buyer to sign in too.
export default async function LicensesLayout({ children }: { children: ReactNode }) {
  if (!(await getPortalSession())) redirect(signInReturningTo('/licenses', (await headers()).get(REQUEST_PATH_HEADER)));
  return <SignedInArea>{children}</SignedInArea>;
}
