'use client';

import { useId } from 'react';
import { useWatch, type DeepPartialSkipArrayKey } from 'react-hook-form';
import { LicenseClassification, appOfferingTerms, classificationLabel, describeDeviceRules, describeInterval, describePrice, type PricedTerms, type StartSellingAppInput } from '@/server/entry/shared';
import { useFormat } from '@/app/components/formatted';
import type { Formats } from '@/app/components/formats';
import type { SellAppForm } from './sell-app-features';

// What buyers will see, as the storefront card shows an offering (app/marketplace/[issuerClientId]):
// the price line from the same describePrice, the device line when devices are limited (from the
// same describeDeviceRules), and each feature with its allowance per period.

const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

interface Preview {
  productName: string;
  offeringName: string;
  badge: string;
  price: string;
  paid: boolean;
  devices: string | null;
  features: { name: string; allowance: string | null }[];
}

/** The form's values while typing: any part may still be missing. */
type Typed = DeepPartialSkipArrayKey<StartSellingAppInput>;

function previewOf(values: Typed, format: Formats): Preview {
  const { product, offering, features = [] } = values;
  const billing = offering?.billing ?? 'free';
  const terms = appOfferingTerms({
    billing,
    baseRate: numberOrNull(offering?.baseRate),
    currency: (offering?.currency ?? '').trim().toLowerCase(),
    interval: numberOrNull(offering?.interval),
    intervalUnit: numberOrNull(offering?.intervalUnit) as Parameters<typeof appOfferingTerms>[0]['intervalUnit'],
    trialDays: numberOrNull(offering?.trialDays),
  });
  const paid = terms.classification !== LicenseClassification.Trial && terms.baseRate !== null && terms.baseRate > 0;
  const perSeat = Boolean(offering?.seatBased);
  const view: PricedTerms = {
    licenseClassification: terms.classification,
    baseRate: terms.baseRate,
    currency: terms.currency,
    interval: terms.interval,
    intervalUnit: terms.intervalUnit,
    ...(terms.trialDays ? { trialDays: terms.trialDays } : {}),
  };
  let price: string;
  if ((billing === 'once' || billing === 'recurring') && !paid) price = 'Enter a price';
  else {
    try {
      price = describePrice(view, { perSeat: perSeat && paid, formatAmount: format.decimalMoney });
    } catch {
      // A currency code the browser cannot format yet (half typed): the amount and the letters.
      price = `${terms.baseRate} ${terms.currency.toUpperCase()}`;
    }
  }
  const maxDevices = numberOrNull(offering?.maxDevices);
  const maxOfflineDays = numberOrNull(offering?.maxOfflineDays);
  // A figure the form refuses is not shown as if buyers would see it.
  const devicesShown = maxDevices !== null && Number.isInteger(maxDevices) && maxDevices >= 1 && maxDevices <= 1000 && maxOfflineDays !== null && Number.isInteger(maxOfflineDays) && maxOfflineDays >= 0 && maxOfflineDays <= 90;
  return {
    devices: devicesShown ? describeDeviceRules({ maxDevices, maxOfflineDays, deviceMode: offering?.deviceMode === 'Floating' ? 'Floating' : 'NodeLocked' }, { perSeat }) : null,
    productName: product?.name?.trim() || 'Your app',
    offeringName: offering?.name?.trim() || 'Standard',
    badge: classificationLabel(terms.classification),
    price,
    paid,
    features: features
      .filter((feature) => feature?.displayName?.trim())
      .map((feature) => {
        const allowance = numberOrNull(feature.allowance);
        const unit = numberOrNull(feature.allowancePeriodUnit);
        // A figure the form refuses (negative, a fraction) is not shown as if buyers would see it.
        const valid = allowance !== null && Number.isInteger(allowance) && allowance >= 0;
        return {
          name: feature.displayName!.trim(),
          allowance: valid && unit !== null ? `${format.count(allowance)} per ${describeInterval(1, unit)}${perSeat ? ' per seat' : ''}` : null,
        };
      }),
  };
}

export function SellAppPreview({ form, isCheckoutReady }: { form: SellAppForm; isCheckoutReady: boolean }) {
  const headingId = useId();
  // While typing, any part may still be missing: every read below is optional.
  const values = useWatch({ control: form.control });
  const format = useFormat();
  const preview = previewOf(values, format);
  const listed = Boolean(values.offering?.listed);
  return (
    <section aria-labelledby={headingId} data-testid="sell-app-preview" className="space-y-3 rounded-lg border border-indigo-200 bg-indigo-50 p-5">
      <h2 id={headingId} className="text-lg font-semibold">
        What buyers will see
      </h2>
      <div className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <p className="text-sm font-medium text-slate-600 [overflow-wrap:anywhere]">{preview.productName}</p>
        <div className="flex items-start justify-between gap-3">
          <p className="min-w-0 text-lg font-semibold [overflow-wrap:anywhere]">{preview.offeringName}</p>
          <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">{preview.badge}</span>
        </div>
        <p className="text-xl font-bold" data-testid="preview-price">
          {preview.price}
        </p>
        {preview.devices && (
          <p className="text-sm text-slate-700" data-testid="preview-devices">
            {preview.devices}
          </p>
        )}
        {preview.features.length > 0 && (
          <ul className="space-y-1 text-sm text-slate-700" aria-label="Features in the preview">
            {preview.features.map((feature, index) => (
              <li key={index} data-testid="preview-feature" className="[overflow-wrap:anywhere]">
                <span className="font-medium">{feature.name}</span>
                {feature.allowance && <span className="text-slate-600"> · {feature.allowance}</span>}
              </li>
            ))}
          </ul>
        )}
      </div>
      <p className="text-sm text-slate-700">{listed ? 'Listed on your storefront as soon as it is created.' : 'Not on your storefront until you list it.'}</p>
      {preview.paid && !isCheckoutReady && <p className="text-sm text-amber-800">Buyers can pay once paid checkout is enabled on the catalog page.</p>}
    </section>
  );
}
