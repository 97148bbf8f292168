'use client';

import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useToast } from '@/app/components/toast';
import { useTRPC } from '@/app/trpc-provider';
import { upsertFeatureSchema, type UpsertFeatureInput, type SellerFeature, type SellerOffering } from '@/server/entry/shared';
import { ACCESS_LEVEL_OPTIONS, INTERVAL_UNIT_OPTIONS, unitLabel } from './catalog-labels';
import { ConfirmAction } from './confirm-action';
import { FormErrors, SelectField, TextField, buttonPrimary, buttonSecondary, messageOf, showServerRefusal, submitHandler, useSchemaForm } from './form-kit';
import { useInvalidateCatalog } from './use-invalidate-catalog';

const LABELS = {
  key: 'Feature key',
  displayName: 'Display name',
  description: 'Feature description',
  rate: 'Price per unit used',
  sampleSeconds: 'Sampling interval (seconds)',
  rateLimit: 'Rate limit per minute',
  accessLevel: 'Access level',
  allowance: 'Allowance per period',
  allowancePeriodUnit: 'Allowance period unit',
};

/** The features of one offering: one card each, and (when the role may change them) a form to add one or edit the chosen one. */
export function FeaturesEditor({ offering, mayChange }: { offering: SellerOffering; mayChange: boolean }) {
  const headingId = useId();
  const [editing, setEditing] = useState<SellerFeature | null>(null);
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-xl font-semibold">
        Features
      </h2>
      {offering.features.length === 0 ? (
        <p className="text-sm text-slate-600">No features yet. Apps check features by key at run time.</p>
      ) : (
        <ul className="space-y-3" aria-label={`Features of ${offering.name}`}>
          {offering.features.map((feature) => (
            <FeatureCard key={feature.id} feature={feature} mayChange={mayChange} onEdit={() => setEditing(feature)} onDeleted={() => editing?.id === feature.id && setEditing(null)} />
          ))}
        </ul>
      )}
      {/* A key names the feature: remounting on a new choice resets the form. */}
      {mayChange && <FeatureForm key={editing?.id ?? 'new'} offering={offering} feature={editing} onDone={() => setEditing(null)} />}
    </section>
  );
}

