'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState, useTransition } from 'react';
import type { PlanChangeOption, PlanChangeQuote } from '@licensing/core';
import { useTRPC } from '@/app/trpc-provider';
import { buttonSecondary } from './buttons';
import { FormattedDate, useFormat } from './formatted';
import { useOneConfirmation } from './one-confirmation';

// "Change plan" on a license page (the buyer's licenses and the seller's license in the portal), the
// same control on both over their own procedures: the license's scheduled change with a button that
// cancels it, and a panel that lists the offerings of the product the license may move to with what
// each costs, what is charged or credited today and from when (the service's own figures, the same
// the change then records), confirmed before anything changes. One RequestId per confirmation, so a
// double submit is one change; a new attempt after an answer gets a new one.

const newRequestId = () => crypto.randomUUID();
type Timing = 'now' | 'period_end';

interface ScheduledPlanChange {
  toOfferingName: string;
  effectiveAt: Date;
  unitPriceMinor: number | null;
  currency: string | null;
}

interface ChangePlanProps {
  /** Whose page: the buyer's (licenses.*) or the seller's portal (sellerLicenses.*). */
  side: 'buyer' | 'seller';
  licenseId: string;
  offeringName: string;
  /** Whether a change may be asked now (the page knows: a live license whose product has other offerings). */
  canChange: boolean;
  scheduled: ScheduledPlanChange | null;
}

function useRefresh() {
  const router = useRouter();
  const [refreshing, start] = useTransition();
  return { refreshing, refresh: () => start(() => router.refresh()) };
}

export function ChangePlan({ side, licenseId, offeringName, canChange, scheduled }: ChangePlanProps) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const openButton = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    requestAnimationFrame(() => openButton.current?.focus());
  };
  useOneConfirmation(open, () => setOpen(false));
  return (
    <div className="space-y-2" data-testid="change-plan">
      <p role="status" className="text-sm text-emerald-800 [overflow-wrap:anywhere] empty:hidden" data-testid="plan-change-feedback">
        {done}
      </p>
      {scheduled && <ScheduledChange side={side} licenseId={licenseId} offeringName={offeringName} scheduled={scheduled} onCancelled={() => setDone('The plan change is cancelled: the license stays on its plan.')} />}
      {canChange &&
        (open ? (
          <PlanChoice
            side={side}
            licenseId={licenseId}
            offeringName={offeringName}
            onClose={close}
            onChanged={(message) => {
              setDone(message);
              setOpen(false);
            }}
          />
        ) : (
          <button
            ref={openButton}
            type="button"
            className={buttonSecondary}
            onClick={() => {
              setDone(null);
              setOpen(true);
            }}
          >
            Change plan<span className="sr-only"> of {offeringName}</span>
          </button>
        ))}
    </div>
  );
}

function ScheduledChange({ side, licenseId, offeringName, scheduled, onCancelled }: { side: ChangePlanProps['side']; licenseId: string; offeringName: string; scheduled: ScheduledPlanChange; onCancelled: () => void }) {
  const trpc = useTRPC();
  const format = useFormat();
  const { refreshing, refresh } = useRefresh();
  const [requestId, setRequestId] = useState(newRequestId);
  const options = {
    onSuccess: () => {
      setRequestId(newRequestId());
      onCancelled();
      refresh();
    },
  };
  const buyerCancel = useMutation(trpc.licenses.cancelPlanChange.mutationOptions(options));
  const sellerCancel = useMutation(trpc.sellerLicenses.cancelPlanChange.mutationOptions(options));
  const cancel = side === 'buyer' ? buyerCancel : sellerCancel;
  const price = scheduled.unitPriceMinor === null || !scheduled.currency ? 'free' : `${format.money(scheduled.unitPriceMinor, scheduled.currency)} per seat`;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950" data-testid="scheduled-plan-change">
      <p className="min-w-0 flex-1 basis-60 [overflow-wrap:anywhere]">
        Changes to <span className="font-semibold">{scheduled.toOfferingName}</span> ({price}) on <FormattedDate value={scheduled.effectiveAt} />, at the end of the current period.
      </p>
      <button type="button" className={buttonSecondary} disabled={cancel.isPending || refreshing} onClick={() => cancel.mutate({ requestId, licenseId })}>
        {cancel.isPending ? 'Cancelling…' : 'Cancel the change'}
        <span className="sr-only"> of {offeringName}</span>
      </button>
      {cancel.error && (
        <p role="alert" className="w-full text-red-700 [overflow-wrap:anywhere]">
          {cancel.error.message}
        </p>
      )}
    </div>
  );
}

