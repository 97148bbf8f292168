'use client';

import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTRPC } from '@/app/trpc-provider';
import { CatalogStatus, Platform } from '@/server/catalog/catalog-enums';
import { createProductSchema, updateProductSchema } from '@/server/catalog/manage/catalog-edit.schema';
import type { SellerProduct } from '@/server/catalog/manage/seller-catalog.schema';
import { PLATFORM_OPTIONS, STATUS_OPTIONS } from './catalog-labels';
import { ErrorSummary, SelectField, TextAreaField, TextField, buttonPrimary, buttonSecondary, useFormErrors } from './form-kit';
import { useInvalidateCatalog } from './use-invalidate-catalog';

const LABELS = { Name: 'Product name', Description: 'Product description', Status: 'Product status', Platform: 'Platform' };

interface ProductFormProps {
  /** Absent: the form adds a product. */
  product?: SellerProduct;
  onDone?: () => void;
}

/** Adds a product, or edits one when `product` is given. */
export function ProductForm({ product, onDone }: ProductFormProps) {
  const trpc = useTRPC();
  const invalidate = useInvalidateCatalog();
  const errors = useFormErrors(`product-${useId()}`);
  const initial = {
    name: product?.name ?? '',
    description: product?.description ?? '',
    status: String(product?.status ?? CatalogStatus.Active),
    platform: String(product?.platform ?? Platform.Any),
  };
  const [values, setValues] = useState(initial);
  const set = (key: keyof typeof initial) => (value: string) => setValues((current) => ({ ...current, [key]: value }));

  const onSuccess = async () => {
    errors.clear();
    if (!product) setValues(initial);
    await invalidate();
    onDone?.();
  };
  const create = useMutation(trpc.catalogAdmin.createProduct.mutationOptions({ onSuccess, onError: errors.showServerError }));
  const update = useMutation(trpc.catalogAdmin.updateProduct.mutationOptions({ onSuccess, onError: errors.showServerError }));
  const pending = create.isPending || update.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const fields = { name: values.name, description: values.description, status: Number(values.status), platform: Number(values.platform) };
    if (product) {
      const input = errors.check(updateProductSchema, { ...fields, productId: product.id });
      if (input) update.mutate(input);
    } else {
      const input = errors.check(createProductSchema, fields);
      if (input) create.mutate(input);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={product ? `Edit product ${product.name}` : 'New product'} className="space-y-4">
      <ErrorSummary errors={errors} labels={LABELS} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField errors={errors} field="Name" label={LABELS.Name} value={values.name} onChange={set('name')} maxLength={200} />
        <SelectField errors={errors} field="Platform" label={LABELS.Platform} value={values.platform} onChange={set('platform')} options={PLATFORM_OPTIONS} />
        <TextAreaField errors={errors} field="Description" label={LABELS.Description} value={values.description} onChange={set('description')} className="sm:col-span-2" />
        <SelectField
          errors={errors}
          field="Status"
          label={LABELS.Status}
          value={values.status}
          onChange={set('status')}
          options={STATUS_OPTIONS}
          hint="Offerings of a draft or archived product are never shown to buyers."
        />
      </div>
      <div className="flex gap-3">
        <button type="submit" className={buttonPrimary} disabled={pending} aria-busy={pending || undefined}>
          {product ? 'Save product' : 'Add product'}
        </button>
        {product && onDone && (
          <button type="button" className={buttonSecondary} onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