function FeatureCard({ feature, mayChange, onEdit, onDeleted }: { feature: SellerFeature; mayChange: boolean; onEdit: () => void; onDeleted: () => void }) {
  const trpc = useTRPC();
  const toast = useToast();
  const invalidate = useInvalidateCatalog();
  const remove = useMutation(
    trpc.catalogAdmin.deleteFeature.mutationOptions({
      onSuccess: async () => {
        onDeleted();
        toast(`Feature “${feature.key}” deleted.`);
        await invalidate();
      },
    }),
  );
  return (
    <li data-testid="feature" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-mono text-sm font-semibold">{feature.key}</p>
          <p className="text-sm text-slate-700">{feature.displayName}</p>
        </div>
        {mayChange && (
          <div className="flex flex-wrap items-start gap-2">
            <button type="button" className={buttonSecondary} onClick={onEdit}>
              Edit<span className="sr-only"> feature {feature.key}</span>
            </button>
            <ConfirmAction
              buttonText="Delete"
              name={`feature ${feature.key}`}
              question={`Delete the feature “${feature.key}”? Apps checking this key stop finding it in new authorizations.`}
              confirmText="Delete feature"
              busyText="Deleting…"
              busy={remove.isPending}
              error={remove.error ? messageOf(remove.error) : null}
              onConfirm={() => remove.mutate({ featureId: feature.id })}
            />
          </div>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <Fact term="Access" value={feature.accessLevel ?? 'Not set'} />
        <Fact term="Rate limit" value={feature.rateLimit === null ? 'No limit' : `${feature.rateLimit} / min`} />
        <Fact term="Allowance" value={feature.allowance === null ? 'Unlimited' : `${feature.allowance} per ${unitLabel(feature.allowancePeriodUnit).toLowerCase()}`} />
        <Fact term="Rate" value={String(feature.rate)} />
      </dl>
    </li>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-600">{term}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}

function valuesOf(offeringId: string, feature: SellerFeature | null): UpsertFeatureInput {
  return {
    offeringId,
    key: feature?.key ?? '',
    displayName: feature?.displayName ?? '',
    description: feature?.description ?? '',
    rate: feature?.rate ?? 0,
    sampleSeconds: feature?.sampleSeconds ?? null,
    rateLimit: feature?.rateLimit ?? null,
    accessLevel: feature?.accessLevel ?? null,
    allowance: feature?.allowance ?? null,
    allowancePeriodUnit: (feature?.allowancePeriodUnit ?? null) as UpsertFeatureInput['allowancePeriodUnit'],
  };
}

function FeatureForm({ offering, feature, onDone }: { offering: SellerOffering; feature: SellerFeature | null; onDone: () => void }) {
  const trpc = useTRPC();
  const toast = useToast();
  const invalidate = useInvalidateCatalog();
  const idPrefix = `feature-${useId()}`;
  const form = useSchemaForm(upsertFeatureSchema, valuesOf(offering.id, feature));
  const upsert = useMutation(
    trpc.catalogAdmin.upsertFeature.mutationOptions({
      onSuccess: async (saved) => {
        form.reset(valuesOf(offering.id, null));
        toast(feature ? `Feature “${saved.key}” saved.` : `Feature “${saved.key}” added.`);
        await invalidate();
        onDone();
      },
      onError: (error) => showServerRefusal(form, error, LABELS),
    }),
  );
  const f = { form, idPrefix };

  return (
    <form
      onSubmit={submitHandler(form, (input) => upsert.mutate(input))}
      noValidate
      aria-label={feature ? `Edit feature ${feature.key}` : `New feature for ${offering.name}`}
      className="space-y-3 rounded-lg border border-slate-200 bg-slate-100 p-4"
    >
      <h3 className="font-semibold">{feature ? `Edit feature ${feature.key}` : 'New feature'}</h3>
      <FormErrors {...f} labels={LABELS} />
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          {...f}
          name="key"
          label={LABELS.key}
          readOnly={feature !== null}
          hint={feature ? 'The key names the feature; add a new feature to use another key.' : 'Lower-case, e.g. export.pdf. Adding an existing key replaces that feature.'}
        />
        <TextField {...f} name="displayName" label={LABELS.displayName} />
        <TextField {...f} name="description" label={LABELS.description} />
        <SelectField {...f} name="accessLevel" label={LABELS.accessLevel} kind="textOrNull" options={ACCESS_LEVEL_OPTIONS} />
        <TextField {...f} name="allowance" label={LABELS.allowance} kind="numberOrNull" type="number" step="1" min={0} inputMode="numeric" hint="Units per seat per period. Empty: unlimited." />
        <SelectField {...f} name="allowancePeriodUnit" label={LABELS.allowancePeriodUnit} kind="numberOrNull" options={INTERVAL_UNIT_OPTIONS} />
      </div>
      {/* What most features never need, folded: open it to bill usage, cap requests or sample. */}
      <details className="rounded-md border border-slate-200 bg-white p-3" open={Boolean(feature?.rateLimit || feature?.sampleSeconds || Number(feature?.rate ?? 0) > 0)}>
        <summary className="cursor-pointer text-sm font-medium">Usage billing and limits (optional)</summary>
        <div className="mt-3 grid gap-3 sm:grid-cols-3">
          <TextField {...f} name="rateLimit" label={LABELS.rateLimit} kind="numberOrNull" type="number" step="1" min={1} inputMode="numeric" hint="How often one seat may use it, at most, each minute. Empty: no limit." />
          <TextField {...f} name="rate" label={LABELS.rate} kind="number" type="number" step="any" min={0} inputMode="decimal" hint="Each unit the app reports is billed at this price (metered billing). 0: counted, not billed." />
          <TextField {...f} name="sampleSeconds" label={LABELS.sampleSeconds} kind="numberOrNull" type="number" step="1" min={1} inputMode="numeric" hint="For usage measured over time (minutes of rendering): how often the app reports it. Empty: the app reports each use." />
        </div>
      </details>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={buttonPrimary} disabled={upsert.isPending} aria-busy={upsert.isPending || undefined}>
          {feature ? 'Save feature' : 'Add feature'}
        </button>
        {feature && (
          <button type="button" className={buttonSecondary} onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