function PlanChoice({ side, licenseId, offeringName, onClose, onChanged }: { side: ChangePlanProps['side']; licenseId: string; offeringName: string; onClose: () => void; onChanged: (message: string) => void }) {
  const trpc = useTRPC();
  const format = useFormat();
  const ids = useId();
  const { refreshing, refresh } = useRefresh();
  const [chosen, setChosen] = useState<string | null>(null);
  const [timing, setTiming] = useState<Timing | null>(null);
  const [requestId, setRequestId] = useState(newRequestId);
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened by its button, which is gone now: focus goes to the panel that took its place.
  useEffect(() => heading.current?.focus(), []);
  const buyerOptions = useQuery({ ...trpc.licenses.planOptions.queryOptions({ licenseId }), enabled: side === 'buyer' });
  const sellerOptions = useQuery({ ...trpc.sellerLicenses.planOptions.queryOptions({ licenseId }), enabled: side === 'seller' });
  const loaded = side === 'buyer' ? buyerOptions : sellerOptions;
  const data = loaded.data;
  const option = data?.options.find((candidate) => candidate.offeringId === chosen) ?? null;
  const when: Timing | null = option ? (timing && option.quotes[timing] ? timing : option.defaultTiming) : null;
  const quote = option && when ? option.quotes[when] : null;
  const changed = (answer: { planChange: { status: string; effectiveUtc: string } }) => {
    setRequestId(newRequestId());
    const name = option?.name ?? 'the new plan';
    onChanged(answer.planChange.status === 'applied' ? `The license is now on ${name}.` : `The license changes to ${name} on ${format.date(answer.planChange.effectiveUtc)}.`);
    refresh();
  };
  const buyerChange = useMutation(trpc.licenses.changePlan.mutationOptions({ onSuccess: changed, onError: () => setRequestId(newRequestId()) }));
  const sellerChange = useMutation(trpc.sellerLicenses.changePlan.mutationOptions({ onSuccess: changed, onError: () => setRequestId(newRequestId()) }));
  const change = side === 'buyer' ? buyerChange : sellerChange;
  const busy = change.isPending || refreshing;
  const period = data?.periodText ?? null;

  const priceOf = (unitPriceMinor: number | null, currency: string | null) =>
    unitPriceMinor === null || !currency ? 'Free' : `${format.money(unitPriceMinor, currency)} per seat${period ? ` / ${period}` : ''}`;

  return (
    <section
      aria-labelledby={`${ids}-heading`}
      className="space-y-4 rounded-md border border-slate-300 bg-slate-50 p-3 sm:p-4"
      data-testid="plan-change-panel"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !busy) onClose();
      }}
    >
      <h3 ref={heading} tabIndex={-1} id={`${ids}-heading`} className="text-base font-semibold [overflow-wrap:anywhere] focus:outline-none">
        Change the plan of {offeringName}
      </h3>
      {loaded.isPending ? (
        <p className="text-sm text-slate-600">Loading the plans…</p>
      ) : loaded.error ? (
        <p role="alert" className="text-sm text-red-700 [overflow-wrap:anywhere]">
          The plans could not be loaded: {loaded.error.message}
        </p>
      ) : data?.unavailable ? (
        <p className="text-sm text-slate-700">{data.unavailable}</p>
      ) : data && data.options.length === 0 ? (
        <div className="space-y-1 text-sm text-slate-700">
          <p>No other plan of {data.productName} can take this license.</p>
          <RefusedList refused={data.refused} />
        </div>
      ) : data ? (
        <>
          <p className="text-sm text-slate-700">
            Now: <span className="font-medium">{data.current.name}</span>, {priceOf(data.current.unitPriceMinor, data.current.currency).toLowerCase()}. Seats and license codes stay as they are; the features
            follow the new plan from the moment it applies.
          </p>
          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold text-slate-800">New plan</legend>
            {data.options.map((candidate) => (
              <OptionRadio key={candidate.offeringId} name={`${ids}-plan`} option={candidate} checked={chosen === candidate.offeringId} price={priceOf} onChoose={() => {
                setChosen(candidate.offeringId);
                setTiming(null);
                change.reset();
              }} />
            ))}
          </fieldset>
          {data.refused.length > 0 && <RefusedList refused={data.refused} />}
          {option && quote && when && (
            <>
              {option.quotes.now && option.quotes.period_end && (
                <fieldset className="space-y-1">
                  <legend className="text-sm font-semibold text-slate-800">When</legend>
                  {(['now', 'period_end'] as const).map((value) => (
                    <label key={value} className="flex items-start gap-2 text-sm">
                      <input type="radio" name={`${ids}-when`} value={value} checked={when === value} onChange={() => setTiming(value)} className="mt-1" />
                      <span>{value === 'now' ? 'Now (the rest of this period is prorated)' : <>At the end of the period, on <FormattedDate value={option.quotes.period_end!.effectiveAt} /></>}</span>
                    </label>
                  ))}
                </fieldset>
              )}
              <Preview quote={quote} price={priceOf(quote.unitPriceMinor, quote.currency)} />
              <div className="flex flex-wrap gap-2">
                <button type="button" className={buttonSecondary} disabled={busy} onClick={() => change.mutate({ requestId, licenseId, offeringId: option.offeringId, when })}>
                  {change.isPending ? 'Changing…' : `Change to ${option.name}`}
                </button>
                <button type="button" className={buttonSecondary} disabled={busy} onClick={onClose}>
                  Keep {offeringName}
                </button>
              </div>
            </>
          )}
          {!option && (
            <button type="button" className={buttonSecondary} onClick={onClose}>
              Close
            </button>
          )}
        </>
      ) : null}
      {change.error && (
        <p role="alert" className="text-sm text-red-700 [overflow-wrap:anywhere]">
          {change.error.message}
        </p>
      )}
    </section>
  );
}

