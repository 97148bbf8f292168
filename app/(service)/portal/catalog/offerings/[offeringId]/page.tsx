import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { api, orNotFound, portalMe } from '@/app/trpc-server';
import { mayDo, RoleNotice } from '@/app/components/role-notice';
import { requestFormat } from '@/app/components/request-format';
import { Breadcrumbs } from '../../breadcrumbs';
import { categoryLabel, classificationName, hiddenReason, priceLine, statusLabel } from '../../catalog-labels';
import { FeaturesEditor } from '../../features-editor';
import { EditOfferingForm } from '../../offering-form';
import { OfferingSwitches } from '../../offering-switches';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Offering' };

type Props = { params: Promise<{ offeringId: string }> };

export default async function OfferingPage({ params }: Props) {
  if (!(await portalMe())?.seller) notFound();
  const { offeringId } = await params;
  const { offering, product } = await orNotFound(api.catalogAdmin.offering({ offeringId }));
  const hidden = hiddenReason(offering, product);
  const [format, mayWrite, mayPrice] = await Promise.all([requestFormat(), mayDo('catalog:write'), mayDo('catalog:prices')]);
  return (
    <div className="space-y-8">
      <Breadcrumbs
        trail={[
          { href: '/portal/catalog', label: 'Catalog' },
          { href: `/portal/catalog/products/${product.id}`, label: product.name },
        ]}
        current={offering.name}
      />
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{offering.name}</h1>
        <p className="text-lg font-medium" data-testid="offering-price">
          {priceLine(offering, format.decimalMoney)}
        </p>
        {offering.prices.length > 1 && (
          <p className="text-sm text-slate-700" data-testid="offering-other-prices">
            Also priced in {offering.prices.filter((price) => !price.isDefault).map((price) => format.decimalMoney(price.baseRate, price.currency)).join(' · ')}
          </p>
        )}
        <p className="text-sm text-slate-600">
          {classificationName(offering.classification)} · {categoryLabel(offering.category)} · {statusLabel(offering.status)}
        </p>
        {offering.description && <p className="max-w-2xl text-slate-700">{offering.description}</p>}
      </header>

      <section aria-labelledby="availability-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="availability-heading" className="text-xl font-semibold">
          Availability
        </h2>
        {mayWrite ? (
          <OfferingSwitches offering={offering} />
        ) : (
          <p className="text-sm text-slate-700" data-testid="offering-availability">
            {offering.listed ? 'Listed in your storefront' : 'Not listed in your storefront'} ·{' '}
            {offering.allowRepeatPurchase ? 'a buyer may buy it again while holding it' : 'one per buyer while they hold it'}
          </p>
        )}
        {hidden && <p className="text-sm text-amber-800">{hidden}</p>}
      </section>

      <FeaturesEditor offering={offering} mayChange={mayWrite} />

      {mayPrice ? (
        <section aria-labelledby="edit-offering-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="edit-offering-heading" className="text-xl font-semibold">
            Offering details
          </h2>
          <EditOfferingForm offering={offering} />
        </section>
      ) : (
        <RoleNotice needs={['catalog:write', 'catalog:prices']} />
      )}
    </div>
  );
}
