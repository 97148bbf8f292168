'use client';

import Link from 'next/link';
import { signOutTo } from '@/app/components/sign-out';

/** The buyer's side of the storefront header: who is signed in, their licenses and orders, or a way to sign in. */
export function StorefrontAccount({ email, storefrontPath }: { email: string | null; storefrontPath: string }) {
  if (!email) {
    return (
      <Link href={`/login?callbackUrl=${encodeURIComponent(storefrontPath)}`} className="text-sm font-medium text-indigo-700 underline hover:text-indigo-900">
        Sign in
      </Link>
    );
  }
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-1 text-sm">
      <span className="min-w-0 text-slate-600 [overflow-wrap:anywhere]" data-testid="storefront-signed-in-as">
        Signed in as {email}
      </span>
      <Link href="/licenses" className="text-slate-700 underline hover:text-slate-900">
        Your licenses
      </Link>
      <Link href="/orders" className="text-slate-700 underline hover:text-slate-900">
        Orders
      </Link>
      <button type="button" onClick={() => signOutTo(storefrontPath)} className="text-slate-700 underline hover:text-slate-900">
        Sign out
      </button>
    </div>
  );
}
