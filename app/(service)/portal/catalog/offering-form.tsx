'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useToast } from '@/app/components/toast';
import { useTRPC } from '@/app/trpc-provider';
import { CatalogStatus, LicenseClassification, OfferingCategory, createOfferingSchema, updateOfferingSchema, type CreateOfferingInput, type UpdateOfferingInput, type SellerOffering } from '@/server/entry/shared';
import { CATEGORY_OPTIONS, CLASSIFICATION_OPTIONS, INTERVAL_UNIT_OPTIONS, STATUS_OPTIONS } from './catalog-labels';
import { ConfirmStep } from './confirm-action';
import { CheckboxField, FormErrors, SelectField, TextAreaField, TextField, buttonPrimary, showServerRefusal, submitHandler, useSchemaForm } from './form-kit';
import { useInvalidateCatalog } from './use-invalidate-catalog';
import { PricesEditor, priceLabels } from './prices-editor';
import { DEVICE_RULE_LABELS, DeviceRulesFields } from './device-rules-fields';

const LABELS = {
  name: 'Offering name',
  description: 'Offering description',
  status: 'Offering status',
  classification: 'Classification',
  category: 'Category',
  baseRate: 'Price',
  currency: 'Currency',
  prices: 'Prices',
  interval: 'Interval',
  intervalUnit: 'Interval unit',
  seatBased: 'Seat-based',
  listed: 'Listed',
  trialDays: 'Free trial days',
  ...DEVICE_RULE_LABELS,
};

/** The error list's names, with one per field of each price row. */
function useLabels<T extends FieldValues>(form: UseFormReturn<T, unknown, unknown>): Record<string, string> {
  const count = (useWatch({ control: (form as unknown as UseFormReturn<FieldValues>).control, name: 'prices' }) as unknown[] | undefined)?.length ?? 0;
  return { ...LABELS, ...priceLabels(count) };
}

/** The terms every offering form shows; the new-offering form adds the Listed box. */
function OfferingTerms<T extends FieldValues>({ form, idPrefix }: { form: UseFormReturn<T, unknown, unknown>; idPrefix: string }) {
  const f = { form, idPrefix } as { form: UseFormReturn<FieldValues>; idPrefix: string };
  const currency = (useWatch({ control: f.form.control, name: 'currency' }) as string | undefined) ?? 'usd';
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <TextField {...f} name="name" label={LABELS.name} className="sm:col-span-2" />
      <SelectField {...f} name="status" label={LABELS.status} options={STATUS_OPTIONS} />
      <TextAreaField {...f} name="description" label={LABELS.description} className="sm:col-span-3" />
      <SelectField
        {...f}
        name="classification"
        label={LABELS.classification}
        options={CLASSIFICATION_OPTIONS}
        hint="Subscriptions need an interval; trials need a length and have no price; perpetual offerings have no interval."
      />
      <SelectField {...f} name="category" label={LABELS.category} options={CATEGORY_OPTIONS} />
      <CheckboxField {...f} name="seatBased" label={LABELS.seatBased} hint="Sold per seat; the price is per seat and each seat has its own allowance." className="sm:pt-7" />
      <PricesEditor form={f.form} idPrefix={idPrefix} defaultCurrency={currency} />
      <TextField {...f} name="interval" label={LABELS.interval} kind="numberOrNull" type="number" step="1" min={1} inputMode="numeric" hint="Units per billing period, or the trial length." />
      <SelectField {...f} name="intervalUnit" label={LABELS.intervalUnit} kind="numberOrNull" options={INTERVAL_UNIT_OPTIONS} />
      <TextField
        {...f}
        name="trialDays"
        label={LABELS.trialDays}
        kind="numberOrNull"
        type="number"
        step="1"
        min={1}
        inputMode="numeric"
        hint="A paid subscription only: days free before the first period is billed (the card is taken at checkout). Empty: none."
      />
      <DeviceRulesFields form={form} idPrefix={idPrefix} className="sm:col-span-3" />
    </div>
  );
}

/**
 * The form's values for an offering: its terms only, never the switches (they would be sent stale).
 * The prices are edited as a list (BaseRate stays empty beside it: the list's default is the price);
 * a zero price (made through the API) shows as free, which is what it sells as.
 */
