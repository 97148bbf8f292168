import type { Metadata } from 'next';
import { RoleNotice } from '@/app/components/role-notice';
import { portalMe } from '@/app/trpc-server';
import { SellerWelcome } from '../seller-welcome';
import { TeamManager } from './team-manager';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Team' };

// Sign-in is checked by the portal layout, membership here, and each control's permission again by its procedure.
export default async function TeamPage() {
  const portal = await portalMe();
  if (!portal?.seller || !portal.role) return <SellerWelcome />;
  return (
    <div className="space-y-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">Team</h1>
        <p className="max-w-2xl text-slate-600">
          The people who work in {portal.seller.displayName}’s portal and the role each has. Invite someone by e-mail: the link works for 7 days, and
          they sign in with that address to accept.
        </p>
      </header>
      <RoleNotice needs="members:write" />
      <TeamManager role={portal.role} mayWrite={portal.permissions.includes('members:write')} mayTransfer={portal.permissions.includes('ownership')} />
    </div>
  );
}
