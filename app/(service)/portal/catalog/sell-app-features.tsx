'use client';

import { useId, useRef } from 'react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { IntervalUnit, MAX_APP_FEATURES, featureKeyFromName, type startSellingAppSchema } from '@/server/entry/shared';
import { INTERVAL_UNIT_OPTIONS } from './catalog-labels';
import { SelectField, TextField, buttonSecondary } from './form-kit';

export type SellAppForm = UseFormReturn<z.input<typeof startSellingAppSchema>, unknown, z.output<typeof startSellingAppSchema>>;

/** Day, week, month, year: a period that is always set (an empty allowance makes it unused). */
export const PERIOD_OPTIONS = INTERVAL_UNIT_OPTIONS.filter((option) => option.value !== '');

/** The error list's names of each row's fields. */
export function featureLabels(count: number): Record<string, string> {
  const labels: Record<string, string> = { features: 'Features' };
  for (let index = 0; index < count; index += 1) {
    const row = `Feature ${index + 1}`;
    labels[`features.${index}.displayName`] = `${row} name`;
    labels[`features.${index}.key`] = `${row} key`;
    labels[`features.${index}.allowance`] = `${row} allowance`;
    labels[`features.${index}.allowancePeriodUnit`] = `${row} period`;
  }
  return labels;
}

/** The features of the app: one row each (name, key, allowance per period), added and removed in place. */
export function SellAppFeatures({ form, idPrefix }: { form: SellAppForm; idPrefix: string }) {
  const headingId = useId();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'features' });
  const addButton = useRef<HTMLButtonElement>(null);
  // The key each row last took from its name: while the key is still that, it follows the name.
  const keysFromNames = useRef(new Map<string, string>());

  const followName = (index: number, rowId: string, name: string) => {
    const keyField = `features.${index}.key` as const;
    if ((form.getValues(keyField) ?? '') !== (keysFromNames.current.get(rowId) ?? '')) return;
    const key = featureKeyFromName(name);
    keysFromNames.current.set(rowId, key);
    form.setValue(keyField, key, { shouldValidate: form.formState.isSubmitted });
  };

  const f = { form, idPrefix };
  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={headingId} className="text-xl font-semibold">
        Features
      </h2>
      <p className="text-sm text-slate-600">
        What buyers get. Your app checks each feature by its key. An allowance is how much one buyer (one seat, when sold per seat) may use in each period; leave it
        empty for unlimited.
      </p>
      {fields.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">No features yet. Add the ones buyers get with this app.</p>
      ) : (
        <ol className="space-y-3">
          {fields.map((row, index) => (
            <li key={row.id}>
              <fieldset data-testid="feature-row" className="min-w-0 space-y-3 rounded-md border border-slate-200 bg-slate-50 p-4">
                <legend className="px-1 text-sm font-semibold text-slate-800">Feature {index + 1}</legend>
                <div className="grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,6fr)_minmax(0,5fr)_minmax(0,5fr)_minmax(0,4fr)]">
                  <TextField {...f} name={`features.${index}.displayName`} label="Name" className="col-span-2 sm:col-span-1" onValueChange={(name) => followName(index, row.id, name)} />
                  <TextField {...f} name={`features.${index}.key`} label="Key" className="col-span-2 sm:col-span-1" />
                  <TextField {...f} name={`features.${index}.allowance`} label="Allowance" kind="numberOrNull" type="number" step="1" min={0} inputMode="numeric" placeholder="Unlimited" />
                  <SelectField {...f} name={`features.${index}.allowancePeriodUnit`} label="Per" kind="numberOrNull" options={PERIOD_OPTIONS} />
                </div>
                <button
                  type="button"
                  className={buttonSecondary}
                  onClick={() => {
                    keysFromNames.current.delete(row.id);
                    remove(index);
                    addButton.current?.focus();
                  }}
                >
                  Remove<span className="sr-only"> feature {index + 1}</span>
                </button>
              </fieldset>
            </li>
          ))}
        </ol>
      )}
      {fields.length < MAX_APP_FEATURES ? (
        <button
          ref={addButton}
          type="button"
          className={buttonSecondary}
          onClick={() =>
            append({ displayName: '', key: '', allowance: null, allowancePeriodUnit: IntervalUnit.Month }, { focusName: `features.${fields.length}.displayName` })
          }
        >
          Add a feature
        </button>
      ) : (
        <p className="text-sm text-slate-600">That is {MAX_APP_FEATURES} features, the most this form takes. Add more on the offering's page afterwards.</p>
      )}
    </section>
  );
}
