'use client';

import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { minorUnitDigits } from '@/server/entry/shared';
import { useTRPC } from '@/app/trpc-provider';

// What the discount forms share: refusals put next to their fields (keyed by the ApiError Detail's
// Field, PascalCase, as the service names it: `PercentOff`, `Amounts.1.Currency`), the seller's
// offerings to restrict a code to, and the conversions between what a person types and the wire.

/** Refusals by field (the service's Field names); `''` holds what belongs to no field. */
export type FieldErrors = Record<string, string>;

export const inputClass =
  'w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200 aria-[invalid=true]:border-red-600';
export const buttonPrimary =
  'rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-60';

/** A failed call's refusals by field: its Details, a code already taken on Code, anything else as the form's own. */
export function refusalsOf(error: unknown): FieldErrors {
  const data = (error as { data?: { details?: unknown; apiCode?: unknown } } | null)?.data;
  const errors: FieldErrors = {};
  if (Array.isArray(data?.details)) {
    for (const detail of data.details as { Field?: unknown; Message?: unknown }[]) {
      if (typeof detail.Field === 'string' && typeof detail.Message === 'string') errors[detail.Field] ??= detail.Message;
    }
  }
  const message = error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
  if (data?.apiCode === 'DiscountCodeInUse') errors.Code = message;
  if (Object.keys(errors).length === 0) errors[''] = message;
  return errors;
}

/** Moves errors about fields the form does not show into its general error, and focuses the first field refused. */
export function placeErrors(errors: FieldErrors, shown: readonly string[], idPrefix: string): FieldErrors {
  const placed: FieldErrors = {};
  const elsewhere: string[] = [];
  for (const [field, message] of Object.entries(errors)) {
    if (field !== '' && shown.includes(field)) placed[field] = message;
    else elsewhere.push(message);
  }
  if (elsewhere.length > 0) placed[''] = elsewhere.join(' ');
  const first = shown.find((field) => placed[field]);
  if (first) requestAnimationFrame(() => document.getElementById(`${idPrefix}-${first}`)?.focus());
  return placed;
}

/** The attributes that tie a control to its hint and its error. */
export function describedBy(id: string, errors: FieldErrors, field: string, hint = false) {
  const ids = [hint ? `${id}-hint` : null, errors[field] ? `${id}-error` : null].filter(Boolean).join(' ');
  return { 'aria-invalid': errors[field] ? true : undefined, 'aria-describedby': ids || undefined } as const;
}

export function FieldNote({ id, hint, error }: { id: string; hint?: ReactNode; error?: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} data-testid="field-error" className="text-xs font-medium text-red-700 [overflow-wrap:anywhere]">
          {error}
        </p>
      )}
    </>
  );
}

/** A labelled text or number input with its hint and error underneath. */
export function TextInput(props: {
  idPrefix: string;
  field: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  errors: FieldErrors;
  hint?: ReactNode;
  inputMode?: 'numeric' | 'decimal';
  type?: 'text' | 'datetime-local';
  maxLength?: number;
  placeholder?: string;
  className?: string;
}) {
  const id = `${props.idPrefix}-${props.field}`;
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${props.className ?? ''}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {props.label}
      </label>
      <input
        id={id}
        type={props.type ?? 'text'}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
        placeholder={props.placeholder}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        className={inputClass}
        {...describedBy(id, props.errors, props.field, Boolean(props.hint))}
      />
      <FieldNote id={id} hint={props.hint} error={props.errors[props.field]} />
    </div>
  );
}

