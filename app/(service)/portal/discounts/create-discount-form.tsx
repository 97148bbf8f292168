'use client';

import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { DiscountDuration, DiscountKind } from '@/sdk/src/contract/discounts';
import { buttonSecondary } from '@/app/components/buttons';
import { useToast } from '@/app/components/toast';
import { useRefetchAfterChange } from '@/app/refetch-after-change';
import { useTRPC } from '@/app/trpc-provider';
import {
  buttonPrimary,
  FieldNote,
  GeneralError,
  inputClass,
  isoOfLocalInput,
  minorUnitsOf,
  OfferingChoice,
  placeErrors,
  RadioChoice,
  refusalsOf,
  TextInput,
  typedNumber,
  useOfferingOptions,
  describedBy,
  type FieldErrors,
} from './discount-fields';

// "New discount code": discounts.create, whose input is the very schema the management API parses
// (sdk/src/contract/discounts.ts); every refusal (its Details, an amount that is no amount, a code
// already taken) next to its field. (Turbopack does not resolve the contract's `.js` imports, so the
// browser takes its types only and the service checks.)

const MAX_AMOUNT_ROWS = 10;

interface AmountRow {
  key: number;
  currency: string;
  amount: string;
}

const KIND_OPTIONS: { value: DiscountKind; label: string }[] = [
  { value: 'percent', label: 'A percentage' },
  { value: 'amount', label: 'A fixed amount' },
];
const DURATION_OPTIONS: { value: DiscountDuration; label: string }[] = [
  { value: 'once', label: 'First payment' },
  { value: 'forever', label: 'Every payment' },
  { value: 'repeating', label: 'Some months' },
];

