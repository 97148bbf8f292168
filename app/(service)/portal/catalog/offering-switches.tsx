'use client';

import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useToast } from '@/app/components/toast';
import { useTRPC } from '@/app/trpc-provider';
import type { SellerOffering } from '@/server/entry/shared';
import { messageOf } from './form-kit';
import { useInvalidateCatalog } from './use-invalidate-catalog';

/** An on/off switch that acts at once, with its explanation and any refusal under it. */
function Switch(props: { label: string; hint: string; on: boolean; busy: boolean; error: unknown; onToggle: () => void }) {
  const hintId = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <button
        type="button"
        role="switch"
        aria-checked={props.on}
        aria-describedby={hintId}
        disabled={props.busy}
        onClick={props.onToggle}
        className="inline-flex max-w-full items-start gap-3 rounded-md py-1.5 pr-2 text-left text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60"
      >
        <span aria-hidden="true" className={`relative mt-0.5 inline-block h-5 w-9 shrink-0 rounded-full transition ${props.on ? 'bg-indigo-600' : 'bg-slate-400'}`}>
          <span className={`absolute top-0.5 h-4 w-4 rounded-full bg-white shadow transition ${props.on ? 'left-4' : 'left-0.5'}`} />
        </span>
        <span className="min-w-0">{props.label}</span>
      </button>
      <p id={hintId} className="pl-12 text-xs text-slate-600">
        {props.hint}
      </p>
      {Boolean(props.error) && (
        <p role="alert" className="pl-12 text-xs text-red-700">
          {messageOf(props.error)}
        </p>
      )}
    </div>
  );
}

/** Listed in the storefront, and whether a buyer may buy it again while holding it. */
export function OfferingSwitches({ offering }: { offering: SellerOffering }) {
  const trpc = useTRPC();
  const toast = useToast();
  const invalidate = useInvalidateCatalog();
  const listing = useMutation(
    trpc.catalogAdmin.setOfferingListed.mutationOptions({
      onSuccess: async (saved) => {
        toast(saved.listed ? 'Listed in your storefront.' : 'Removed from your storefront.');
        await invalidate();
      },
    }),
  );
  const repeat = useMutation(
    trpc.catalogAdmin.setOfferingRepeatPurchase.mutationOptions({
      onSuccess: async (saved) => {
        toast(saved.allowRepeatPurchase ? 'Buyers may now buy this again.' : 'Buyers may now hold this only once.');
        await invalidate();
      },
    }),
  );
  // While a change is on its way, the switch shows where it is going.
  const listed = listing.isPending && listing.variables ? listing.variables.listed : offering.listed;
  const repeatAllowed = repeat.isPending && repeat.variables ? repeat.variables.allowRepeatPurchase : offering.allowRepeatPurchase;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Switch
        label="Listed in storefront"
        hint="Buyers see it while it and its product are active."
        on={listed}
        busy={listing.isPending}
        error={listing.error}
        onToggle={() => listing.mutate({ offeringId: offering.id, listed: !offering.listed })}
      />
      <Switch
        label="Let a buyer buy this again while holding it (and take a trial more than once)"
        hint="Off: one trial per buyer, and a buyer holding a live license is not sold another."
        on={repeatAllowed}
        busy={repeat.isPending}
        error={repeat.error}
        onToggle={() => repeat.mutate({ offeringId: offering.id, allowRepeatPurchase: !offering.allowRepeatPurchase })}
      />
    </div>
  );
}
