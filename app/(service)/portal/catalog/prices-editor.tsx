'use client';

import { useId, useRef } from 'react';
import { useFieldArray, useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { MAX_PRICES_PER_OFFERING } from '@/server/entry/shared';
import { TextField, buttonSecondary } from './form-kit';

/** The error list's names of the prices' fields (the server's Details name them `Prices.2.BaseRate`). */
export function priceLabels(count: number): Record<string, string> {
  const labels: Record<string, string> = { prices: 'Prices' };
  for (let index = 0; index < count; index += 1) {
    const row = `Price ${index + 1}`;
    labels[`prices.${index}.currency`] = `${row} currency`;
    labels[`prices.${index}.baseRate`] = `${row} amount`;
    labels[`prices.${index}.isDefault`] = `${row} default`;
  }
  return labels;
}

type PriceRow = { currency: string; baseRate: number | null; isDefault?: boolean };

/**
 * An offering's prices, one row per currency (currency and amount, in that currency's own decimals),
 * added and removed in place; one of them is the default, the price BaseRate names. No row: free.
 * Each row's refusal is told beside it; a refusal of the list as a whole under the list.
 */
export function PricesEditor<T extends FieldValues>({ form: typedForm, idPrefix, defaultCurrency }: { form: UseFormReturn<T, unknown, unknown>; idPrefix: string; defaultCurrency: string }) {
  // The rows live under `prices` in every offering form; the field array is typed by that shape.
  const form = typedForm as unknown as UseFormReturn<{ prices: PriceRow[] }, unknown, unknown>;
  const headingId = useId();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'prices' });
  const rows = useWatch({ control: form.control, name: 'prices' }) ?? [];
  const addButton = useRef<HTMLButtonElement>(null);
  const listError = form.getFieldState('prices', form.formState).error;
  const listMessage = listError?.message ?? listError?.root?.message;

  const makeDefault = (chosen: number) => {
    fields.forEach((_, index) => form.setValue(`prices.${index}.isDefault`, index === chosen, { shouldDirty: true, shouldValidate: form.formState.isSubmitted }));
  };

  const f = { form: form as unknown as UseFormReturn<FieldValues>, idPrefix };
  return (
    <fieldset id={`${idPrefix}-prices`} aria-labelledby={headingId} aria-describedby={listMessage ? `${idPrefix}-prices-error` : `${idPrefix}-prices-hint`} className="min-w-0 space-y-3 sm:col-span-3">
      <legend id={headingId} className="text-sm font-medium text-slate-700">
        Prices
      </legend>
      <p id={`${idPrefix}-prices-hint`} className="text-xs text-slate-600">
        One price per currency, in its own decimals (JPY has none, KWD three); buyers pay in theirs when it is here, else in the default. No price: free.
      </p>
      {fields.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 p-3 text-sm text-slate-600" data-testid="no-prices">
          Free: no price.
        </p>
      ) : (
        <ol className="space-y-3">
          {fields.map((row, index) => {
            const code = (rows[index]?.currency ?? '').trim().toUpperCase();
            const defaultError = form.getFieldState(`prices.${index}.isDefault`, form.formState).error?.message;
            return (
              <li key={row.id}>
                <fieldset data-testid="price-row" className="min-w-0 rounded-md border border-slate-200 bg-slate-50 p-3">
                  <legend className="px-1 text-sm font-semibold text-slate-800">Price {index + 1}</legend>
                  <div className="grid grid-cols-2 items-start gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto_auto]">
                    <TextField {...f} name={`prices.${index}.currency`} label="Currency" placeholder="usd" />
                    <TextField
                      {...f}
                      name={`prices.${index}.baseRate`}
                      label="Amount"
                      kind="numberOrNull"
                      type="number"
                      step="any"
                      min={0}
                      inputMode="decimal"
                      prefix={code || '—'}
                    />
                    <div className="flex min-w-0 flex-col gap-1 sm:pt-7">
                      <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
                        <input
                          type="radio"
                          name={`${idPrefix}-default-price`}
                          checked={rows[index]?.isDefault === true}
                          onChange={() => makeDefault(index)}
                          aria-invalid={defaultError ? true : undefined}
                          aria-describedby={defaultError ? `${idPrefix}-prices.${index}.isDefault-error` : undefined}
                          className="h-4 w-4 shrink-0 accent-indigo-600"
                          data-testid="price-default"
                        />
                        Default
                      </label>
                      {defaultError && (
                        <p id={`${idPrefix}-prices.${index}.isDefault-error`} className="text-xs font-medium text-red-700" data-testid="field-error">
                          {defaultError}
                        </p>
                      )}
                    </div>
                    <div className="sm:pt-6">
                      <button
                        type="button"
                        className={buttonSecondary}
                        onClick={() => {
                          const wasDefault = rows[index]?.isDefault === true;
                          remove(index);
                          // The default goes to the first price left, so there is always one.
                          if (wasDefault && fields.length > 1) form.setValue(`prices.0.isDefault`, true, { shouldDirty: true });
                          addButton.current?.focus();
                        }}
                      >
                        Remove<span className="sr-only"> price {index + 1}</span>
                      </button>
                    </div>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      {listMessage && (
        <p id={`${idPrefix}-prices-error`} className="text-xs font-medium text-red-700" data-testid="field-error">
          {listMessage}
        </p>
      )}
      {fields.length < MAX_PRICES_PER_OFFERING ? (
        <button
          ref={addButton}
          type="button"
          className={buttonSecondary}
          onClick={() =>
            append(
              { currency: fields.length === 0 ? defaultCurrency : '', baseRate: null, isDefault: fields.length === 0 },
              { focusName: `prices.${fields.length}.${fields.length === 0 ? 'baseRate' : 'currency'}` },
            )
          }
        >
          {fields.length === 0 ? 'Add a price' : 'Add a price in another currency'}
        </button>
      ) : (
        <p className="text-sm text-slate-600">That is {MAX_PRICES_PER_OFFERING} prices, the most an offering has.</p>
      )}
    </fieldset>
  );
}
