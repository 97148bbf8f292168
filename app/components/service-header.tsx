import Link from 'next/link';
import { portalMe } from '@/app/trpc-server';
import { AccountMenu } from './account-menu';
import { accountPlaces } from './account-places';

const link = 'whitespace-nowrap text-slate-600 hover:text-slate-900';

/** The service's own header: on its pages, never on a seller's storefront or hosted checkout. Who is signed in, with their account's menu. */
export async function ServiceHeader() {
  const me = await portalMe();
  return (
    <header className="border-b border-slate-200 bg-white print:hidden">
      <nav className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-5 gap-y-2 px-4 py-4 sm:px-6" aria-label="Main">
        <Link href="/" className="text-lg font-semibold tracking-tight">
          Licensing service
        </Link>
        <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
          <Link href="/marketplace" className={link}>
            Marketplace
          </Link>
          {me ? (
            <>
              {accountPlaces(me.seller !== null)
                .filter((place) => place.inHeader)
                .map((place) => (
                  <Link key={place.href} href={place.href} className={link}>
                    {place.label}
                  </Link>
                ))}
              <AccountMenu email={me.email} isSeller={me.seller !== null} />
            </>
          ) : (
            <>
              <Link href="/register" className={link}>
                Sell your software
              </Link>
              <Link href="/login" className={`${link} font-medium text-indigo-700`}>
                Sign in
              </Link>
            </>
          )}
        </div>
      </nav>
    </header>
  );
}
