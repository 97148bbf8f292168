import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { kit } from '@/app/core';
import { api, orNotFound, portalMe } from '@/app/trpc-server';
import { mayDo, RoleNotice } from '@/app/components/role-notice';
import { requestFormat } from '@/app/components/request-format';
import { Breadcrumbs } from '../../breadcrumbs';
import { hiddenReason, platformLabel, priceLine, statusLabel } from '../../catalog-labels';
import { Disclosure } from '../../disclosure';
import { NewOfferingForm } from '../../offering-form';
import { EditProductForm } from '../../product-form';
import { ProductImages } from './product-images';
import { ProductDownloads } from './product-downloads';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Product' };

type Props = { params: Promise<{ productId: string }> };

export default async function ProductPage({ params }: Props) {
  if (!(await portalMe())?.seller) notFound();
  const { productId } = await params;
  const product = await orNotFound(api.catalogAdmin.product({ productId }));
  const [format, mayWrite, mayPrice, images, me] = await Promise.all([
    requestFormat(),
    mayDo('catalog:write'),
    mayDo('catalog:prices'),
    api.catalogAdmin.productImages({ productId }),
    portalMe(),
  ]);
  const downloads = await api.catalogAdmin.productDownloads({ productId });
  const issuerClientId = me!.seller!.issuerClientId;
  return (
    <div className="space-y-8">
      <Breadcrumbs trail={[{ href: '/portal/catalog', label: 'Catalog' }]} current={product.name} />
      <header className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">{product.name}</h1>
        <p className="text-sm text-slate-600">
          Product · {statusLabel(product.status)} · Platform: {platformLabel(product.platform)}
        </p>
      </header>

      <section aria-labelledby="offerings-heading" className="space-y-4">
        <h2 id="offerings-heading" className="text-xl font-semibold">
          Offerings
        </h2>
        {product.offerings.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
            No offerings yet.{mayPrice && ' Add one; it stays hidden from buyers until you list it.'}
          </p>
        ) : (
          <ul className="space-y-3">
            {product.offerings.map((offering) => {
              const hidden = hiddenReason(offering, product);
              return (
                <li key={offering.id} data-testid="offering-row" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                    <Link href={`/portal/catalog/offerings/${offering.id}`} className="min-w-0 text-lg font-semibold text-indigo-700 hover:underline">
                      {offering.name}
                    </Link>
                    <span className="font-medium">{priceLine(offering, format.decimalMoney)}</span>
                  </div>
                  <p className="text-sm text-slate-600">
                    {statusLabel(offering.status)} · {offering.listed ? 'Listed in storefront' : 'Not listed'}
                  </p>
                  {hidden && <p className="text-sm text-amber-800">{hidden}</p>}
                </li>
              );
            })}
          </ul>
        )}
        {mayPrice && (
          <Disclosure buttonText="New offering" title={`New offering for ${product.name}`}>
            <NewOfferingForm productId={product.id} productName={product.name} />
          </Disclosure>
        )}
        <RoleNotice needs={['catalog:write', 'catalog:prices']} />
      </section>

      <section aria-labelledby="images-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="images-heading" className="text-xl font-semibold">
          Images
        </h2>
        <ProductImages
          productId={product.id}
          images={images.map((image) => ({ ...image, src: kit.productImagePath(issuerClientId, image.id) }))}
          max={kit.PRODUCT_IMAGES_MAX}
          maxMb={kit.PRODUCT_IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024}
          mayWrite={mayWrite}
        />
      </section>

      <section aria-labelledby="downloads-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="downloads-heading" className="text-xl font-semibold">
          Downloads
        </h2>
        <ProductDownloads productId={product.id} downloads={downloads} max={kit.PRODUCT_DOWNLOADS_MAX} mayWrite={mayWrite} />
      </section>

      {mayWrite && (
        <section aria-labelledby="edit-product-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="edit-product-heading" className="text-xl font-semibold">
            Product details
          </h2>
          <EditProductForm product={product} />
        </section>
      )}
    </div>
  );
}
