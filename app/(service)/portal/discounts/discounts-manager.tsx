'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { buttonSecondary } from '@/app/components/buttons';
import { LoadFailure } from '@/app/components/load-failure';
import { ConfirmRevoke } from '@/app/components/confirm-revoke';
import { FormattedDateTime, useFormat } from '@/app/components/formatted';
import { useToast } from '@/app/components/toast';
import { useRefetchAfterChange } from '@/app/refetch-after-change';
import { useTRPC } from '@/app/trpc-provider';
import type { AppRouter } from '@/server/trpc/entry';
import { CreateDiscountForm } from './create-discount-form';
import {
  buttonPrimary,
  GeneralError,
  isoOfLocalInput,
  localInputOf,
  OfferingChoice,
  placeErrors,
  refusalsOf,
  TextInput,
  typedNumber,
  useOfferingOptions,
  type FieldErrors,
  type OfferingOption,
} from './discount-fields';

type Discount = inferRouterOutputs<AppRouter>['discounts']['get'];

const PAGE_SIZE = 20;

/** The codes and their forms; a member whose role may not change codes sees the list and `notice` in place of the forms. */
export function DiscountsManager({ mayChange, notice }: { mayChange: boolean; notice: ReactNode }) {
  return (
    <div className="space-y-8">
      {mayChange ? <CreateDiscountForm /> : notice}
      <DiscountList mayChange={mayChange} />
    </div>
  );
}

function DiscountList({ mayChange }: { mayChange: boolean }) {
  const trpc = useTRPC();
  const headingId = useId();
  const offerings = useOfferingOptions();
  // The cursors of the pages before this one (by code, A to Z): the last is this page's `after`.
  const [cursors, setCursors] = useState<string[]>([]);
  const after = cursors.at(-1);
  const page = useQuery(trpc.discounts.list.queryOptions({ limit: PAGE_SIZE, ...(after ? { after } : {}) }));
  // Read once per mount: a code that expires while the page is open says so after the next visit.
  const [now] = useState(() => Date.now());

  return (
    <section aria-labelledby={headingId} aria-busy={page.isPending} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold">
        Your discount codes
      </h2>
      {page.isPending && <p className="text-slate-600">Loading discount codes…</p>}
      {page.isError && <LoadFailure what="your discount codes" message={page.error.message} retry={() => void page.refetch()} />}
      {page.isSuccess && page.data.discounts.length === 0 && cursors.length === 0 && (
        <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-slate-600">No discount codes yet.{mayChange && ' Create one above.'}</p>
      )}
      {page.isSuccess && (
        <ul className="space-y-3" aria-label="Discount codes">
          {page.data.discounts.map((discount) => (
            <li key={discount.discountId}>
              <DiscountCard discount={discount} offerings={offerings.options} offeringsPending={offerings.isPending} now={now} mayChange={mayChange} />
            </li>
          ))}
        </ul>
      )}
      {page.isSuccess && (cursors.length > 0 || page.data.hasMore) && (
        <nav aria-label="Pages of discount codes" className="flex flex-wrap items-center gap-3 text-sm">
          {cursors.length > 0 && (
            <button type="button" className={buttonSecondary} onClick={() => setCursors(cursors.slice(0, -1))}>
              Previous page
            </button>
          )}
          {page.data.hasMore && page.data.nextCursor && (
            <button type="button" className={buttonSecondary} onClick={() => setCursors([...cursors, page.data.nextCursor!])}>
              Next page
            </button>
          )}
        </nav>
      )}
    </section>
  );
}

/** "20% off", "$5.00 or €4.50 off". */
function TakesOff({ discount }: { discount: Discount }) {
  const format = useFormat();
  if (discount.kind === 'percent') return <>{discount.percentOff}% off</>;
  return <>{discount.amounts.map((amount) => format.money(amount.amountMinor, amount.currency)).join(' or ')} off</>;
}

function durationText(discount: Discount): string {
  if (discount.duration === 'forever') return 'Every payment';
  if (discount.duration === 'repeating') return `First ${discount.durationMonths} month${discount.durationMonths === 1 ? '' : 's'} of a subscription`;
  return 'First payment';
}

