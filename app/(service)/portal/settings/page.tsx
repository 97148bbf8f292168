import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { countryChoices } from '@/app/components/countries';
import { requestLocale } from '@/app/components/request-format';
import { api, portalMe } from '@/app/trpc-server';
import { mayDo, RoleNotice } from '@/app/components/role-notice';
import { DeleteStoreForm, LogoForm, StoreProfileForm, StorefrontIdForm, TaxForm } from './settings-forms';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Store settings' };

type Props = { searchParams: Promise<{ registered?: string }> };

export default async function StoreSettingsPage({ searchParams }: Props) {
  const session = await portalMe();
  if (!session) redirect('/login?callbackUrl=/portal/settings');
  if (!session.seller) redirect('/portal');
  const [seller, payments, locale, mayChange, mayDelete] = await Promise.all([api.portal.settings(), api.catalogAdmin.paymentSetup(), requestLocale(), mayDo('store:settings'), mayDo('store:delete')]);
  const closure = mayDelete ? await api.portal.closurePreview() : null;
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
        <p className="text-slate-600">
          <Link href="/portal/export" className="text-indigo-700 underline">
            Export your data
          </Link>
          : a ZIP of your catalog, customers, licenses, orders and usage.
        </p>
      </div>

      {mayChange ? (
        <>
          <StoreProfileForm storeName={seller.storeName ?? ''} contactName={seller.contactName ?? ''} legalName={seller.legalName ?? ''} termsUrl={seller.termsUrl ?? ''} privacyUrl={seller.privacyUrl ?? ''} />
          <LogoForm hasLogo={seller.logoPath !== null} logoSrc={seller.logoPath} maxKb={seller.logoMaxBytes / 1024} />
          <StorefrontIdForm issuerClientId={seller.issuerClientId} formerIds={seller.formerIssuerClientIds} changesLeft={seller.issuerClientIdChangesLeft} />
          {/* Country names come from the server's Intl, so the browser's first render shows the very same list. */}
          <TaxForm settings={seller.tax} processor={payments.processor} countries={countryChoices(locale, seller.tax.originAddress?.country)} />
        </>
      ) : (
        <RoleNotice needs="store:settings" />
      )}
      {closure && <DeleteStoreForm facts={closure} />}
    </section>
  );
}
