import type { Metadata } from 'next';
import Link from 'next/link';
import { api, portalMe } from '@/app/trpc-server';
import { mayDo, RoleNotice } from '@/app/components/role-notice';
import { offeringCounts, platformLabel, statusLabel } from './catalog-labels';
import { CheckoutReadinessPanel } from './checkout-readiness-panel';
import { Disclosure } from './disclosure';
import { buttonPrimary } from './form-kit';
import { NotASeller } from './not-a-seller';
import { NewProductForm } from './product-form';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Catalog' };

// Sign-in is checked by the portal layout; the seller scope by every service and procedure.
export default async function CatalogPage() {
  if (!(await portalMe())?.seller) return <NotASeller />;
  const [{ products, isCheckoutReady, issuerClientId }, mayWrite, mayPrice, maySettle] = await Promise.all([
    api.catalogAdmin.list(),
    mayDo('catalog:write'),
    mayDo('catalog:prices'),
    mayDo('store:settings'),
  ]);
  return (
    <div className="space-y-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">Catalog</h1>
        <p className="max-w-2xl text-slate-600">
          Your products and the offerings buyers can get. Only listed, active offerings of active products are shown on{' '}
          <Link className="text-indigo-700 underline" href={`/marketplace/${issuerClientId}`}>
            your storefront
          </Link>{' '}
          and through the purchase API.
        </p>
      </header>

      {mayPrice && (
        <section aria-labelledby="sell-app-heading" className="flex flex-wrap items-center justify-between gap-4 rounded-lg border border-indigo-200 bg-indigo-50 p-5">
          <div className="min-w-0 space-y-1">
            <h2 id="sell-app-heading" className="text-lg font-semibold">
              Sell an app in one step
            </h2>
            <p className="text-sm text-slate-700">One app, one price, its features with their allowances: the product, its offering and its features, created together.</p>
          </div>
          <Link href="/portal/catalog/new" className={buttonPrimary}>
            Sell an app
          </Link>
        </section>
      )}

      <RoleNotice needs={['catalog:write', 'catalog:prices', 'store:settings']} />

      <CheckoutReadinessPanel isCheckoutReady={isCheckoutReady} mayChange={maySettle} />

      <section aria-labelledby="products-heading" className="space-y-4">
        <h2 id="products-heading" className="text-xl font-semibold">
          Products
        </h2>
        {products.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
            You have no products yet.
            {mayPrice && (
              <>
                {' '}
                <Link href="/portal/catalog/new" className="font-medium text-indigo-700 underline">
                  Sell your first app
                </Link>{' '}
                in one step, or add a product below, then its offerings.
              </>
            )}
          </p>
        ) : (
          <ul className="space-y-3">
            {products.map((product) => (
              <li key={product.id} data-testid="product-row" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <Link href={`/portal/catalog/products/${product.id}`} className="min-w-0 text-lg font-semibold text-indigo-700 hover:underline">
                    {product.name}
                  </Link>
                  <span className="text-sm text-slate-600">{offeringCounts(product.offerings)}</span>
                </div>
                <p className="text-sm text-slate-600">
                  {statusLabel(product.status)} · Platform: {platformLabel(product.platform)}
                </p>
              </li>
            ))}
          </ul>
        )}
        {mayWrite && (
          <Disclosure buttonText="New product" title="New product">
            <NewProductForm />
          </Disclosure>
        )}
      </section>
    </div>
  );
}
