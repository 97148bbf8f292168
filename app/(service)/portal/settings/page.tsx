import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { db, findSellerMemberships, LOGO_MAX_BYTES, logoPathOf, MAX_FORMER_ISSUER_CLIENT_IDS } from '@/app/core';
import { getPortalSession } from '@/app/portal-session';
import { LogoForm, StoreProfileForm, StorefrontIdForm } from './settings-forms';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Store settings' };

type Props = { searchParams: Promise<{ registered?: string }> };

export default async function StoreSettingsPage({ searchParams }: Props) {
  const session = await getPortalSession();
  if (!session) redirect('/login?callbackUrl=/portal/settings');
  const ctx = { db: db() };
  const [membership] = await findSellerMemberships(ctx, session.accountId);
  if (!membership) redirect('/portal');
  const seller = membership.seller;
  const [logo, formerIds] = await Promise.all([
    ctx.db.sellerLogo.findUnique({ where: { sellerId: seller.id }, select: { updatedAt: true } }),
    ctx.db.sellerFormerId.findMany({ where: { sellerId: seller.id }, orderBy: { createdAt: 'desc' }, select: { issuerClientId: true } }),
  ]);
  const { registered } = await searchParams;

  return (
    <section className="space-y-8" aria-labelledby="settings-title">
      <div className="space-y-2">
        <h1 id="settings-title" className="text-2xl font-semibold">
          Store settings
        </h1>
        {registered === '1' && (
          <p role="status" className="rounded-md border border-indigo-200 bg-indigo-50 p-3 text-sm text-indigo-900" data-testid="registered-notice">
            {!session.registeredBefore
              ? 'Your seller account is ready. Give your store a name and a logo; buyers see them on your storefront and receipts.'
              : 'You already had a seller account, so registering again changed nothing. Edit your store’s details here.'}
          </p>
        )}
        <p className="text-slate-600">
          Your storefront:{' '}
          <Link href={`/marketplace/${seller.issuerClientId}`} className="text-indigo-700 underline [overflow-wrap:anywhere]">
            /marketplace/{seller.issuerClientId}
          </Link>
        </p>
      </div>

      <StoreProfileForm storeName={seller.storeName ?? ''} contactName={seller.contactName ?? ''} legalName={seller.legalName ?? ''} />
      <LogoForm hasLogo={logo !== null} logoSrc={logoPathOf(seller.issuerClientId, logo)} maxKb={LOGO_MAX_BYTES / 1024} />
      <StorefrontIdForm issuerClientId={seller.issuerClientId} formerIds={formerIds.map((former) => former.issuerClientId)} changesLeft={MAX_FORMER_ISSUER_CLIENT_IDS - formerIds.length} />
    </section>
  );
}
