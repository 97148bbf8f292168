'use client';

import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTRPC } from '@/app/trpc-provider';
import { upsertFeatureSchema } from '@/server/catalog/manage/catalog-edit.schema';
import type { SellerFeature, SellerOffering } from '@/server/catalog/manage/seller-catalog.schema';
import { ACCESS_LEVEL_OPTIONS, INTERVAL_UNIT_OPTIONS, unitLabel } from './catalog-labels';
import { ErrorSummary, SelectField, TextField, buttonDanger, buttonPrimary, buttonSecondary, messageOf, numberOrNull, textOf, useFormErrors } from './form-kit';
import { useInvalidateCatalog } from './use-invalidate-catalog';

const LABELS = {
  Key: 'Feature key',
  DisplayName: 'Display name',
  Description: 'Feature description',
  Rate: 'Rate per unit',
  SampleSeconds: 'Sample seconds',
  RateLimit: 'Rate limit per minute',
  AccessLevel: 'Access level',
  Allowance: 'Allowance per period',
  AllowancePeriodUnit: 'Allowance period unit',
};

/** The features of one offering: a table of them, and a form to add one or edit the chosen one. */
export function FeaturesEditor({ offering }: { offering: SellerOffering }) {
  const headingId = useId();
  const [editing, setEditing] = useState<SellerFeature | null>(null);
  return (
    <section aria-labelledby={headingId} className="space-y-3 border-t border-slate-200 pt-4">
      <h4 id={headingId} className="font-semibold">
        Features of {offering.name}
      </h4>
      {offering.features.length === 0 ? (
        <p className="text-sm text-slate-600">No features yet. Apps check features by key at run time.</p>
      ) : (
        <div className="overflow-x-auto">
          <table aria-labelledby={headingId} className="min-w-full text-left text-sm">
            <thead className="text-xs uppercase text-slate-500">
              <tr>
                <th scope="col" className="py-1 pr-3">Key</th>
                <th scope="col" className="py-1 pr-3">Display name</th>
                <th scope="col" className="py-1 pr-3">Access</th>
                <th scope="col" className="py-1 pr-3">Rate limit</th>
                <th scope="col" className="py-1 pr-3">Allowance</th>
                <th scope="col" className="py-1 pr-3">Rate</th>
                <th scope="col" className="py-1">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {offering.features.map((feature) => (
                <FeatureRow key={feature.id} feature={feature} onEdit={() => setEditing(feature)} onDeleted={() => editing?.id === feature.id && setEditing(null)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {/* A key names the feature: remounting on a new choice resets the form. */}
      <FeatureForm key={editing?.id ?? 'new'} offering={offering} feature={editing} onDone={() => setEditing(null)} />
    </section>
  );
}

function FeatureRow({ feature, onEdit, onDeleted }: { feature: SellerFeature; onEdit: () => void; onDeleted: () => void }) {
  const trpc = useTRPC();
  const invalidate = useInvalidateCatalog();
  const remove = useMutation(
    trpc.catalogAdmin.deleteFeature.mutationOptions({
      onSuccess: async () => {
        onDeleted();
        await invalidate();
      },
    }),
  );
  return (
    <tr>
      <td className="py-1.5 pr-3 font-mono">{feature.key}</td>
      <td className="py-1.5 pr-3">{feature.displayName}</td>
      <td className="py-1.5 pr-3">{feature.accessLevel ?? '—'}</td>
      <td className="py-1.5 pr-3">{feature.rateLimit === null ? 'No limit' : `${feature.rateLimit} / min`}</td>
      <td className="py-1.5 pr-3">{feature.allowance === null ? 'Unlimited' : `${feature.allowance} per ${unitLabel(feature.allowancePeriodUnit).toLowerCase()}`}</td>
      <td className="py-1.5 pr-3">{feature.rate}</td>
      <td className="py-1.5">
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonSecondary} onClick={onEdit} aria-label={`Edit feature ${feature.key}`}>
            Edit
          </button>
          <button
            type="button"
            className={buttonDanger}
            onClick={() => remove.mutate({ featureId: feature.id })}
            disabled={remove.isPending}
            aria-label={`Delete feature ${feature.key}`}
          >
            Delete
          </button>
        </div>
        {remove.error && (
          <p role="alert" className="mt-1 text-xs text-red-700">
            {messageOf(remove.error)}
          </p>
        )}
      </td>
    </tr>
  );
}

function initialValues(feature: SellerFeature | null) {
  return {
    key: feature?.key ?? '',
    displayName: feature?.displayName ?? '',
    description: feature?.description ?? '',
    rate: textOf(feature?.rate ?? 0),
    sampleSeconds: textOf(feature?.sampleSeconds),
    rateLimit: textOf(feature?.rateLimit),
    accessLevel: feature?.accessLevel ?? '',
    allowance: textOf(feature?.allowance),
    allowancePeriodUnit: textOf(feature?.allowancePeriodUnit),
  };
}

function FeatureForm({ offering, feature, onDone }: { offering: SellerOffering; feature: SellerFeature | null; onDone: () => void }) {
  const trpc = useTRPC();
  const invalidate = useInvalidateCatalog();
  const errors = useFormErrors(`feature-${useId()}`);
  const [values, setValues] = useState(() => initialValues(feature));
  const set = (key: keyof ReturnType<typeof initialValues>) => (value: string) => setValues((current) => ({ ...current, [key]: value }));

  const upsert = useMutation(
    trpc.catalogAdmin.upsertFeature.mutationOptions({
      onSuccess: async () => {
        errors.clear();
        setValues(initialValues(null));
        await invalidate();
        onDone();
      },
      onError: errors.showServerError,
    }),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (upsert.isPending) return;
    const input = errors.check(upsertFeatureSchema, {
      offeringId: offering.id,
      key: values.key,
      displayName: values.displayName,
      description: values.description,
      rate: numberOrNull(values.rate) ?? 0,
      sampleSeconds: numberOrNull(values.sampleSeconds),
      rateLimit: numberOrNull(values.rateLimit),
      accessLevel: values.accessLevel === '' ? null : values.accessLevel,
      allowance: numberOrNull(values.allowance),
      allowancePeriodUnit: numberOrNull(values.allowancePeriodUnit),
    });
    if (input) upsert.mutate(input);
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={feature ? `Edit feature ${feature.key} of ${offering.name}` : `New feature for ${offering.name}`}
      className="space-y-3 rounded-md bg-slate-50 p-3"
    >
      <p className="text-sm font-medium text-slate-700">{feature ? `Edit feature ${feature.key}` : 'New feature'}</p>
      <ErrorSummary errors={errors} labels={LABELS} />
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          errors={errors}
          field="Key"
          label={LABELS.Key}
          value={values.key}
          onChange={set('key')}
          maxLength={64}
          disabled={feature !== null}
          hint={feature ? 'The key names the feature; add a new feature to use another key.' : 'Lower-case, e.g. export.pdf. Adding an existing key replaces that feature.'}
        />
        <TextField errors={errors} field="DisplayName" label={LABELS.DisplayName} value={values.displayName} onChange={set('displayName')} maxLength={200} />
        <TextField errors={errors} field="Description" label={LABELS.Description} value={values.description} onChange={set('description')} />
        <SelectField errors={errors} field="AccessLevel" label={LABELS.AccessLevel} value={values.accessLevel} onChange={set('accessLevel')} options={ACCESS_LEVEL_OPTIONS} />
        <TextField
          errors={errors}
          field="RateLimit"
          label={LABELS.RateLimit}
          value={values.rateLimit}
          onChange={set('rateLimit')}
          type="number"
          step="1"
          min={1}
          inputMode="numeric"
          hint="Per seat. Empty: no limit."
        />
        <TextField errors={errors} field="Rate" label={LABELS.Rate} value={values.rate} onChange={set('rate')} type="number" step="any" min={0} inputMode="decimal" hint="Price per metered unit." />
        <TextField
          errors={errors}
          field="Allowance"
          label={LABELS.Allowance}
          value={values.allowance}
          onChange={set('allowance')}
          type="number"
          step="1"
          min={0}
          inputMode="numeric"
          hint="Units per seat per period. Empty: unlimited."
        />
        <SelectField
          errors={errors}
          field="AllowancePeriodUnit"
          label={LABELS.AllowancePeriodUnit}
          value={values.allowancePeriodUnit}
          onChange={set('allowancePeriodUnit')}
          options={INTERVAL_UNIT_OPTIONS}
        />
        <TextField
          errors={errors}
          field="SampleSeconds"
          label={LABELS.SampleSeconds}
          value={values.sampleSeconds}
          onChange={set('sampleSeconds')}
          type="number"
          step="1"
          min={1}
          inputMode="numeric"
          hint="Metering sample length. Empty: none."
        />
      </div>
      <div className="flex gap-3">
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
