'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useId, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { useToast } from '@/app/components/toast';
import { useTRPC } from '@/app/trpc-provider';
import { IntervalUnit, Platform, startSellingAppSchema, type AppBilling, type StartSellingAppInput } from '@/server/entry/shared';
import { PLATFORM_OPTIONS } from './catalog-labels';
import { CheckboxField, FormErrors, RadioField, SelectField, TextAreaField, TextField, buttonPrimary, showServerRefusal, submitHandler, useSchemaForm } from './form-kit';
import { PERIOD_OPTIONS, SellAppFeatures, featureLabels, type SellAppForm as Form } from './sell-app-features';
import { SellAppPreview } from './sell-app-preview';
import { DeviceRulesFields, deviceRuleLabels } from './device-rules-fields';

// "Sell an app": the product, its one offering and its features in one form and one call
// (catalogAdmin.startSellingApp), checked first with the very schema the service parses.

const BILLING_OPTIONS: { value: AppBilling; label: string }[] = [
  { value: 'free', label: 'Free' },
  { value: 'once', label: 'One-time payment' },
  { value: 'recurring', label: 'Subscription' },
  { value: 'trial', label: 'Free trial' },
];

const isPaid = (billing: AppBilling) => billing === 'once' || billing === 'recurring';

/** The name of each field in the error list (and for the server's Details): nested paths, as the schema has them. */
function labelsFor(billing: AppBilling, featureCount: number): Record<string, string> {
  return {
    'product.name': 'App name',
    'product.platform': 'Platform',
    'product.description': 'Description',
    'offering.name': 'Plan name',
    'offering.billing': 'How buyers pay',
    'offering.baseRate': 'Price',
    'offering.currency': 'Currency',
    'offering.interval': billing === 'trial' ? 'Trial length' : 'Billed every',
    'offering.intervalUnit': billing === 'trial' ? 'Trial unit' : 'Billing period',
    'offering.seatBased': 'Sold per seat',
    'offering.trialDays': 'Free trial (days)',
    'offering.listed': 'List it on my storefront now',
    ...deviceRuleLabels('offering.'),
    ...featureLabels(featureCount),
  };
}

