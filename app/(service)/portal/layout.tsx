import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { headers } from 'next/headers';
import { SignedInArea } from '@/app/trpc-provider';
import { canReadOutbox, env, signInReturningTo, REQUEST_PATH_HEADER } from '@/app/core';
import { getPortalSeller } from '@/app/portal-session';
import { PortalNav } from './portal-nav';
import { SignOutButton } from './sign-out-button';

export const dynamic = 'force-dynamic';

const SELLER_LINKS = [
  { href: '/portal/catalog', label: 'Catalog' },
  { href: '/portal/orders', label: 'Orders' },
  { href: '/portal/licenses', label: 'Licenses' },
  { href: '/portal/customers', label: 'Customers' },
  { href: '/portal/api-keys', label: 'API keys' },
  { href: '/portal/webhooks', label: 'Webhooks' },
  { href: '/portal/usage', label: 'Usage' },
  { href: '/portal/settings', label: 'Store settings' },
];

export default async function PortalLayout({ children }: { children: ReactNode }) {
  const portal = await getPortalSeller();
  // Back to the very page asked for after signing in (the proxy passes its path; a layout sees no URL).
  if (!portal) redirect(signInReturningTo('/portal', (await headers()).get(REQUEST_PATH_HEADER)));
  // A person who sells nothing sees only the overview (the welcome); seller pages answer them with it too.
  const links = [
    { href: '/portal', label: 'Overview' },
    ...(portal.seller ? SELLER_LINKS : []),
    // The dev outbox exists only without SMTP (development): no link to it anywhere else.
    ...(!env().SMTP_URL && canReadOutbox(await headers()) ? [{ href: '/dev/outbox', label: 'Dev outbox' }] : []),
  ];
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-4 border-b border-slate-200 pb-4">
        <PortalNav links={links} />
        <div className="flex min-w-0 items-center gap-3 text-sm text-slate-600">
          <span data-testid="signed-in-as" className="min-w-0 [overflow-wrap:anywhere]">
            {portal.session.email}
          </span>
          <SignOutButton />
        </div>
      </div>
      <SignedInArea>{children}</SignedInArea>
    </div>
  );
}