function DiscountCard({ discount, offerings, offeringsPending, now, mayChange }: { discount: Discount; offerings: OfferingOption[]; offeringsPending: boolean; now: number; mayChange: boolean }) {
  const trpc = useTRPC();
  const toast = useToast();
  const refetchAfterChange = useRefetchAfterChange();
  const [editing, setEditing] = useState(false);
  const editId = useId();
  const remove = useMutation(
    trpc.discounts.remove.mutationOptions({
      onSuccess: async () => {
        toast(`Discount code ${discount.code} deleted.`);
        await refetchAfterChange(trpc.discounts.list.queryKey());
      },
    }),
  );
  const expired = discount.expiresUtc !== null && Date.parse(discount.expiresUtc) <= now;
  const usedUp = discount.maxRedemptions !== null && discount.redemptions >= discount.maxRedemptions;
  const offeringName = (id: string) => offerings.find((offering) => offering.id === id)?.label ?? (offeringsPending ? '…' : id);

  return (
    <article data-testid="discount" aria-label={`Discount code ${discount.code}`} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm">
      <div className="flex flex-col gap-3 md:flex-row md:items-start md:justify-between">
        <div className="min-w-0 flex-1 space-y-2">
          <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <code className="font-mono text-base font-semibold [overflow-wrap:anywhere]">{discount.code}</code>
            {discount.name && <span className="text-slate-700 [overflow-wrap:anywhere]">{discount.name}</span>}
            {expired && <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">Expired</span>}
            {usedUp && <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">Used up</span>}
          </p>
          <dl className="grid min-w-0 grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
            <Fact label="Takes off">
              <TakesOff discount={discount} />
            </Fact>
            <Fact label="For">{durationText(discount)}</Fact>
            <Fact label="Redemptions">
              {discount.redemptions} used{discount.maxRedemptions !== null ? ` of ${discount.maxRedemptions}` : ' (no limit)'}
            </Fact>
            <Fact label="Expires">{discount.expiresUtc ? <FormattedDateTime value={discount.expiresUtc} /> : 'Never'}</Fact>
            <Fact label="Applies to">{discount.offeringIds.length === 0 ? 'Every offering' : discount.offeringIds.map(offeringName).join(', ')}</Fact>
          </dl>
        </div>
        {mayChange && (
          <div className="flex flex-wrap gap-2 md:max-w-sm md:justify-end">
            <button type="button" className={buttonSecondary} aria-expanded={editing} aria-controls={editId} onClick={() => setEditing(!editing)}>
              {editing ? 'Close' : 'Edit'}
              <span className="sr-only"> {discount.code}</span>
            </button>
            <ConfirmRevoke
              name={discount.code}
              action="Delete"
              question="Delete this code? No checkout can redeem it any more; orders that did keep it."
              confirmText="Delete code"
              busyText="Deleting…"
              failure="Could not delete"
              busy={remove.isPending}
              error={remove.error?.message ?? null}
              onConfirm={() => remove.mutate({ discountId: discount.discountId })}
              onCancel={() => remove.reset()}
            />
          </div>
        )}
      </div>
      <div id={editId}>{mayChange && editing && <EditDiscountForm discount={discount} offerings={offerings} offeringsPending={offeringsPending} onDone={() => setEditing(false)} />}</div>
    </article>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere]">{children}</dd>
    </>
  );
}

const EDIT_FIELDS = ['Name', 'ExpiresUtc', 'MaxRedemptions', 'OfferingIds'];

/** What may change of a code: its name, expiry, most redemptions and offerings (what it takes off is fixed). */
function EditDiscountForm({ discount, offerings, offeringsPending, onDone }: { discount: Discount; offerings: OfferingOption[]; offeringsPending: boolean; onDone: () => void }) {
  const trpc = useTRPC();
  const toast = useToast();
  const refetchAfterChange = useRefetchAfterChange();
  const idPrefix = useId();
  const [name, setName] = useState(discount.name ?? '');
  const [expires, setExpires] = useState(() => localInputOf(discount.expiresUtc));
  const [maxRedemptions, setMaxRedemptions] = useState(discount.maxRedemptions === null ? '' : String(discount.maxRedemptions));
  const [offeringIds, setOfferingIds] = useState(discount.offeringIds);
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useMutation(
    trpc.discounts.update.mutationOptions({
      // The card shows the saved values when the form closes: the list is read again first.
      onSuccess: async (updated) => {
        await refetchAfterChange(trpc.discounts.list.queryKey());
        toast(`Changes to ${updated.code} saved.`);
        onDone();
      },
      onError: (error) => setErrors(placeErrors(refusalsOf(error), EDIT_FIELDS, idPrefix)),
    }),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    const changes = { name: name.trim() === '' ? null : name, expiresUtc: isoOfLocalInput(expires), maxRedemptions: typedNumber(maxRedemptions) ?? null, offeringIds };
    setErrors({});
    update.mutate({ discountId: discount.discountId, ...changes });
  }

  return (
    <form onSubmit={submit} noValidate aria-label={`Edit ${discount.code}`} className="space-y-4 border-t border-slate-200 pt-4">
      <p className="text-xs text-slate-600">What the code takes off, its duration and the code itself stay as made: for other terms, create a new code.</p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <TextInput idPrefix={idPrefix} field="Name" label="Name" value={name} onChange={setName} errors={errors} maxLength={80} hint="Empty: none." />
        <TextInput idPrefix={idPrefix} field="ExpiresUtc" type="datetime-local" label="Expires" value={expires} onChange={setExpires} errors={errors} hint="Empty: never; a past time stops the code now." />
        <TextInput idPrefix={idPrefix} field="MaxRedemptions" label="Most redemptions" value={maxRedemptions} onChange={setMaxRedemptions} errors={errors} inputMode="numeric" hint={`Empty: no limit; at least ${Math.max(discount.redemptions, 1)}.`} />
      </div>
      <OfferingChoice idPrefix={idPrefix} value={offeringIds} onChange={setOfferingIds} errors={errors} options={offerings} isPending={offeringsPending} />
      <GeneralError errors={errors} prefix="Could not save" />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonPrimary} disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save changes'}
        </button>
        <button type="button" className={buttonSecondary} onClick={onDone} disabled={update.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
