'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState, useTransition, type FormEvent } from 'react';
import { minorUnitDigits } from '@/server/entry/shared';
import { buttonDanger, buttonSecondary } from '@/app/components/buttons';
import { useFormat } from '@/app/components/formatted';
import { useOneConfirmation } from '@/app/components/one-confirmation';
import { useToast } from '@/app/components/toast';
import { useTRPC } from '@/app/trpc-provider';
import { detailsFromError } from '../../catalog/form-kit';
import { parseRefundAmount, plainDecimal } from './refund-amount';

// The order page's Refund: one form that is its own confirmation (the page's one open question),
// saying exactly what will happen before anything does. Through the same refund service as the
// management API; one RequestId per refund, so a double submit refunds once.

const newRequestId = () => crypto.randomUUID();

type LicenseChoice = 'revoke' | 'keep';
/** The order's license as the form cares: running (the seller chooses), already ended, or none sold. */
type LicenseState = 'live' | 'ended' | 'none';

export function RefundAction(props: { orderId: string; currency: string; refundableMinor: number; customerEmail: string | null; license: LicenseState }) {
  const trpc = useTRPC();
  const router = useRouter();
  const toast = useToast();
  const format = useFormat();
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  // null: the choice follows the amount (End for all that is left, Keep for a part) until the seller picks.
  const [chosen, setChosen] = useState<LicenseChoice | null>(null);
  const [requestId, setRequestId] = useState(newRequestId);
  const [showLocalError, setShowLocalError] = useState(false);
  const [refreshing, startRefresh] = useTransition();
  // Set by a refund that went through: once the page has been read again, focus goes to the refunds.
  const focusRefundsAfterRefresh = useRef(false);
  const openButton = useRef<HTMLButtonElement>(null);
  const amountField = useRef<HTMLInputElement>(null);
  const refund = useMutation(trpc.sellerOrders.refund.mutationOptions());

  const close = () => {
    setOpen(false);
    refund.reset();
  };
  useOneConfirmation(open, close);

  // After a refund the page is read again; once it is, focus goes to the refunds, where the new one is.
  useEffect(() => {
    if (!focusRefundsAfterRefresh.current || refreshing) return;
    focusRefundsAfterRefresh.current = false;
    document.getElementById('refunds-heading')?.focus();
  }, [refreshing]);

  if (props.refundableMinor <= 0) return null;

  if (!open) {
    return (
      <button
        ref={openButton}
        type="button"
        className={buttonSecondary}
        disabled={refreshing}
        onClick={() => {
          setAmountText(plainDecimal(props.refundableMinor, props.currency));
          setReason('');
          setChosen(null);
          setShowLocalError(false);
          refund.reset();
          setOpen(true);
          requestAnimationFrame(() => amountField.current?.focus());
        }}
      >
        Refund
      </button>
    );
  }

  const parsed = parseRefundAmount(amountText, props.currency, props.refundableMinor);
  const amountMinor = 'minor' in parsed ? parsed.minor : null;
  const licenseChoice: LicenseChoice = chosen ?? (amountMinor === props.refundableMinor ? 'revoke' : 'keep');
  const sentLicense: LicenseChoice = props.license === 'live' ? licenseChoice : 'keep';
  const serverDetails = detailsFromError(refund.error);
  const serverAmountError = serverDetails.find((detail) => detail.Field.toLowerCase() === 'amount')?.Message;
  const amountError = (showLocalError && 'error' in parsed ? parsed.error : null) ?? serverAmountError ?? null;
  const generalError = refund.error && !serverAmountError ? (serverDetails.map((detail) => detail.Message).join(' ') || refund.error.message) : null;
  const busy = refund.isPending || refreshing;
  const to = props.customerEmail ?? 'the buyer';
  const sentence =
    amountMinor === null
      ? 'Enter the amount to refund.'
      : `Refund ${format.money(amountMinor, props.currency)} to ${to}${
          props.license === 'live'
            ? licenseChoice === 'revoke'
              ? ' and end the license: its codes stop working at their next check.'
              : ' and keep the license: its codes keep working.'
            : props.license === 'ended'
              ? '. The license has already ended.'
              : '.'
        }`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (amountMinor === null) {
      setShowLocalError(true);
      amountField.current?.focus();
      return;
    }
    const trimmedReason = reason.trim();
    refund.mutate(
      {
        requestId,
        orderId: props.orderId,
        amount: amountMinor / 10 ** minorUnitDigits(props.currency),
        ...(trimmedReason ? { reason: trimmedReason } : {}),
        license: sentLicense,
      },
      {
        onSuccess: (view) => {
          const amount = format.money(amountMinor, props.currency);
          toast(`Refunded ${amount} to ${to}.${view.license === 'revoke' && props.license === 'live' ? ' The license has ended.' : ''}`);
          setRequestId(newRequestId());
          setOpen(false);
          refund.reset();
          focusRefundsAfterRefresh.current = true;
          startRefresh(() => router.refresh());
        },
        onError: (error) => {
          // A refusal about the amount is read where the amount is typed.
          if (detailsFromError(error).some((detail) => detail.Field.toLowerCase() === 'amount')) requestAnimationFrame(() => amountField.current?.focus());
        },
      },
    );
  };

  const cancel = () => {
    close();
    // Focus goes back to the button that opened the form, not to the top of the page.
    requestAnimationFrame(() => openButton.current?.focus());
  };

  return (
    <form
      onSubmit={submit}
      aria-label="Refund this order"
      data-testid="refund-form"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !busy) cancel();
      }}
      className="max-w-xl space-y-4 rounded-md border border-slate-300 bg-slate-50 p-4"
    >
      <div className="space-y-1">
        <label htmlFor={`${ids}-amount`} className="block text-sm font-medium text-slate-800">
          Amount ({props.currency.toUpperCase()})
        </label>
        <input
          ref={amountField}
          id={`${ids}-amount`}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={amountText}
          onChange={(event) => {
            setAmountText(event.target.value);
            if (refund.error) refund.reset();
          }}
          onBlur={() => setShowLocalError(true)}
          aria-invalid={amountError ? true : undefined}
          aria-describedby={`${ids}-amount-hint${amountError ? ` ${ids}-amount-error` : ''}`}
          className="w-40 max-w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 aria-[invalid=true]:border-red-600"
        />
        <p id={`${ids}-amount-hint`} className="text-xs text-slate-600">
          Up to {format.money(props.refundableMinor, props.currency)}, what is left to refund.
        </p>
        {amountError && (
          <p id={`${ids}-amount-error`} role="alert" data-testid="refund-amount-error" className="text-sm text-red-700">
            {amountError}
          </p>
        )}
      </div>

      <div className="space-y-1">
        <label htmlFor={`${ids}-reason`} className="block text-sm font-medium text-slate-800">
          Reason <span className="font-normal text-slate-600">(optional, for your records)</span>
        </label>
        <input
          id={`${ids}-reason`}
          name="reason"
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          className="w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
        />
      </div>

      {props.license === 'live' && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">The license</legend>
          {(
            [
              ['revoke', 'End the license (its codes stop working)'],
              ['keep', 'Keep the license'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-start gap-2 text-sm text-slate-800">
              <input type="radio" name="license" value={value} checked={licenseChoice === value} onChange={() => setChosen(value)} className="mt-0.5" />
              <span>{label}</span>
            </label>
          ))}
        </fieldset>
      )}

      <p data-testid="refund-sentence" aria-live="polite" className="text-sm font-medium text-slate-900">
        {sentence}
      </p>
      <p className="text-xs text-slate-600">The money goes back through the processor that took it; the buyer is e-mailed. A refund cannot be undone.</p>

      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonDanger} disabled={busy}>
          {refund.isPending ? 'Refunding…' : amountMinor === null ? 'Refund' : `Refund ${format.money(amountMinor, props.currency)}`}
        </button>
        <button type="button" className={buttonSecondary} disabled={busy} onClick={cancel}>
          Cancel
        </button>
      </div>
      {generalError && (
        <p role="alert" className="text-sm text-red-700">
          {generalError}
        </p>
      )}
    </form>
  );
}

const PENDING_CHECK_MS = 2000;
// About a minute: a processor that takes longer is retried with backoff, and the page says the refund is pending.
const PENDING_CHECKS = 30;

/** While a refund of the order is pending, the page is read again every 2 s until the processor has confirmed it. */
export function RefreshWhileRefundsPending({ pending }: { pending: boolean }) {
  const router = useRouter();
  const [checks, setChecks] = useState(0);
  const [, startRefresh] = useTransition();
  useEffect(() => {
    if (!pending || checks >= PENDING_CHECKS) return;
    const timer = window.setTimeout(() => {
      setChecks((count) => count + 1);
      startRefresh(() => router.refresh());
    }, PENDING_CHECK_MS);
    return () => window.clearTimeout(timer);
  }, [pending, checks, router]);
  return null;
}
