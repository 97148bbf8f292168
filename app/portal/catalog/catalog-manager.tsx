'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useId, useState } from 'react';
import { useTRPC } from '@/app/trpc-provider';
import type { SellerProduct } from '@/server/catalog/manage/seller-catalog.schema';
import { platformLabel, statusLabel } from './catalog-labels';
import { CheckoutReadinessPanel } from './checkout-readiness-panel';
import { apiCodeOf, buttonSecondary, messageOf } from './form-kit';
import { OfferingCard } from './offering-card';
import { OfferingForm } from './offering-form';
import { ProductForm } from './product-form';

export function CatalogManager() {
  const trpc = useTRPC();
  const catalog = useQuery(trpc.catalogAdmin.list.queryOptions());
  const newProductHeading = useId();

  if (catalog.isPending) {
    return (
      <div role="status" aria-live="polite" className="space-y-3">
        <p className="text-slate-600">Loading your catalog…</p>
        <div className="h-24 animate-pulse rounded-lg bg-slate-200" aria-hidden="true" />
        <div className="h-48 animate-pulse rounded-lg bg-slate-200" aria-hidden="true" />
      </div>
    );
  }

  if (catalog.isError) {
    const notASeller = apiCodeOf(catalog.error) === 'NotFound';
    return (
      <div role="alert" className="space-y-3 rounded-lg border border-red-200 bg-red-50 p-5">
        <h2 className="text-lg font-semibold text-red-800">Your catalog could not be loaded.</h2>
        <p className="text-sm text-red-700">{messageOf(catalog.error)}</p>
        {notASeller ? (
          <Link href="/register" className="inline-block rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500">
            Register as a seller
          </Link>
        ) : (
          <button type="button" className={buttonSecondary} onClick={() => void catalog.refetch()}>
            Try again
          </button>
        )}
      </div>
    );
  }

  const { products, isCheckoutReady, issuerClientId } = catalog.data;
  return (
    <div className="space-y-10">
      <p className="text-sm text-slate-600">
        Buyers see your listed offerings on{' '}
        <Link className="text-indigo-700 underline" href={`/marketplace/${issuerClientId}`}>
          your storefront
        </Link>{' '}
        and through the purchase API at once.
      </p>

      <CheckoutReadinessPanel isCheckoutReady={isCheckoutReady} />

      <section aria-labelledby={newProductHeading} className="space-y-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id={newProductHeading} className="text-lg font-semibold">
          New product
        </h2>
        <ProductForm />
      </section>

      {products.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
          You have no products yet. Add your first product above, then add offerings to it.
        </p>
      ) : (
        products.map((product) => <ProductSection key={product.id} product={product} />)
      )}
    </div>
  );
}

function ProductSection({ product }: { product: SellerProduct }) {
  const headingId = useId();
  const editId = useId();
  const newOfferingHeading = useId();
  const [editing, setEditing] = useState(false);
  return (
    <section aria-labelledby={headingId} className="space-y-4" data-testid="product">
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 pb-2">
        <div>
          <h2 id={headingId} className="text-2xl font-semibold">
            {product.name}
          </h2>
          <p className="text-sm text-slate-600">
            {statusLabel(product.status)} · Platform: {platformLabel(product.platform)}
            {product.description && ` · ${product.description}`}
          </p>
        </div>
        <button type="button" className={buttonSecondary} aria-expanded={editing} aria-controls={editId} onClick={() => setEditing((open) => !open)}>
          Edit product
        </button>
      </div>
      <div id={editId} hidden={!editing} className="rounded-lg border border-slate-200 bg-white p-4">
        {editing && <ProductForm product={product} onDone={() => setEditing(false)} />}
      </div>

      {product.offerings.length === 0 ? (
        <p className="text-sm text-slate-600">No offerings yet. Add one below; it stays hidden from buyers until you list it.</p>
      ) : (
        <ul className="space-y-4" aria-label={`Offerings of ${product.name}`}>
          {product.offerings.map((offering) => (
            <li key={offering.id}>
              <OfferingCard offering={offering} product={product} />
            </li>
          ))}
        </ul>
      )}

      <section aria-labelledby={newOfferingHeading} className="space-y-3 rounded-lg border border-dashed border-slate-300 bg-white p-4">
        <h3 id={newOfferingHeading} className="font-semibold">
          New offering for {product.name}
        </h3>
        <OfferingForm productId={product.id} productName={product.name} />
      </section>
    </section>
  );
}
