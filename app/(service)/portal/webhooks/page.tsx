import type { Metadata } from 'next';
import { portalMe } from '@/app/trpc-server';
import { mayDo, RoleNotice } from '@/app/components/role-notice';
import { ToastProvider } from '@/app/components/toast';
import { SellerWelcome } from '../seller-welcome';
import { WebhooksManager } from './webhooks-manager';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Webhooks' };

// Sign-in is checked by the portal layout, membership here and again by every procedure.
export default async function WebhooksPage() {
  const portal = await portalMe();
  if (!portal?.seller) return <SellerWelcome />;
  return (
    <div className="space-y-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">Webhooks</h1>
        <p className="max-w-2xl text-slate-600">
          Your backend hears of sales, license changes, seats and codes as they happen: each event is sent to your endpoints,
          signed with the endpoint’s secret (Standard Webhooks), and retried for three days until your endpoint answers 2xx.
          Backends that cannot receive webhooks read the same events from <code className="rounded bg-slate-100 px-1">GET /licensing-mgmt/events</code>.
        </p>
      </header>
      <ToastProvider>
        <WebhooksManager mayChange={await mayDo('webhooks:write')} notice={<RoleNotice needs="webhooks:write" />} />
      </ToastProvider>
    </div>
  );
}
