import Link from 'next/link';
import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { headers } from 'next/headers';
import { canReadOutbox } from '@/server/mail/outbox-access';
import { getPortalSession } from '@/server/portal/session';
import { SignOutButton } from './sign-out-button';

export const dynamic = 'force-dynamic';

export default async function PortalLayout({ children }: { children: ReactNode }) {
  const session = await getPortalSession();
  if (!session) redirect('/login?callbackUrl=/portal');
  const links = [
    { href: '/portal', label: 'Overview' },
    { href: '/portal/catalog', label: 'Catalog' },
    { href: '/portal/licenses', label: 'Licenses' },
    { href: '/portal/customers', label: 'Customers' },
    { href: '/portal/api-keys', label: 'API keys' },
    { href: '/portal/usage', label: 'Usage' },
    ...(canReadOutbox(await headers()) ? [{ href: '/dev/outbox', label: 'Dev outbox' }] : []),
  ];
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-4 border-b border-slate-200 pb-4">
        <nav aria-label="Portal" className="flex flex-wrap gap-4">
          {links.map((link) => (
            <Link key={link.href} href={link.href} className="font-medium text-slate-700 hover:text-indigo-700">
              {link.label}
            </Link>
          ))}
        </nav>
        <div className="flex items-center gap-3 text-sm text-slate-600">
          <span data-testid="signed-in-as">{session.email}</span>
          <SignOutButton />
        </div>
      </div>
      {children}
    </div>
  );
}
