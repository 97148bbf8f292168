'use client';

import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTRPC } from '@/app/trpc-provider';
import { CatalogStatus, LicenseClassification, OfferingCategory } from '@/server/catalog/catalog-enums';
import { createOfferingSchema, updateOfferingSchema } from '@/server/catalog/manage/catalog-edit.schema';
import type { SellerOffering } from '@/server/catalog/manage/seller-catalog.schema';
import { CATEGORY_OPTIONS, CLASSIFICATION_OPTIONS, INTERVAL_UNIT_OPTIONS, STATUS_OPTIONS } from './catalog-labels';
import { CheckboxField, ErrorSummary, SelectField, TextAreaField, TextField, buttonPrimary, buttonSecondary, numberOrNull, textOf, useFormErrors } from './form-kit';
import { useInvalidateCatalog } from './use-invalidate-catalog';

const LABELS = {
  Name: 'Offering name',
  Description: 'Offering description',
  Status: 'Offering status',
  Classification: 'Classification',
  Category: 'Category',
  BaseRate: 'Price',
  Currency: 'Currency',
  Interval: 'Interval',
  IntervalUnit: 'Interval unit',
  SeatBased: 'Seat-based',
  Listed: 'Listed',
};

interface Props {
  productId: string;
  productName: string;
  /** Absent: the form adds an offering to the product. */
  offering?: SellerOffering;
  onDone?: () => void;
}

function initialValues(offering?: SellerOffering) {
  return {
    name: offering?.name ?? '',
    description: offering?.description ?? '',
    status: String(offering?.status ?? CatalogStatus.Active),
    classification: String(offering?.classification ?? LicenseClassification.Perpetual),
    category: String(offering?.category ?? OfferingCategory.Application),
    baseRate: textOf(offering?.baseRate),
    currency: offering?.currency ?? 'usd',
    interval: textOf(offering?.interval),
    intervalUnit: textOf(offering?.intervalUnit),
    seatBased: offering?.seatBased ?? false,
    listed: offering?.listed ?? false,
  };
}

/** Adds an offering to a product, or edits every field of one (`offering` given). */
export function OfferingForm({ productId, productName, offering, onDone }: Props) {
  const trpc = useTRPC();
  const invalidate = useInvalidateCatalog();
  const errors = useFormErrors(`offering-${useId()}`);
  const [values, setValues] = useState(() => initialValues(offering));
  const set =
    <K extends keyof ReturnType<typeof initialValues>>(key: K) =>
    (value: ReturnType<typeof initialValues>[K]) =>
      setValues((current) => ({ ...current, [key]: value }));

  const onSuccess = async () => {
    errors.clear();
    if (!offering) setValues(initialValues());
    await invalidate();
    onDone?.();
  };
  const create = useMutation(trpc.catalogAdmin.createOffering.mutationOptions({ onSuccess, onError: errors.showServerError }));
  const update = useMutation(trpc.catalogAdmin.updateOffering.mutationOptions({ onSuccess, onError: errors.showServerError }));
  const pending = create.isPending || update.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const fields = {
      name: values.name,
      description: values.description,
      status: Number(values.status),
      classification: Number(values.classification),
      category: Number(values.category),
      baseRate: numberOrNull(values.baseRate),
      currency: values.currency,
      interval: numberOrNull(values.interval),
      intervalUnit: numberOrNull(values.intervalUnit),
      seatBased: values.seatBased,
      listed: values.listed,
    };
    // The same schema as the service: the classification rules are checked here first.
    if (offering) {
      const input = errors.check(updateOfferingSchema, { ...fields, offeringId: offering.id });
      if (input) update.mutate(input);
    } else {
      const input = errors.check(createOfferingSchema, { ...fields, productId });
      if (input) create.mutate(input);
    }
  }

  const formName = offering ? `Edit offering ${offering.name}` : `New offering for ${productName}`;
  return (
    <form onSubmit={submit} noValidate aria-label={formName} className="space-y-4">
      <ErrorSummary errors={errors} labels={LABELS} />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField errors={errors} field="Name" label={LABELS.Name} value={values.name} onChange={set('name')} maxLength={200} className="sm:col-span-2" />
        <SelectField errors={errors} field="Status" label={LABELS.Status} value={values.status} onChange={set('status')} options={STATUS_OPTIONS} />
        <TextAreaField errors={errors} field="Description" label={LABELS.Description} value={values.description} onChange={set('description')} className="sm:col-span-3" />
        <SelectField
          errors={errors}
          field="Classification"
          label={LABELS.Classification}
          value={values.classification}
          onChange={set('classification')}
          options={CLASSIFICATION_OPTIONS}
          hint="Subscriptions need an interval; trials need a length and have no price; perpetual offerings have no interval."
        />
        <SelectField errors={errors} field="Category" label={LABELS.Category} value={values.category} onChange={set('category')} options={CATEGORY_OPTIONS} />
        <div />
        <TextField
          errors={errors}
          field="BaseRate"
          label={LABELS.BaseRate}
          value={values.baseRate}
          onChange={set('baseRate')}
          type="number"
          step="any"
          min={0}
          inputMode="decimal"
          hint="In major units (9.99). Leave empty for a free offering."
        />
        <TextField errors={errors} field="Currency" label={LABELS.Currency} value={values.currency} onChange={set('currency')} maxLength={3} hint="Three letters, e.g. usd." />
        <div />
        <TextField
          errors={errors}
          field="Interval"
          label={LABELS.Interval}
          value={values.interval}
          onChange={set('interval')}
          type="number"
          step="1"
          min={1}
          inputMode="numeric"
          hint="Units per billing period, or the trial length."
        />
        <SelectField errors={errors} field="IntervalUnit" label={LABELS.IntervalUnit} value={values.intervalUnit} onChange={set('intervalUnit')} options={INTERVAL_UNIT_OPTIONS} />
        <div />
        <CheckboxField errors={errors} field="SeatBased" label={LABELS.SeatBased} checked={values.seatBased} onChange={set('seatBased')} hint="Sold per seat; each seat has its own allowance." />
        <CheckboxField
          errors={errors}
          field="Listed"
          label={LABELS.Listed}
          checked={values.listed}
          onChange={set('listed')}
          hint="Shown to buyers while active and of an active product."
        />
      </div>
      <div className="flex gap-3">
        <button type="submit" className={buttonPrimary} disabled={pending} aria-busy={pending || undefined}>
          {offering ? 'Save offering' : 'Add offering'}
        </button>
        {offering && (
          <button type="button" className={buttonSecondary} onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