/** One choice of a few as radio buttons, in a group named by its legend. */
export function RadioChoice<T extends string>(props: { idPrefix: string; field: string; legend: string; value: T; options: { value: T; label: string }[]; onChange: (value: T) => void; errors: FieldErrors }) {
  const id = `${props.idPrefix}-${props.field}`;
  return (
    <fieldset id={id} tabIndex={-1} className="flex min-w-0 flex-col gap-2" aria-describedby={props.errors[props.field] ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-700">{props.legend}</legend>
      <div className="flex flex-wrap gap-2">
        {props.options.map((option) => (
          <label
            key={option.value}
            className="flex min-w-0 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-300"
          >
            <input type="radio" name={id} value={option.value} checked={props.value === option.value} onChange={() => props.onChange(option.value)} className="h-4 w-4 shrink-0 accent-indigo-600" />
            {option.label}
          </label>
        ))}
      </div>
      <FieldNote id={id} error={props.errors[props.field]} />
    </fieldset>
  );
}

export interface OfferingOption {
  id: string;
  label: string;
  currency: string;
}

/** The seller's offerings (every product's, listed or not), named "Product · Offering". */
export function useOfferingOptions(): { options: OfferingOption[]; isPending: boolean } {
  const trpc = useTRPC();
  const catalog = useQuery(trpc.catalogAdmin.list.queryOptions());
  const options = (catalog.data?.products ?? []).flatMap((product) => product.offerings.map((offering) => ({ id: offering.id, label: `${product.name} · ${offering.name}`, currency: offering.currency })));
  return { options, isPending: catalog.isPending };
}

/** The offerings a code applies to: checkboxes, none for every offering. */
export function OfferingChoice(props: { idPrefix: string; value: string[]; onChange: (next: string[]) => void; errors: FieldErrors; options: OfferingOption[]; isPending: boolean }) {
  const id = `${props.idPrefix}-OfferingIds`;
  return (
    <fieldset id={id} tabIndex={-1} className="min-w-0" aria-describedby={[`${id}-hint`, props.errors.OfferingIds ? `${id}-error` : null].filter(Boolean).join(' ')}>
      <legend className="text-sm font-medium text-slate-700">Applies to</legend>
      <FieldNote id={id} hint="None chosen: every offering you sell, now and later." />
      {props.isPending && <p className="mt-2 text-sm text-slate-600">Loading your offerings…</p>}
      {!props.isPending && props.options.length === 0 && <p className="mt-2 text-sm text-slate-600">You have no offerings yet: the code applies to every offering.</p>}
      <div className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2">
        {props.options.map((option) => (
          <label key={option.id} className="flex min-w-0 items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={props.value.includes(option.id)}
              onChange={(event) => props.onChange(event.target.checked ? [...props.value, option.id] : props.value.filter((one) => one !== option.id))}
              className="h-4 w-4 shrink-0 accent-indigo-600"
            />
            <span className="min-w-0 [overflow-wrap:anywhere]">{option.label}</span>
          </label>
        ))}
      </div>
      {props.errors.OfferingIds && <FieldNote id={id} error={props.errors.OfferingIds} />}
    </fieldset>
  );
}

/** A number typed in a field: undefined when empty (the schema says it is required), NaN when not a number. */
export function typedNumber(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

/** An amount typed in the currency's main unit ("4.50", "4,50", "1200" yen) as minor units; null when it is not one. */
export function minorUnitsOf(text: string, currency: string): number | null {
  const digits = /^[A-Za-z]{3}$/.test(currency.trim()) ? minorUnitDigits(currency.trim().toLowerCase()) : 2;
  const match = /^(\d{1,12})(?:[.,](\d+))?$/.exec(text.trim());
  if (!match || (match[2] ?? '').length > digits) return null;
  return Number(match[1]) * 10 ** digits + Number((match[2] ?? '').padEnd(digits, '0') || '0');
}

/** An ISO time as a `datetime-local` value in the browser's zone ("2027-01-31T23:59"). */
export function localInputOf(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** A `datetime-local` value (the browser's zone) as an ISO time in UTC; null when empty; the text itself when it is no time (the schema says so). */
export function isoOfLocalInput(value: string): string | null {
  if (value.trim() === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** The form's general error (a refusal about no field it shows). */
export function GeneralError({ errors, prefix }: { errors: FieldErrors; prefix: string }) {
  if (!errors['']) return null;
  return (
    <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800 [overflow-wrap:anywhere]">
      {prefix}: {errors['']}
    </p>
  );
}
