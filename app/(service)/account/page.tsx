import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { SignedInArea } from '@/app/trpc-provider';
import { api, portalMe } from '@/app/trpc-server';
import { DeleteAccountForm } from './delete-account-form';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Your account', robots: { index: false, follow: false } };

const link = 'text-indigo-700 underline hover:text-indigo-600';

/** The buyer's account: the address they sign in with, and deleting the account (docs/data-rights.md). */
export default async function AccountPage() {
  const session = await portalMe();
  if (!session) redirect('/login?callbackUrl=/account');
  const preview = await api.account.erasurePreview();
  const blocked = preview.sellerMemberships.length > 0 || preview.renewingSubscriptions.length > 0;

  return (
    <SignedInArea>
      <div className="mx-auto max-w-2xl space-y-8">
        <header className="flex flex-wrap items-end justify-between gap-4 border-b border-slate-200 pb-4">
          <div className="min-w-0 space-y-1">
            <h1 className="text-3xl font-bold tracking-tight">Your account</h1>
            <p className="text-slate-600">
              You sign in with <span className="font-medium break-all" data-testid="account-email">{preview.email}</span>. Your{' '}
              <Link href="/licenses" className={link}>licenses</Link> and{' '}
              <Link href="/orders" className={link}>orders</Link> belong to it.
            </p>
          </div>
        </header>

        <section aria-labelledby="delete-account" className="space-y-4 rounded-lg border border-red-200 bg-white p-4 shadow-sm sm:p-5">
          <h2 id="delete-account" className="text-xl font-semibold">Delete my account</h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <h3 className="font-medium">Erased at once</h3>
              <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
                <li>Your e-mail address and name, everywhere: the account, your orders and claims</li>
                <li>Your billing address (only its country stays, for the tax of each sale)</li>
                <li>Sign-in codes, app sign-ins and tokens: every app and browser is signed out</li>
                <li>E-mails to you waiting to be sent, and the record of those sent</li>
                <li>The names of your computers on your licenses</li>
              </ul>
            </div>
            <div>
              <h3 className="font-medium">Kept, under a pseudonym</h3>
              <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
                <li>
                  Your {preview.licenses === 1 ? 'license' : `${preview.licenses} licenses`}, seats and license codes: apps you paid for keep running, and
                  each seller keeps its record of what it sold
                </li>
                <li>
                  Your {preview.orders === 1 ? 'order' : `${preview.orders} orders`}: amounts, tax, currency, dates and invoice numbers, which tax law
                  requires sellers to keep (in the EU, up to 10 years)
                </li>
              </ul>
            </div>
          </div>
          <p className="text-sm text-slate-700">
            This cannot be undone: you will no longer see your licenses, codes or receipts here. Copy any license code you still need first. Signing in
            with the same address later starts a new, empty account.
          </p>

          {blocked ? (
            <div role="status" className="space-y-2 rounded-md border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900" data-testid="erasure-blocked">
              {preview.sellerMemberships.length > 0 && (
                <p className="[overflow-wrap:anywhere]">
                  You are a member of {preview.sellerMemberships.join(', ')}. Leave the seller in the{' '}
                  <Link href="/portal" className="underline">
                    seller portal
                  </Link>{' '}
                  first (an Owner hands the store to another Owner), then come back.
                </p>
              )}
              {preview.renewingSubscriptions.length > 0 && (
                <p className="[overflow-wrap:anywhere]">
                  These subscriptions still renew: {preview.renewingSubscriptions.join(', ')}. Cancel them from{' '}
                  <Link href="/licenses" className="underline">
                    your licenses
                  </Link>{' '}
                  (Billing) first, so nothing is charged after your account is gone.
                </p>
              )}
            </div>
          ) : (
            <DeleteAccountForm email={preview.email} />
          )}
        </section>
      </div>
    </SignedInArea>
  );
}
