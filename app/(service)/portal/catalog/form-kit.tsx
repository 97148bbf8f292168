'use client';

// zod's messages in this bundle are the human ones ("Use at most 200 characters."), as on the server.
import '@/server/entry/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEvent, ReactNode } from 'react';
import { get, useForm, type DefaultValues, type FieldValues, type Path, type Resolver, type SubmitHandler, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { ValidationDetail } from '@/server/entry/shared';

// The catalog's forms: react-hook-form checking with the very zod schema the service parses, then
// the server's refusals (tRPC data.details: [{ Code, Message, Field }], Field in PascalCase) put
// on the same fields. A refusal about no field of the form is the form's general error.

const inputClass =
  'w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200 aria-[invalid=true]:border-red-600 read-only:bg-slate-100';
export const buttonPrimary =
  'rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-60';
export const buttonSecondary =
  'rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60';

/** The ApiError Details of a failed tRPC call, or [] when it has none. */
export function detailsFromError(error: unknown): ValidationDetail[] {
  const details = (error as { data?: { details?: unknown } } | null)?.data?.details;
  if (!Array.isArray(details)) return [];
  return (details as unknown[]).filter(isValidationDetail);
}

function isValidationDetail(item: unknown): item is ValidationDetail {
  return typeof item === 'object' && item !== null && 'Message' in item && typeof item.Message === 'string' && 'Field' in item && typeof item.Field === 'string';
}

export function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
}

/** A form checked by `schema` before it is sent: the service's own schema, so both refuse alike. */
export function useSchemaForm<S extends z.ZodType<FieldValues, FieldValues>>(schema: S, defaultValues: DefaultValues<z.input<S>>) {
  return useForm<z.input<S>, unknown, z.output<S>>({ resolver: zodResolver(schema as never) as unknown as Resolver<z.input<S>, unknown, z.output<S>>, defaultValues });
}

/**
 * The form's `onSubmit`: checks with the schema, then hands the parsed values to `onValid`. React
 * drops what a handler returns, so a failure on the way (the resolver, `onValid` throwing) is put
 * on the form as its general error here rather than lost.
 */
export function submitHandler<T extends FieldValues, R>(form: UseFormReturn<T, unknown, R>, onValid: SubmitHandler<R>) {
  const submit = form.handleSubmit(onValid);
  return (event: FormEvent<HTMLFormElement>): void => {
    submit(event).catch((error: unknown) => form.setError('root.server', { type: 'server', message: messageOf(error) }));
  };
}

// What the form hands its submit handler does not matter here: these read errors and register fields.
type AnyForm<T extends FieldValues> = UseFormReturn<T, unknown, unknown>;

const camelSegment = (segment: string) => (segment ? segment[0]!.toLowerCase() + segment.slice(1) : segment);
/** A Detail's Field as the form names it: `Name` → `name`, `Features.0.Key` → `features.0.key`. */
const camel = (field: string) => field.split('.').map(camelSegment).join('.');

/**
 * Puts a server refusal on the form: each detail on its field (the first one focused), anything
 * else (NotFound, a field the form does not show, a network failure) as the general error.
 */
export function showServerRefusal<T extends FieldValues>(form: AnyForm<T>, error: unknown, labels: Record<string, string>): void {
  const details = detailsFromError(error);
  const onFields = details.filter((detail) => camel(detail.Field) in labels);
  const elsewhere = details.filter((detail) => !(camel(detail.Field) in labels));
  onFields.forEach((detail, index) =>
    form.setError(camel(detail.Field) as Path<T>, { type: 'server', message: detail.Message }, { shouldFocus: index === 0 }),
  );
  if (elsewhere.length > 0 || onFields.length === 0) {
    const message = elsewhere.length > 0 ? elsewhere.map((detail) => detail.Message).join(' ') : messageOf(error);
    form.setError('root.server', { type: 'server', message });
  }
}

