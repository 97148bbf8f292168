import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { headers } from 'next/headers';
import { SignedInArea } from '@/app/trpc-provider';
import { kit } from '@/app/core';
import { api, portalMe } from '@/app/trpc-server';
import { REQUEST_PATH_HEADER } from '@/server/entry/shared';
import type { MemberPermission } from '@licensing/core';
import { PortalNav } from './portal-nav';

export const dynamic = 'force-dynamic';

// A link shows to the members whose role holds its `needs` (every role reads the rest).
const SELLER_LINKS: { href: string; label: string; needs?: MemberPermission }[] = [
  { href: '/portal/catalog', label: 'Catalog' },
  { href: '/portal/orders', label: 'Orders' },
  { href: '/portal/licenses', label: 'Licenses' },
  { href: '/portal/customers', label: 'Customers' },
  { href: '/portal/discounts', label: 'Discounts' },
  { href: '/portal/api-keys', label: 'API keys' },
  { href: '/portal/webhooks', label: 'Webhooks' },
  { href: '/portal/usage', label: 'Usage' },
  { href: '/portal/settings', label: 'Store settings' },
  { href: '/portal/team', label: 'Team' },
  { href: '/portal/audit', label: 'Audit log', needs: 'audit:read' },
];

export default async function PortalLayout({ children }: { children: ReactNode }) {
  const [portal, outbox] = await Promise.all([portalMe(), api.devOutbox.access()]);
  // Back to the very page asked for after signing in (the proxy passes its path; a layout sees no URL).
  if (!portal) redirect(kit.signInReturningTo('/portal', (await headers()).get(REQUEST_PATH_HEADER)));
  // A person who sells nothing sees only the overview (the welcome); seller pages answer them with it too.
  const links = [
    { href: '/portal', label: 'Overview' },
    ...(portal.seller ? SELLER_LINKS.filter((link) => !link.needs || portal.permissions.includes(link.needs)) : []),
    // The dev outbox exists only without SMTP (development): no link to it anywhere else.
    ...(!outbox.delivers && outbox.readable ? [{ href: '/dev/outbox', label: 'Dev outbox' }] : []),
  ];
  return (
    <div className="space-y-8">
      {/* Who is signed in, the sessions and Sign out are in the header's account menu. */}
      <div className="border-b border-slate-200 pb-4">
        <PortalNav links={links} />
      </div>
      <SignedInArea>{children}</SignedInArea>
    </div>
  );
}
