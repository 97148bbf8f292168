'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { useToast } from '@/app/components/toast';
import { useTRPC } from '@/app/trpc-provider';
import { CatalogStatus, Platform, createProductSchema, updateProductSchema, type UpdateProductInput, type SellerProduct } from '@/server/entry/shared';
import { PLATFORM_OPTIONS, STATUS_OPTIONS } from './catalog-labels';
import { ConfirmStep } from './confirm-action';
import { FormErrors, SelectField, TextAreaField, TextField, buttonPrimary, showServerRefusal, submitHandler, useSchemaForm } from './form-kit';
import { useInvalidateCatalog } from './use-invalidate-catalog';

const LABELS = { name: 'Product name', description: 'Product description', status: 'Product status', platform: 'Platform' };
const STATUS_HINT = 'Offerings of a draft or archived product are never shown to buyers.';

/** Adds a product, then opens its page to add offerings. */
export function NewProductForm() {
  const trpc = useTRPC();
  const router = useRouter();
  const toast = useToast();
  const idPrefix = `new-product-${useId()}`;
  const form = useSchemaForm(createProductSchema, { name: '', description: '', status: CatalogStatus.Active, platform: Platform.Any });
  const create = useMutation(
    trpc.catalogAdmin.createProduct.mutationOptions({
      onSuccess: (product) => {
        toast(`Product “${product.name}” added. Add its first offering.`);
        router.push(`/portal/catalog/products/${product.id}`);
      },
      onError: (error) => showServerRefusal(form, error, LABELS),
    }),
  );
  const pending = create.isPending || create.isSuccess;
  return (
    <form onSubmit={submitHandler(form, (input) => create.mutate(input))} noValidate aria-label="New product" className="space-y-4">
      <FormErrors form={form} idPrefix={idPrefix} labels={LABELS} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} idPrefix={idPrefix} name="name" label={LABELS.name} />
        <SelectField form={form} idPrefix={idPrefix} name="platform" label={LABELS.platform} options={PLATFORM_OPTIONS} />
        <TextAreaField form={form} idPrefix={idPrefix} name="description" label={LABELS.description} className="sm:col-span-2" />
        <SelectField form={form} idPrefix={idPrefix} name="status" label={LABELS.status} options={STATUS_OPTIONS} hint={STATUS_HINT} />
      </div>
      <button type="submit" className={buttonPrimary} disabled={pending} aria-busy={pending || undefined}>
        Add product
      </button>
    </form>
  );
}

/** Edits a product; archiving it asks first, since its offerings then leave the storefront. */
export function EditProductForm({ product }: { product: SellerProduct }) {
  const trpc = useTRPC();
  const toast = useToast();
  const invalidate = useInvalidateCatalog();
  const idPrefix = `product-${useId()}`;
  const form = useSchemaForm(updateProductSchema, {
    productId: product.id,
    name: product.name,
    description: product.description,
    status: product.status as UpdateProductInput['status'],
    platform: product.platform as UpdateProductInput['platform'],
  });
  const [toConfirm, setToConfirm] = useState<UpdateProductInput | null>(null);
  const update = useMutation(
    trpc.catalogAdmin.updateProduct.mutationOptions({
      onSuccess: async (saved, input) => {
        setToConfirm(null);
        form.reset({ ...input, name: saved.name, description: saved.description });
        toast(saved.status === CatalogStatus.Archived ? `Product “${saved.name}” archived.` : 'Product saved.');
        await invalidate();
      },
      onError: (error) => {
        setToConfirm(null);
        showServerRefusal(form, error, LABELS);
      },
    }),
  );

  const submit = submitHandler(form, (input) => {
    if (input.status === CatalogStatus.Archived && product.status !== CatalogStatus.Archived) setToConfirm(input);
    else update.mutate(input);
  });

  return (
    <form onSubmit={submit} noValidate aria-label={`Edit product ${product.name}`} className="space-y-4">
      <FormErrors form={form} idPrefix={idPrefix} labels={LABELS} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} idPrefix={idPrefix} name="name" label={LABELS.name} />
        <SelectField form={form} idPrefix={idPrefix} name="platform" label={LABELS.platform} options={PLATFORM_OPTIONS} />
        <TextAreaField form={form} idPrefix={idPrefix} name="description" label={LABELS.description} className="sm:col-span-2" />
        <SelectField form={form} idPrefix={idPrefix} name="status" label={LABELS.status} options={STATUS_OPTIONS} hint={STATUS_HINT} />
      </div>
      {toConfirm ? (
        <ConfirmStep
          label={`Confirm archiving ${product.name}`}
          question={`Archive this product? Its offerings leave your storefront and can no longer be bought. Licenses already sold keep working.`}
          confirmText="Archive product"
          busyText="Archiving…"
          busy={update.isPending}
          onConfirm={() => update.mutate(toConfirm)}
          onCancel={() => setToConfirm(null)}
        />
      ) : (
        <button type="submit" className={buttonPrimary} disabled={update.isPending} aria-busy={update.isPending || undefined}>
          Save product
        </button>
      )}
    </form>
  );
}
