'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useId, useRef, useState } from 'react';

/**
 * The portal's menu: a row of links from md up; on a phone one "Menu" button that opens them as a
 * panel (a drawer under the button), closed again by a link, Escape or the button, with focus back
 * on the button. The page under it never moves sideways.
 */
export function PortalNav({ links }: { links: { href: string; label: string }[] }) {
  const pathname = usePathname();
  // The page the menu was opened on: it is open there only, so moving to another page closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  const current = (href: string) => (href === '/portal' ? pathname === href : pathname === href || pathname.startsWith(`${href}/`));
  return (
    <div
      className="w-full md:w-auto"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
        className="flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 md:hidden"
      >
        <span aria-hidden="true">{open ? '✕' : '☰'}</span> Menu
      </button>
      <nav
        id={menuId}
        aria-label="Portal"
        className={`${open ? 'mt-2 flex flex-col rounded-lg border border-slate-200 bg-white p-2 shadow-sm' : 'hidden'} md:mt-0 md:flex md:flex-row md:flex-wrap md:gap-x-4 md:gap-y-2 md:border-0 md:bg-transparent md:p-0 md:shadow-none`}
      >
        {links.map((link) => (
          <Link
            key={link.href}
            href={link.href}
            aria-current={current(link.href) ? 'page' : undefined}
            onClick={() => setOpen(false)}
            className="rounded-md px-2 py-2 font-medium text-slate-700 hover:text-indigo-700 aria-[current=page]:text-indigo-700 md:px-0 md:py-0"
          >
            {link.label}
          </Link>
        ))}
      </nav>
    </div>
  );
}
