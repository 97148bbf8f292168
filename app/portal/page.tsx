import type { Metadata } from 'next';
import Link from 'next/link';
import { db } from '@/server/db';
import { getPortalSession } from '@/server/portal/session';
import { findSellerMemberships } from '@/server/sellers/find-seller-memberships';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Seller portal' };

export default async function PortalHome() {
  const session = (await getPortalSession())!;
  const memberships = await findSellerMemberships({ db: db() }, session.accountId);
  const seller = memberships[0]?.seller;
  if (!seller) {
    return (
      <section className="space-y-3">
        <h1 className="text-2xl font-semibold">Welcome</h1>
        <p className="text-slate-600">You are signed in, but you do not sell anything yet.</p>
        <Link href="/register" className="inline-block rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-500">
          Register as a seller
        </Link>
      </section>
    );
  }
  return (
    <section className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">{seller.contactName || seller.legalName || seller.issuerClientId}</h1>
        <p className="text-slate-600">{seller.legalName}</p>
      </div>
      <dl className="grid gap-4 sm:grid-cols-3">
        <div className="rounded-lg border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-500">Issuer client id (embed it in your app)</dt>
          <dd className="mt-1 font-mono text-lg" data-testid="issuer-client-id">
            {seller.issuerClientId}
          </dd>
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-500">Paid checkout</dt>
          <dd className="mt-1 text-lg">{seller.checkoutReady ? 'Ready' : 'Not enabled yet (see Catalog)'}</dd>
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-500">Storefront</dt>
          <dd className="mt-1">
            <Link className="text-indigo-700 underline" href={`/marketplace/${seller.issuerClientId}`}>
              /marketplace/{seller.issuerClientId}
            </Link>
          </dd>
        </div>
      </dl>
      <ul className="flex flex-wrap gap-3">
        <li>
          <Link href="/portal/catalog" className="inline-block rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-500">
            Manage the catalog
          </Link>
        </li>
        <li>
          <Link href="/portal/api-keys" className="inline-block rounded-md border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-100">
            API keys
          </Link>
        </li>
      </ul>
    </section>
  );
}
