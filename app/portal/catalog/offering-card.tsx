'use client';

import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTRPC } from '@/app/trpc-provider';
import { CatalogStatus } from '@/server/catalog/catalog-enums';
import type { SellerOffering, SellerProduct } from '@/server/catalog/manage/seller-catalog.schema';
import { categoryLabel, classificationName, priceLine, statusLabel } from './catalog-labels';
import { FeaturesEditor } from './features-editor';
import { buttonSecondary, messageOf } from './form-kit';
import { OfferingForm } from './offering-form';
import { useInvalidateCatalog } from './use-invalidate-catalog';

/** Why a listed offering is still not shown to buyers (server/catalog/listed-offerings.ts). */
function hiddenReason(offering: SellerOffering, product: SellerProduct): string | null {
  if (!offering.listed) return null;
  if (offering.status !== CatalogStatus.Active) return `Listed, but hidden from buyers while its status is ${statusLabel(offering.status)}.`;
  if (product.status !== CatalogStatus.Active) return `Listed, but hidden from buyers while the product is ${statusLabel(product.status)}.`;
  return null;
}

export function OfferingCard({ offering, product }: { offering: SellerOffering; product: SellerProduct }) {
  const headingId = useId();
  const editId = useId();
  const [editing, setEditing] = useState(false);
  const hidden = hiddenReason(offering, product);
  return (
    <article aria-labelledby={headingId} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="text-lg font-semibold">
            {offering.name}
          </h3>
          {offering.description && <p className="text-sm text-slate-600">{offering.description}</p>}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <ListedSwitch offering={offering} />
          <button type="button" className={buttonSecondary} aria-expanded={editing} aria-controls={editId} onClick={() => setEditing((open) => !open)}>
            Edit offering
          </button>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-6" aria-label={`Summary of ${offering.name}`}>
        <Fact term="Status" value={statusLabel(offering.status)} />
        <Fact term="Listed" value={offering.listed ? 'Listed' : 'Not listed'} />
        <Fact term="Price" value={priceLine(offering)} />
        <Fact term="Classification" value={classificationName(offering.classification)} />
        <Fact term="Category" value={categoryLabel(offering.category)} />
        <Fact term="Seats" value={offering.seatBased ? 'Per seat' : 'Single'} />
      </dl>
      {hidden && <p className="text-sm text-amber-700">{hidden}</p>}
      <div id={editId} hidden={!editing}>
        {editing && <OfferingForm productId={product.id} productName={product.name} offering={offering} onDone={() => setEditing(false)} />}
      </div>
      <FeaturesEditor offering={offering} />
    </article>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide text-slate-500">{term}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}

/** List/unlist in one step; the storefront shows the change at once. */
function ListedSwitch({ offering }: { offering: SellerOffering }) {
  const trpc = useTRPC();
  const invalidate = useInvalidateCatalog();
  const toggle = useMutation(trpc.catalogAdmin.setOfferingListed.mutationOptions({ onSuccess: () => invalidate() }));
  const listed = toggle.isPending && toggle.variables ? toggle.variables.listed : offering.listed;
  return (
    <div className="flex flex-col items-end">
      <button
        type="button"
        role="switch"
        aria-checked={listed}
        disabled={toggle.isPending}
        onClick={() => toggle.mutate({ offeringId: offering.id, listed: !offering.listed })}
        className="inline-flex items-center gap-2 rounded-md px-2 py-1.5 text-sm font-medium hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60"
      >
        <span aria-hidden="true" className={`relative inline-block h-5 w-9 rounded-full transition ${listed ? 'bg-indigo-600' : 'bg-slate-300'}`}>
          <span className={`absolute top-0.5 h-4 w-4 rounded-full bg-white shadow transition ${listed ? 'left-4' : 'left-0.5'}`} />
        </span>
        Listed in storefront
      </button>
      {toggle.error && (
        <p role="alert" className="text-xs text-red-700">
          {messageOf(toggle.error)}
        </p>
      )}
    </div>
  );
}
