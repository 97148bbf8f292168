import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { SignedInArea } from '@/app/trpc-provider';
import { kit } from '@/app/core';
import { portalMe } from '@/app/trpc-server';
import { REQUEST_PATH_HEADER } from '@/server/entry/shared';

export const dynamic = 'force-dynamic';

// Checked here, ahead of the page's loading boundary, so a signed-out visit is a real redirect
// rather than a streamed 200. A call that finds the session ended sends the buyer to sign in too.
export default async function LicensesLayout({ children }: { children: ReactNode }) {
  if (!(await portalMe())) redirect(kit.signInReturningTo('/licenses', (await headers()).get(REQUEST_PATH_HEADER)));
  return <SignedInArea>{children}</SignedInArea>;
}