function termsOf(offering: SellerOffering): UpdateOfferingInput {
  return {
    offeringId: offering.id,
    name: offering.name,
    description: offering.description ?? '',
    status: offering.status,
    classification: offering.classification,
    category: offering.category,
    baseRate: null,
    currency: offering.currency,
    prices: offering.prices.filter((price) => price.baseRate > 0).map(({ currency, baseRate, isDefault }) => ({ currency, baseRate, isDefault })),
    interval: offering.interval,
    intervalUnit: offering.intervalUnit,
    seatBased: offering.seatBased,
    trialDays: offering.trialDays,
    maxDevices: offering.maxDevices,
    deviceMode: offering.deviceMode,
    maxOfflineDays: offering.maxOfflineDays,
  } as UpdateOfferingInput;
}

/** Adds an offering to a product (not listed unless asked), then opens its page for its features. */
export function NewOfferingForm({ productId, productName }: { productId: string; productName: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const toast = useToast();
  const idPrefix = `new-offering-${useId()}`;
  const defaults: CreateOfferingInput = {
    productId,
    name: '',
    description: '',
    status: CatalogStatus.Active,
    classification: LicenseClassification.Perpetual,
    category: OfferingCategory.Application,
    baseRate: null,
    currency: 'usd',
    prices: [],
    interval: null,
    intervalUnit: null,
    seatBased: false,
    listed: false,
    trialDays: null,
    maxDevices: null,
    deviceMode: 'NodeLocked',
    maxOfflineDays: 30,
  };
  const form = useSchemaForm(createOfferingSchema, defaults);
  const labels = useLabels(form);
  const create = useMutation(
    trpc.catalogAdmin.createOffering.mutationOptions({
      onSuccess: (offering) => {
        toast(`Offering “${offering.name}” added. Add the features it grants.`);
        router.push(`/portal/catalog/offerings/${offering.id}`);
      },
      onError: (error) => showServerRefusal(form, error, labels),
    }),
  );
  const pending = create.isPending || create.isSuccess;
  return (
    <form onSubmit={submitHandler(form, (input) => create.mutate(input))} noValidate aria-label={`New offering for ${productName}`} className="space-y-4">
      <FormErrors form={form} idPrefix={idPrefix} labels={labels} />
      <OfferingTerms form={form} idPrefix={idPrefix} />
      <CheckboxField form={form} idPrefix={idPrefix} name="listed" label={LABELS.listed} hint="Shown to buyers while it and its product are active. You can list it later." />
      <button type="submit" className={buttonPrimary} disabled={pending} aria-busy={pending || undefined}>
        Add offering
      </button>
    </form>
  );
}

/** Edits an offering's terms. The switches (listed, repeat purchase) are left as they are. */
export function EditOfferingForm({ offering }: { offering: SellerOffering }) {
  const trpc = useTRPC();
  const toast = useToast();
  const invalidate = useInvalidateCatalog();
  const idPrefix = `offering-${useId()}`;
  const defaults = termsOf(offering);
  const form = useSchemaForm(updateOfferingSchema, defaults);
  const labels = useLabels(form);
  const [toConfirm, setToConfirm] = useState<UpdateOfferingInput | null>(null);
  const update = useMutation(
    trpc.catalogAdmin.updateOffering.mutationOptions({
      onSuccess: async (saved) => {
        setToConfirm(null);
        form.reset(termsOf(saved));
        toast(saved.status === CatalogStatus.Archived ? `Offering “${saved.name}” archived.` : 'Offering saved.');
        await invalidate();
      },
      onError: (error) => {
        setToConfirm(null);
        showServerRefusal(form, error, labels);
      },
    }),
  );

  const submit = submitHandler(form, (input) => {
    if (input.status === CatalogStatus.Archived && offering.status !== CatalogStatus.Archived) setToConfirm(input);
    else update.mutate(input);
  });

  return (
    <form onSubmit={submit} noValidate aria-label={`Edit offering ${offering.name}`} className="space-y-4">
      <FormErrors form={form} idPrefix={idPrefix} labels={labels} />
      <OfferingTerms form={form} idPrefix={idPrefix} />
      {toConfirm ? (
        <ConfirmStep
          label={`Confirm archiving ${offering.name}`}
          question="Archive this offering? It leaves your storefront and can no longer be bought. Licenses already sold keep working."
          confirmText="Archive offering"
          busyText="Archiving…"
          busy={update.isPending}
          onConfirm={() => update.mutate(toConfirm)}
          onCancel={() => setToConfirm(null)}
        />
      ) : (
        <button type="submit" className={buttonPrimary} disabled={update.isPending} aria-busy={update.isPending || undefined}>
          Save offering
        </button>
      )}
    </form>
  );
}
