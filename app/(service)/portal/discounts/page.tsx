import type { Metadata } from 'next';
import { portalMe } from '@/app/trpc-server';
import { mayDo, RoleNotice } from '@/app/components/role-notice';
import { ToastProvider } from '@/app/components/toast';
import { SellerWelcome } from '../seller-welcome';
import { DiscountsManager } from './discounts-manager';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Discounts' };

// Sign-in is checked by the portal layout, membership here and again by every procedure.
export default async function DiscountsPage() {
  const portal = await portalMe();
  if (!portal?.seller) return <SellerWelcome />;
  return (
    <div className="space-y-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">Discounts</h1>
        <p className="max-w-2xl text-slate-600">
          Codes your buyers type at checkout: a percentage or a fixed amount per currency off the first payment, every payment of a subscription or its first
          months, until an expiry or a number of redemptions, on every offering or some. Your backend manages the same codes with{' '}
          <code className="rounded bg-slate-100 px-1">/licensing-mgmt/discounts</code>.
        </p>
      </header>
      <ToastProvider>
        <DiscountsManager mayChange={await mayDo('discounts:write')} notice={<RoleNotice needs="discounts:write" />} />
      </ToastProvider>
    </div>
  );
}