export function SellAppForm({ currency, currencies, isCheckoutReady }: { currency: string; currencies: { value: string; label: string }[]; isCheckoutReady: boolean }) {
  const trpc = useTRPC();
  const router = useRouter();
  const toast = useToast();
  const idPrefix = `sell-app-${useId()}`;
  const defaults: StartSellingAppInput = {
    product: { name: '', description: '', platform: Platform.Any },
    offering: { name: 'Standard', billing: 'recurring', baseRate: null, currency, interval: 1, intervalUnit: IntervalUnit.Month, seatBased: false, listed: false, trialDays: null, maxDevices: null, deviceMode: 'NodeLocked', maxOfflineDays: 30 },
    features: [],
  };
  const form: Form = useSchemaForm(startSellingAppSchema, defaults);
  const billing = useWatch({ control: form.control, name: 'offering.billing' });
  const shownCurrency = useWatch({ control: form.control, name: 'offering.currency' }) ?? '';
  const featureCount = useWatch({ control: form.control, name: 'features' })?.length ?? 0;
  const labels = labelsFor(billing, featureCount);

  const create = useMutation(
    trpc.catalogAdmin.startSellingApp.mutationOptions({
      onSuccess: ({ product, offering }) => {
        const features = offering.features.length === 1 ? '1 feature' : `${offering.features.length} features`;
        const paid = (offering.baseRate ?? 0) > 0;
        toast(
          !offering.listed
            ? `“${product.name}” is created, with its offering and ${features}. List it when buyers should see it.`
            : paid && !isCheckoutReady
              ? `“${product.name}” is listed, with its offering and ${features}: buyers see it, and can buy it once your store takes payments (Paid checkout, on the catalog page).`
              : `“${product.name}” is on your storefront, with its offering and ${features}: buyers can get it now.`,
        );
        router.push(`/portal/catalog/offerings/${offering.id}`);
      },
      onError: (error) => showServerRefusal(form, error, labels),
    }),
  );
  // After success the page is about to change: the button stays disabled until it has.
  const pending = create.isPending || create.isSuccess;

  /** A new billing choice empties what it has no use for and starts what it needs at the usual value. */
  const chooseBilling = (value: string) => {
    const set = form.setValue;
    const options = { shouldValidate: form.formState.isSubmitted };
    if (value === 'free' || value === 'trial') set('offering.baseRate', null, options);
    if (value !== 'recurring') set('offering.trialDays', null, options);
    if (value === 'free' || value === 'once') {
      set('offering.interval', null, options);
      set('offering.intervalUnit', null, options);
    }
    if (value === 'recurring') {
      set('offering.interval', 1, options);
      set('offering.intervalUnit', IntervalUnit.Month, options);
    }
    if (value === 'trial') {
      set('offering.interval', 14, options);
      set('offering.intervalUnit', IntervalUnit.Day, options);
    }
  };

  const f = { form, idPrefix };
  const code = shownCurrency.trim().toUpperCase();
  return (
    <form
      onSubmit={submitHandler(form, (input) => create.mutate(input))}
      noValidate
      aria-label="Sell an app"
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start"
    >
      <div className="min-w-0 space-y-6">
        <FormErrors {...f} labels={labels} />
        <Part title="The app" idPrefix={idPrefix} part="app">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField {...f} name="product.name" label="App name" />
            <SelectField {...f} name="product.platform" label="Platform" options={PLATFORM_OPTIONS} />
            <TextAreaField {...f} name="product.description" label="Description" hint="Shown under the app's name on your storefront." className="sm:col-span-2" />
          </div>
        </Part>

        <Part title="The price" idPrefix={idPrefix} part="price">
          <TextField {...f} name="offering.name" label="Plan name" hint="Buyers see it on the offering's card, e.g. Standard or Pro." className="sm:max-w-xs" />
          <RadioField {...f} name="offering.billing" label="How buyers pay" options={BILLING_OPTIONS} onValueChange={chooseBilling} />
          {isPaid(billing) && (
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                {...f}
                name="offering.baseRate"
                label="Price"
                kind="numberOrNull"
                type="number"
                step="any"
                min={0}
                inputMode="decimal"
                prefix={code || '—'}
                hint={`In ${code || 'the currency below'}, e.g. 9.00${billing === 'recurring' ? ', each billing period' : ''}.`}
              />
              <SelectField {...f} name="offering.currency" label="Currency" kind="text" options={currencies} hint="The currency buyers pay in (ISO 4217). Add prices in other currencies on the offering's page." />
            </div>
          )}
          {(billing === 'recurring' || billing === 'trial') && (
            <div className="grid grid-cols-2 gap-4 sm:max-w-md">
              <TextField
                {...f}
                key={`${billing}-interval`}
                name="offering.interval"
                label={labels['offering.interval']!}
                kind="numberOrNull"
                type="number"
                step="1"
                min={1}
                inputMode="numeric"
              />
              <SelectField {...f} key={`${billing}-unit`} name="offering.intervalUnit" label={labels['offering.intervalUnit']!} kind="numberOrNull" options={PERIOD_OPTIONS} />
            </div>
          )}
          {billing === 'recurring' && (
            <TextField
              {...f}
              name="offering.trialDays"
              label={labels['offering.trialDays']!}
              kind="numberOrNull"
              type="number"
              step="1"
              min={1}
              inputMode="numeric"
              className="sm:max-w-xs"
              hint="Days free before the first payment; the card is taken at checkout. Empty: buyers pay from the first day."
            />
          )}
          <CheckboxField {...f} name="offering.seatBased" label="Sold per seat" hint="Buyers choose how many seats; the price and every allowance are per seat." />
        </Part>

        <Part title="Devices" idPrefix={idPrefix} part="devices">
          <DeviceRulesFields form={form} idPrefix={idPrefix} prefix="offering." headed />
        </Part>

        <SellAppFeatures form={form} idPrefix={idPrefix} />
      </div>

      <aside className="min-w-0 lg:sticky lg:top-6 lg:row-span-2" aria-label="Preview">
        <SellAppPreview form={form} isCheckoutReady={isCheckoutReady} />
      </aside>

      <div className="min-w-0 space-y-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <CheckboxField {...f} name="offering.listed" label="List it on my storefront now" hint="Buyers see it at once. You can also list it later on the offering's page." />
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={buttonPrimary} disabled={pending} aria-busy={pending || undefined}>
            {pending ? 'Creating…' : 'Create app'}
          </button>
          <p className="text-sm text-slate-600">Creates the product, its offering and its features together.</p>
        </div>
        <p role="status" className="sr-only">
          {pending ? 'Creating your app…' : ''}
        </p>
      </div>
    </form>
  );
}

function Part({ title, idPrefix, part, children }: { title: string; idPrefix: string; part: string; children: ReactNode }) {
  const headingId = `${idPrefix}-${part}-heading`;
  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={headingId} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
