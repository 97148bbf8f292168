import { headers } from 'next/headers';
import Link from 'next/link';
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
  return (
    <SignedInArea>
      {children}
      <p className="mt-10 border-t border-slate-200 pt-4 text-sm text-slate-600 print:hidden">
        <Link href="/account" className="text-indigo-700 underline hover:text-indigo-600">
          Your account
        </Link>
        : the address you sign in with, and deleting your account.
      </p>
    </SignedInArea>
  );
}
