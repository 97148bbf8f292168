'use client';

import { useCallback, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { ZodType } from 'zod';
import type { ValidationDetail } from '@/server/errors';
import { validationErrorFromZod } from '@/server/validation-error';

// Labelled inputs with their errors beside them, and one error summary per form. Errors come from
// the same zod schemas the services use (checked before sending) or from the tRPC error's
// data.details ({Code, Message, Field}, Field in PascalCase) when the server refuses.

export const inputClass =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200 aria-[invalid=true]:border-red-500 disabled:bg-slate-100';
export const buttonPrimary =
  'rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-60';
export const buttonSecondary =
  'rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60';
export const buttonDanger =
  'rounded-md border border-red-300 bg-white px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:opacity-60';

/** The ApiError Details of a failed tRPC call, or [] when it has none. */
export function detailsFromError(error: unknown): ValidationDetail[] {
  const details = (error as { data?: { details?: unknown } } | null)?.data?.details;
  if (!Array.isArray(details)) return [];
  return details.filter(
    (item): item is ValidationDetail =>
      typeof item === 'object' && item !== null && typeof item.Message === 'string' && typeof item.Field === 'string',
  );
}

export function apiCodeOf(error: unknown): string | undefined {
  const code = (error as { data?: { apiCode?: unknown } } | null)?.data?.apiCode;
  return typeof code === 'string' ? code : undefined;
}

export function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
}

/** '' is "no value" (null); anything else is read as a number (NaN is refused by the schema). */
export function numberOrNull(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}
export const textOf = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

export interface FormErrors {
  /** Prefix of the ids of this form's inputs: `${idPrefix}-${Field}`. */
  idPrefix: string;
  details: ValidationDetail[];
  /** A failure that is not about one field (NotFound, ServerError…). */
  general: string | null;
  summaryRef: RefObject<HTMLDivElement | null>;
  messagesFor: (field: string) => string[];
  /** Parses with the schema; on failure shows the issues and answers null. */
  check: <T>(schema: ZodType<T>, input: unknown) => T | null;
  showServerError: (error: unknown) => void;
  clear: () => void;
}

export function useFormErrors(idPrefix: string): FormErrors {
  const [details, setDetails] = useState<ValidationDetail[]>([]);
  const [general, setGeneral] = useState<string | null>(null);
  const summaryRef = useRef<HTMLDivElement | null>(null);
  const focusSummary = () => requestAnimationFrame(() => summaryRef.current?.focus());

  const show = useCallback((next: ValidationDetail[], message: string | null) => {
    setDetails(next);
    setGeneral(message);
    focusSummary();
  }, []);

  return {
    idPrefix,
    details,
    general,
    summaryRef,
    messagesFor: (field) => details.filter((detail) => detail.Field === field).map((detail) => detail.Message),
    check: (schema, input) => {
      const result = schema.safeParse(input);
      if (result.success) return result.data;
      show(validationErrorFromZod(result.error).details ?? [], null);
      return null;
    },
    showServerError: (error) => {
      const found = detailsFromError(error);
      show(found, found.length > 0 ? null : messageOf(error));
    },
    clear: () => {
      setDetails([]);
      setGeneral(null);
    },
  };
}

export const fieldId = (errors: FormErrors, field: string) => `${errors.idPrefix}-${field}`;

/** The summary at the top of a form: every problem, each linking to its field. */
export function ErrorSummary({ errors, labels }: { errors: FormErrors; labels: Record<string, string> }) {
  if (errors.details.length === 0 && !errors.general) return null;
  return (
    <div ref={errors.summaryRef} tabIndex={-1} role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
      {errors.general ? (
        <p className="font-medium">{errors.general}</p>
      ) : (
        <>
          <p className="font-medium">
            {errors.details.length === 1 ? 'Please correct this problem:' : `Please correct these ${errors.details.length} problems:`}
          </p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {errors.details.map((detail, index) => (
              <li key={`${detail.Field}-${index}`}>
                {labels[detail.Field] ? (
                  <a className="underline" href={`#${fieldId(errors, detail.Field)}`}>
                    {labels[detail.Field]}: {detail.Message}
                  </a>
                ) : (
                  <span>
                    {detail.Field ? `${detail.Field}: ` : ''}
                    {detail.Message}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

interface FieldProps {
  errors: FormErrors;
  /** The PascalCase Field name the server uses in Details (e.g. "BaseRate"). */
  field: string;
  label: string;
  hint?: string;
  className?: string;
}

/** The ids of a field's hint and error text, for aria-describedby. */
function describedByFor(id: string, hint: ReactNode, messages: string[]): string | undefined {
  return [hint ? `${id}-hint` : null, messages.length > 0 ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

/** A field's hint and its error messages, below the control. */
function FieldNotes({ id, hint, messages }: { id: string; hint: ReactNode; messages: string[] }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {messages.length > 0 && (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700">
          {messages.join(' ')}
        </p>
      )}
    </>
  );
}

function FieldShell({ errors, field, label, hint, className, children }: FieldProps & { children: (a11y: A11yProps) => ReactNode }) {
  const id = fieldId(errors, field);
  const messages = errors.messagesFor(field);
  const describedBy = describedByFor(id, hint, messages);
  return (
    <div className={`flex flex-col gap-1 ${className ?? ''}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children({ id, name: field, 'aria-invalid': messages.length > 0 || undefined, 'aria-describedby': describedBy })}
      <FieldNotes id={id} hint={hint} messages={messages} />
    </div>
  );
}

interface A11yProps {
  id: string;
  name: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export function TextField(
  props: FieldProps & { value: string; onChange: (value: string) => void; type?: 'text' | 'number'; step?: string; min?: number; disabled?: boolean; inputMode?: 'decimal' | 'numeric'; maxLength?: number; placeholder?: string },
) {
  const { value, onChange, type = 'text', step, min, disabled, inputMode, maxLength, placeholder, ...field } = props;
  return (
    <FieldShell {...field}>
      {(a11y) => (
        <input
          {...a11y}
          type={type}
          step={step}
          min={min}
          inputMode={inputMode}
          maxLength={maxLength}
          placeholder={placeholder}
          disabled={disabled}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={inputClass}
        />
      )}
    </FieldShell>
  );
}

export function TextAreaField(props: FieldProps & { value: string; onChange: (value: string) => void }) {
  const { value, onChange, ...field } = props;
  return (
    <FieldShell {...field}>
      {(a11y) => <textarea {...a11y} rows={2} value={value} onChange={(event) => onChange(event.target.value)} className={inputClass} />}
    </FieldShell>
  );
}

export function SelectField(props: FieldProps & { value: string; onChange: (value: string) => void; options: { value: string; label: string }[] }) {
  const { value, onChange, options, ...field } = props;
  return (
    <FieldShell {...field}>
      {(a11y) => (
        <select {...a11y} value={value} onChange={(event) => onChange(event.target.value)} className={inputClass}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

export function CheckboxField({ errors, field, label, hint, checked, onChange }: FieldProps & { checked: boolean; onChange: (checked: boolean) => void }) {
  const id = fieldId(errors, field);
  const messages = errors.messagesFor(field);
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-2 pt-6">
        <input
          id={id}
          name={field}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={messages.length > 0 || undefined}
          aria-describedby={describedByFor(id, hint, messages)}
          className="h-4 w-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-500"
        />
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          {label}
        </label>
      </div>
      <FieldNotes id={id} hint={hint} messages={messages} />
    </div>
  );
}
