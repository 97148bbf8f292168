import type { Metadata } from 'next';
import Link from 'next/link';
import { api, portalMe } from '@/app/trpc-server';
import { mayDo, RoleNotice } from '@/app/components/role-notice';
import { preferredCurrency } from '@/server/entry/shared';
import { Breadcrumbs } from '../breadcrumbs';
import { NotASeller } from '../not-a-seller';
import { SellAppForm } from '../sell-app-form';
import { CheckoutReadinessPanel } from '../checkout-readiness-panel';
import { requestLocale } from '@/app/components/request-format';

/** ISO 4217's currencies as this runtime knows them, each with its name in the reader's language (computed here, so server and browser render one list). */
function currencyOptions(locale: string): { value: string; label: string }[] {
  const names = new Intl.DisplayNames([locale], { type: 'currency' });
  return Intl.supportedValuesOf('currency').map((code) => ({ value: code.toLowerCase(), label: `${code} · ${names.of(code) ?? code}` }));
}

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Sell an app' };

/** The common case in one step: one app, one price, its features (the detailed pages do the rest). */
export default async function SellAppPage() {
  if (!(await portalMe())?.seller) return <NotASeller />;
  if (!(await mayDo('catalog:prices'))) return <RoleNotice needs="catalog:prices" page="Sell an app" back={{ href: '/portal/catalog', label: 'Back to the catalog' }} />;
  const [catalog, locale, maySettle] = await Promise.all([api.catalogAdmin.list(), requestLocale(), mayDo('store:settings')]);
  return (
    <div className="space-y-6">
      <Breadcrumbs trail={[{ href: '/portal/catalog', label: 'Catalog' }]} current="Sell an app" />
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">Sell an app</h1>
        <p className="max-w-2xl text-slate-600">
          Name the app, set its price and list what buyers get: the product, its offering and its features are created together. For several prices of one
          app or the finer settings, use the{' '}
          <Link href="/portal/catalog" className="text-indigo-700 underline">
            detailed catalog pages
          </Link>
          .
        </p>
      </header>
      {/* A paid app is bought only once the store takes payments: say so here, and let the seller turn them on in the same flow. */}
      {!catalog.isCheckoutReady && <CheckoutReadinessPanel isCheckoutReady={false} mayChange={maySettle} />}
      <SellAppForm currency={preferredCurrency(catalog)} currencies={currencyOptions(locale)} isCheckoutReady={catalog.isCheckoutReady} />
    </div>
  );
}
