import type { Metadata } from 'next';
import { portalMe } from '@/app/trpc-server';
import { mayDo, RoleNotice } from '@/app/components/role-notice';
import { SellerWelcome } from '../seller-welcome';
import { ApiKeysManager } from './api-keys-manager';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'API keys' };

// Sign-in is checked by the portal layout, membership here and again by every procedure.
export default async function ApiKeysPage() {
  const portal = await portalMe();
  if (!portal?.seller) return <SellerWelcome />;
  return (
    <div className="space-y-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">API keys</h1>
        <p className="max-w-2xl text-slate-600">
          Your backend sends an account API key in the <code className="rounded bg-slate-100 px-1">dub-apiKey</code> header
          for the embedded checkout and the management API. Keep keys on servers only: never put one in an app, a web
          page or a URL.
        </p>
      </header>
      <ApiKeysManager mayChange={await mayDo('apiKeys:write')} notice={<RoleNotice needs="apiKeys:write" />} />
    </div>
  );
}