function OptionRadio({ name, option, checked, price, onChoose }: { name: string; option: PlanChangeOption; checked: boolean; price: (unitPriceMinor: number | null, currency: string | null) => string; onChoose: () => void }) {
  const quote = option.quotes[option.defaultTiming] ?? option.quotes.now ?? option.quotes.period_end;
  return (
    <label className={`flex items-start gap-2 rounded-md border bg-white p-2 text-sm ${checked ? 'border-indigo-500' : 'border-slate-200'}`}>
      <input type="radio" name={name} value={option.offeringId} checked={checked} onChange={onChoose} className="mt-1" />
      <span className="min-w-0 [overflow-wrap:anywhere]">
        <span className="font-medium">{option.name}</span>
        <span className="text-slate-700"> · {price(quote?.unitPriceMinor ?? null, quote?.currency ?? null)}</span>
        {option.features.length > 0 && <span className="block text-xs text-slate-600">{option.features.join(', ')}</span>}
      </span>
    </label>
  );
}

/** What the change costs: the service's own figures for it, before it is made. */
function Preview({ quote, price }: { quote: PlanChangeQuote; price: string }) {
  const format = useFormat();
  const seats = `${quote.liveSeats} ${quote.liveSeats === 1 ? 'seat' : 'seats'}`;
  const taxNote = quote.prorationTaxMinor !== 0 && quote.currency ? `, ${format.money(Math.abs(quote.prorationTaxMinor), quote.currency)} tax included` : '';
  const today =
    quote.prorationMinor === 0 || !quote.currency
      ? 'Nothing'
      : quote.prorationMinor > 0
        ? `${format.money(quote.prorationMinor, quote.currency)} charged for the rest of this period (${seats}${taxNote})`
        : `${format.money(-quote.prorationMinor, quote.currency)} credited for the rest of this period (${seats}${taxNote})`;
  return (
    <dl className="grid gap-x-4 gap-y-1 rounded-md border border-slate-200 bg-white p-3 text-sm sm:grid-cols-[auto_1fr]" data-testid="plan-change-preview">
      <dt className="text-slate-600">New price</dt>
      <dd className="[overflow-wrap:anywhere]">{price}</dd>
      <dt className="text-slate-600">Today</dt>
      <dd className="[overflow-wrap:anywhere]">{today}</dd>
      <dt className="text-slate-600">From</dt>
      <dd>{quote.timing === 'now' ? 'Now' : <FormattedDate value={quote.effectiveAt} />}</dd>
    </dl>
  );
}

function RefusedList({ refused }: { refused: { offeringId: string; name: string; reason: string }[] }) {
  if (refused.length === 0) return null;
  return (
    <details className="text-sm text-slate-700">
      <summary className="cursor-pointer">Plans this license cannot move to ({refused.length})</summary>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {refused.map((item) => (
          <li key={item.offeringId} className="[overflow-wrap:anywhere]">
            {item.reason}
          </li>
        ))}
      </ul>
    </details>
  );
}
