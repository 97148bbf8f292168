'use client';

import Link from 'next/link';
import { useEffect, useRef } from 'react';
import { accountPlaces } from './account-places';
import { signOutTo } from './sign-out';

/**
 * Who is signed in, on every page of the service: the address (shortened on a phone) opens a menu
 * of the account's places and Sign out. A disclosure (details/summary), so it opens without a
 * script; with one, a click elsewhere or Escape closes it.
 */
export function AccountMenu({ email, isSeller }: { email: string; isSeller: boolean }) {
  const menu = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const close = (event: Event) => {
      const details = menu.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !details.contains(event.target as Node)) {
        details.open = false;
        if (event instanceof KeyboardEvent) details.querySelector('summary')?.focus();
      }
    };
    document.addEventListener('click', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', close);
    };
  }, []);
  const item = 'block rounded px-3 py-2 text-slate-700 hover:bg-slate-100 hover:text-slate-900';
  return (
    // On a phone the menu starts its own line, so its panel opens rightwards on screen.
    <details ref={menu} className="relative w-full sm:w-auto" data-testid="account-menu">
      <summary
        className="flex w-fit max-w-full cursor-pointer list-none items-center gap-1 rounded-md border border-slate-300 px-2 py-1 text-slate-700 hover:bg-slate-100 sm:max-w-[16rem] [&::-webkit-details-marker]:hidden"
      >
        <span className="sr-only">Account menu, signed in as </span>
        <span data-testid="signed-in-as" className="truncate">
          {email}
        </span>
        <span aria-hidden="true">▾</span>
      </summary>
      <div className="absolute left-0 z-20 mt-1 w-60 sm:right-0 sm:left-auto max-w-[calc(100vw-2rem)] rounded-md border border-slate-200 bg-white p-1 text-sm shadow-lg">
        <p className="px-3 py-2 text-xs text-slate-600 [overflow-wrap:anywhere]">Signed in as {email}</p>
        {accountPlaces(isSeller).map((place) => (
          <Link key={place.href} href={place.href} className={item}>
            {place.label}
          </Link>
        ))}
        <button type="button" onClick={() => signOutTo('/login')} className={`${item} w-full text-left`}>
          Sign out
        </button>
      </div>
    </details>
  );
}