/** The form's general error and a list of its field errors, each linking to its field. */
export function FormErrors<T extends FieldValues>({ form, idPrefix, labels }: { form: AnyForm<T>; idPrefix: string; labels: Record<string, string> }) {
  const { errors } = form.formState;
  const general = errors.root?.server?.message;
  // Names may be paths into nested values (`product.name`, `features.0.key`).
  const messageAt = (name: string): unknown => get<typeof errors, { message?: unknown } | undefined>(errors, name)?.message;
  const fields = Object.keys(labels).filter((name) => typeof messageAt(name) === 'string');
  if (!general && fields.length === 0) return null;
  return (
    <div role="alert" className="space-y-1 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
      {general && <p className="font-medium">{general}</p>}
      {fields.length > 0 && (
        <>
          <p className="font-medium">{fields.length === 1 ? 'Please correct this problem:' : `Please correct these ${fields.length} problems:`}</p>
          <ul className="list-disc space-y-0.5 pl-5">
            {fields.map((name) => (
              <li key={name}>
                <a className="underline" href={`#${idPrefix}-${name}`}>
                  {labels[name]}: {String(messageAt(name))}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** How the text of a control becomes the value the schema reads. */
type ValueKind = 'text' | 'number' | 'numberOrNull' | 'textOrNull';
// RHF also passes the default value itself (a number or null) through these when it registers.
const isEmpty = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
const VALUE_OF: Record<ValueKind, ((value: unknown) => unknown) | undefined> = {
  text: undefined,
  number: (value) => Number(value),
  numberOrNull: (value) => (isEmpty(value) ? null : Number(value)),
  textOrNull: (value) => (isEmpty(value) ? null : value),
};

interface FieldProps<T extends FieldValues> {
  form: AnyForm<T>;
  idPrefix: string;
  name: Path<T>;
  label: string;
  hint?: ReactNode;
  className?: string;
}

function useFieldParts<T extends FieldValues>({ form, idPrefix, name, hint }: FieldProps<T>) {
  const id = `${idPrefix}-${name}`;
  const message = form.getFieldState(name, form.formState).error?.message;
  const describedBy = [hint ? `${id}-hint` : null, message ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return { id, message, a11y: { id, 'aria-invalid': message ? true : undefined, 'aria-describedby': describedBy } as const };
}

function FieldNotes({ id, hint, message }: { id: string; hint?: ReactNode; message?: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {message && (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700" data-testid="field-error">
          {message}
        </p>
      )}
    </>
  );
}

function FieldShell({ id, label, className, hint, message, children }: { id: string; label: string; className?: string; hint?: ReactNode; message?: string; children: ReactNode }) {
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className ?? ''}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      <FieldNotes id={id} hint={hint} message={message} />
    </div>
  );
}

export function TextField<T extends FieldValues>(
  props: FieldProps<T> & {
    kind?: ValueKind;
    type?: 'text' | 'number';
    step?: string;
    min?: number;
    inputMode?: 'decimal' | 'numeric';
    readOnly?: boolean;
    /** Text shown inside the box before the value, such as a currency code (say it in the hint too). */
    prefix?: string;
    placeholder?: string;
    /** Called with the text after each change (after the form has taken it). */
    onValueChange?: (text: string) => void;
  },
) {
  const { form, name, label, hint, className, kind = 'text', type = 'text', step, min, inputMode, readOnly, prefix, placeholder, onValueChange } = props;
  const { id, message, a11y } = useFieldParts(props);
  const setValueAs = VALUE_OF[kind];
  const registered = form.register(name, {
    ...(setValueAs ? { setValueAs } : {}),
    ...(onValueChange ? { onChange: (event: { target: { value: string } }) => onValueChange(event.target.value) } : {}),
  });
  const input = <input {...a11y} {...registered} type={type} step={step} min={min} inputMode={inputMode} readOnly={readOnly} placeholder={placeholder} className={prefix ? `${inputClass} pl-14` : inputClass} />;
  return (
    <FieldShell id={id} label={label} className={className} hint={hint} message={message}>
      {prefix ? (
        <div className="relative min-w-0">
          <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-0 flex w-12 items-center justify-center border-r border-slate-300 text-sm font-medium text-slate-600">
            {prefix}
          </span>
          {input}
        </div>
      ) : (
        input
      )}
    </FieldShell>
  );
}

export function TextAreaField<T extends FieldValues>(props: FieldProps<T>) {
  const { form, name, label, hint, className } = props;
  const { id, message, a11y } = useFieldParts(props);
  return (
    <FieldShell id={id} label={label} className={className} hint={hint} message={message}>
      <textarea {...a11y} {...form.register(name)} rows={2} className={inputClass} />
    </FieldShell>
  );
}

export function SelectField<T extends FieldValues>(props: FieldProps<T> & { kind?: ValueKind; options: { value: string; label: string }[] }) {
  const { form, name, label, hint, className, kind = 'number', options } = props;
  const { id, message, a11y } = useFieldParts(props);
  const setValueAs = VALUE_OF[kind];
  return (
    <FieldShell id={id} label={label} className={className} hint={hint} message={message}>
      <select {...a11y} {...form.register(name, setValueAs ? { setValueAs } : {})} className={inputClass}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** One choice of a few, as radio buttons in a group named by `label`; `stacked`: one a line, for choices worded as sentences. */
export function RadioField<T extends FieldValues>(
  props: FieldProps<T> & { options: { value: string; label: string }[]; onValueChange?: (value: string) => void; stacked?: boolean },
) {
  const { form, name, label, hint, className, options, onValueChange, stacked } = props;
  const { id, message } = useFieldParts(props);
  const describedBy = [hint ? `${id}-hint` : null, message ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const registered = form.register(name, onValueChange ? { onChange: (event: { target: { value: string } }) => onValueChange(event.target.value) } : {});
  return (
    <fieldset id={id} aria-describedby={describedBy} className={`flex min-w-0 flex-col gap-2 ${className ?? ''}`}>
      <legend className="mb-1 text-sm font-medium text-slate-700">{label}</legend>
      <div className={stacked ? 'grid gap-2' : 'grid grid-cols-2 gap-2 sm:flex sm:flex-wrap'}>
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-w-0 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-300"
          >
            <input {...registered} type="radio" value={option.value} aria-invalid={message ? true : undefined} className="h-4 w-4 shrink-0 accent-indigo-600" />
            {option.label}
          </label>
        ))}
      </div>
      <FieldNotes id={id} hint={hint} message={message} />
    </fieldset>
  );
}

export function CheckboxField<T extends FieldValues>(props: FieldProps<T>) {
  const { form, name, label, hint, className } = props;
  const { id, message, a11y } = useFieldParts(props);
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className ?? ''}`}>
      <div className="flex items-center gap-2">
        <input {...a11y} {...form.register(name)} type="checkbox" className="h-4 w-4 shrink-0 rounded border-slate-300 accent-indigo-600" />
        <label htmlFor={id} className="min-w-0 text-sm font-medium text-slate-700">
          {label}
        </label>
      </div>
      <FieldNotes id={id} hint={hint} message={message} />
    </div>
  );
}
