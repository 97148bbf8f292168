import type { Metadata } from 'next';
import Link from 'next/link';

export const metadata: Metadata = { title: 'Account deleted', robots: { index: false, follow: false } };

/** Where the person lands once their account is erased and they are signed out: it needs no session. */
export default function AccountErasedPage() {
  return (
    <div className="mx-auto max-w-2xl space-y-4" data-testid="account-erased">
      <h1 className="text-3xl font-bold tracking-tight">Your account is deleted</h1>
      <p className="text-slate-700">
        Your e-mail address, name and billing address are erased, and you are signed out of this browser and of every app. Sellers keep the licenses
        they sold you and the figures of your orders under a pseudonym, as tax law requires; your license codes keep running the apps you paid for.
      </p>
      <p className="text-slate-700">
        Signing in with the same address starts a new, empty account. Browse the{' '}
        <Link href="/marketplace" className="text-indigo-700 underline hover:text-indigo-600">
          marketplace
        </Link>
        .
      </p>
    </div>
  );
}