export function CreateDiscountForm() {
  const trpc = useTRPC();
  const toast = useToast();
  const refetchAfterChange = useRefetchAfterChange();
  const offerings = useOfferingOptions();
  const idPrefix = useId();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [kind, setKind] = useState<DiscountKind>('percent');
  const [percentOff, setPercentOff] = useState('');
  const [nextKey, setNextKey] = useState(1);
  const [amounts, setAmounts] = useState<AmountRow[]>([{ key: 0, currency: '', amount: '' }]);
  const [duration, setDuration] = useState<DiscountDuration>('once');
  const [months, setMonths] = useState('');
  const [expires, setExpires] = useState('');
  const [maxRedemptions, setMaxRedemptions] = useState('');
  const [offeringIds, setOfferingIds] = useState<string[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});

  const shownFields = [
    'Code',
    'Name',
    'Kind',
    ...(kind === 'percent' ? ['PercentOff'] : ['Amounts', ...amounts.flatMap((_, index) => [`Amounts.${index}.Currency`, `Amounts.${index}.AmountMinor`])]),
    'Duration',
    ...(duration === 'repeating' ? ['DurationMonths'] : []),
    'ExpiresUtc',
    'MaxRedemptions',
    'OfferingIds',
  ];

  function reset() {
    setCode('');
    setName('');
    setKind('percent');
    setPercentOff('');
    setAmounts([{ key: nextKey, currency: '', amount: '' }]);
    setNextKey(nextKey + 1);
    setDuration('once');
    setMonths('');
    setExpires('');
    setMaxRedemptions('');
    setOfferingIds([]);
  }

  const create = useMutation(
    trpc.discounts.create.mutationOptions({
      onSuccess: async (created) => {
        reset();
        setErrors({});
        toast(`Discount code ${created.code} created.`);
        await refetchAfterChange(trpc.discounts.list.queryKey());
      },
      onError: (error) => setErrors(placeErrors(refusalsOf(error), shownFields, idPrefix)),
    }),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const found: FieldErrors = {};
    const rows =
      kind === 'amount'
        ? amounts.map((row, index) => {
            const amountMinor = minorUnitsOf(row.amount, row.currency);
            if (amountMinor === null) found[`Amounts.${index}.AmountMinor`] = row.amount.trim() === '' ? 'This field is required.' : 'Enter an amount such as 4.50.';
            return { currency: row.currency.trim(), amountMinor: amountMinor ?? 1 };
          })
        : undefined;
    const expiresUtc = isoOfLocalInput(expires);
    const input = {
      code,
      name: name.trim() === '' ? null : name,
      kind,
      percentOff: kind === 'percent' ? typedNumber(percentOff) : undefined,
      amounts: rows,
      duration,
      durationMonths: duration === 'repeating' ? typedNumber(months) : undefined,
      expiresUtc,
      maxRedemptions: typedNumber(maxRedemptions) ?? null,
      offeringIds,
    };
    if (Object.keys(found).length > 0) {
      setErrors(placeErrors(found, shownFields, idPrefix));
      return;
    }
    setErrors({});
    create.mutate(input);
  }

  const setRow = (key: number, change: Partial<AmountRow>) => setAmounts(amounts.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const amountsId = `${idPrefix}-Amounts`;

  return (
    <section aria-labelledby={`${idPrefix}-heading`} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={`${idPrefix}-heading`} className="text-lg font-semibold">
        New discount code
      </h2>
      <form onSubmit={submit} noValidate className="mt-3 space-y-5">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextInput idPrefix={idPrefix} field="Code" label="Code" value={code} onChange={setCode} errors={errors} maxLength={40} placeholder="SUMMER-20" hint="What buyers type: 3 to 32 letters, digits, - or _; any case." />
          <TextInput idPrefix={idPrefix} field="Name" label={<>Name <span className="font-normal text-slate-500">(optional, for you and receipts)</span></>} value={name} onChange={setName} errors={errors} maxLength={80} />
        </div>

        <RadioChoice idPrefix={idPrefix} field="Kind" legend="Takes off" value={kind} options={KIND_OPTIONS} onChange={setKind} errors={errors} />
        {kind === 'percent' ? (
          <TextInput idPrefix={idPrefix} field="PercentOff" label="Percent off" value={percentOff} onChange={setPercentOff} errors={errors} inputMode="numeric" placeholder="20" hint="1 to 100." className="sm:max-w-xs" />
        ) : (
          <fieldset id={amountsId} tabIndex={-1} className="min-w-0 space-y-2" aria-describedby={[`${amountsId}-hint`, errors.Amounts ? `${amountsId}-error` : null].filter(Boolean).join(' ')}>
            <legend className="text-sm font-medium text-slate-700">Amount off, per currency</legend>
            <FieldNote id={amountsId} hint="The code applies to checkouts in these currencies only: one amount per currency, in its main unit (4.50 for USD 4.50)." />
            {amounts.map((row, index) => {
              const currencyId = `${idPrefix}-Amounts.${index}.Currency`;
              const amountId = `${idPrefix}-Amounts.${index}.AmountMinor`;
              return (
                <div key={row.key} data-testid="amount-row" className="flex flex-wrap items-start gap-2">
                  <div className="flex w-24 flex-col gap-1">
                    <label htmlFor={currencyId} className="text-xs font-medium text-slate-700">
                      Currency<span className="sr-only"> {index + 1}</span>
                    </label>
                    <input
                      id={currencyId}
                      value={row.currency}
                      maxLength={3}
                      placeholder="USD"
                      autoCapitalize="characters"
                      onChange={(event) => setRow(row.key, { currency: event.target.value.toUpperCase() })}
                      className={inputClass}
                      {...describedBy(currencyId, errors, `Amounts.${index}.Currency`)}
                    />
                  </div>
                  <div className="flex min-w-32 flex-1 flex-col gap-1">
                    <label htmlFor={amountId} className="text-xs font-medium text-slate-700">
                      Amount<span className="sr-only"> {index + 1}</span>
                    </label>
                    <input id={amountId} value={row.amount} inputMode="decimal" placeholder="4.50" onChange={(event) => setRow(row.key, { amount: event.target.value })} className={inputClass} {...describedBy(amountId, errors, `Amounts.${index}.AmountMinor`)} />
                  </div>
                  {amounts.length > 1 && (
                    <button type="button" className={`${buttonSecondary} mt-5`} onClick={() => setAmounts(amounts.filter((one) => one.key !== row.key))}>
                      Remove<span className="sr-only"> currency {index + 1}</span>
                    </button>
                  )}
                  <div className="basis-full">
                    <FieldNote id={currencyId} error={errors[`Amounts.${index}.Currency`]} />
                    <FieldNote id={amountId} error={errors[`Amounts.${index}.AmountMinor`]} />
                  </div>
                </div>
              );
            })}
            {amounts.length < MAX_AMOUNT_ROWS && (
              <button
                type="button"
                className={buttonSecondary}
                onClick={() => {
                  setAmounts([...amounts, { key: nextKey, currency: '', amount: '' }]);
                  setNextKey(nextKey + 1);
                }}
              >
                Add a currency
              </button>
            )}
            {errors.Amounts && <FieldNote id={amountsId} error={errors.Amounts} />}
          </fieldset>
        )}

        <RadioChoice idPrefix={idPrefix} field="Duration" legend="On a subscription, for" value={duration} options={DURATION_OPTIONS} onChange={setDuration} errors={errors} />
        {duration === 'repeating' && (
          <TextInput idPrefix={idPrefix} field="DurationMonths" label="Months" value={months} onChange={setMonths} errors={errors} inputMode="numeric" placeholder="3" hint="1 to 36: the payments of the subscription's first months." className="sm:max-w-xs" />
        )}

        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextInput idPrefix={idPrefix} field="ExpiresUtc" type="datetime-local" label={<>Expires <span className="font-normal text-slate-500">(optional)</span></>} value={expires} onChange={setExpires} errors={errors} hint="Your local time; empty: never." />
          <TextInput idPrefix={idPrefix} field="MaxRedemptions" label={<>Most redemptions <span className="font-normal text-slate-500">(optional)</span></>} value={maxRedemptions} onChange={setMaxRedemptions} errors={errors} inputMode="numeric" hint="Empty: no limit." />
        </div>

        <OfferingChoice idPrefix={idPrefix} value={offeringIds} onChange={setOfferingIds} errors={errors} options={offerings.options} isPending={offerings.isPending} />

        <GeneralError errors={errors} prefix="Could not create the code" />
        <button type="submit" className={buttonPrimary} disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create code'}
        </button>
      </form>
    </section>
  );
}
