import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { mayDo, RoleNotice } from '@/app/components/role-notice';
import { portalMe } from '@/app/trpc-server';
import { DataExportPanel } from './data-export-panel';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Export your data' };

export default async function DataExportPage() {
  const session = await portalMe();
  if (!session) redirect('/login?callbackUrl=/portal/export');
  if (!session.seller) redirect('/portal');
  const mayExport = await mayDo('data:export');
  return (
    <div className="space-y-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">Export your data</h1>
        <p className="max-w-2xl text-slate-600">
          One ZIP of CSV files with your catalog (products, offerings with their prices, features), customers, licenses, orders and
          usage per day. It is built in the background; we e-mail you when it is ready, and the file is kept for 7 days.
        </p>
      </header>
      {mayExport ? <DataExportPanel /> : <RoleNotice needs="data:export" />}
    </div>
  );
}
