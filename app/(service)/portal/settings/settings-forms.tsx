'use client';

import Link from 'next/link';
import { startTransition, useActionState, useId, useState, type FormEvent, type ReactNode } from 'react';
import { buttonSecondary } from '@/app/components/buttons';
import { changeIssuerClientIdInputSchema, type StoreClosurePreview } from '@/server/entry/shared';
import type { CountryChoice } from '@/app/components/countries';
import { deleteStore, saveLogo, saveStoreProfile, saveStorefrontId, saveTaxSettings, type SettingsFormState } from './actions';

const INITIAL: SettingsFormState = { saved: null, error: null, fieldErrors: {} };
const input = 'mt-1 block w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900';
const primary = 'rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-500 disabled:opacity-60';

function Outcome({ state }: { state: SettingsFormState }) {
  if (state.error) return <p role="alert" className="text-sm text-red-700">{state.error}</p>;
  if (state.saved) return <p role="status" className="text-sm text-emerald-800">{state.saved}</p>;
  return <p role="status" className="sr-only" />;
}

function Field(props: { name: string; label: string; hint?: string; error?: string; children: (ids: { id: string; describedBy?: string }) => ReactNode }) {
  const id = useId();
  const hintId = props.hint ? `${id}-hint` : undefined;
  const errorId = props.error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {props.label}
      </label>
      {props.children({ id, describedBy })}
      {props.hint && <p id={hintId} className="mt-1 text-sm text-slate-600">{props.hint}</p>}
      {props.error && <p id={errorId} className="mt-1 text-sm text-red-700">{props.error}</p>}
    </div>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-4 rounded-lg border border-slate-200 bg-white p-5">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function StoreProfileForm(props: { storeName: string; contactName: string; legalName: string; termsUrl: string; privacyUrl: string }) {
  const [state, action, pending] = useActionState(saveStoreProfile, INITIAL);
  const fields = [
    { name: 'storeName', label: 'Store name', hint: 'What buyers see on your storefront, the marketplace and receipts.', value: props.storeName, max: 80, autoComplete: 'organization', required: true },
    { name: 'contactName', label: 'Contact name', hint: 'Named on claim e-mails and pages (or the legal name when empty).', value: props.contactName, max: 200, autoComplete: 'name', required: false },
    { name: 'legalName', label: 'Legal name', hint: undefined, value: props.legalName, max: 200, autoComplete: 'organization', required: true },
    { name: 'termsUrl', label: 'Terms of sale (optional)', hint: 'An https:// address; the checkout page links to it.', value: props.termsUrl, max: 2048, autoComplete: 'url', required: false, type: 'url' },
    { name: 'privacyUrl', label: 'Privacy policy (optional)', hint: 'An https:// address; the checkout page links to it.', value: props.privacyUrl, max: 2048, autoComplete: 'url', required: false, type: 'url' },
  ];
  return (
    <Card title="Store details">
      <form action={action} className="space-y-4">
        {fields.map((field) => (
          <Field key={field.name} name={field.name} label={field.label} hint={field.hint} error={state.fieldErrors[field.name[0]!.toUpperCase() + field.name.slice(1)]}>
            {({ id, describedBy }) => (
              <input id={id} name={field.name} type={field.type ?? 'text'} defaultValue={field.value} maxLength={field.max} required={field.required} autoComplete={field.autoComplete} aria-describedby={describedBy} className={input} />
            )}
          </Field>
        ))}
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={primary} disabled={pending}>
            {pending ? 'Saving…' : 'Save details'}
          </button>
          <Outcome state={state} />
        </div>
      </form>
    </Card>
  );
}

export function LogoForm(props: { hasLogo: boolean; logoSrc: string | null; maxKb: number }) {
  const [state, action, pending] = useActionState(saveLogo, INITIAL);
  return (
    <Card title="Logo">
      {props.logoSrc && (
        // eslint-disable-next-line @next/next/no-img-element -- the seller's own image, served by us
        <img src={props.logoSrc} alt="Your current logo" height={64} className="h-16 w-auto min-w-16 max-w-64 rounded border border-slate-200 object-contain" />
      )}
      <form action={action} className="space-y-4">
        <Field name="logo" label="Image file" hint={`PNG, JPEG or WebP, at most ${props.maxKb} KB; shown 40 px high beside your store name (a wide wordmark keeps its shape, up to four times as wide).`} error={state.fieldErrors.Logo}>
          {({ id, describedBy }) => <input id={id} name="logo" type="file" accept="image/png,image/jpeg,image/webp" aria-describedby={describedBy} className="mt-1 block w-full min-w-0 text-sm" />}
        </Field>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={primary} disabled={pending}>
            {pending ? 'Uploading…' : 'Upload logo'}
          </button>
          {props.hasLogo && (
            <button type="submit" name="remove" value="true" className={buttonSecondary} disabled={pending}>
              Remove logo
            </button>
          )}
          <Outcome state={state} />
        </div>
      </form>
    </Card>
  );
}

export function StorefrontIdForm(props: { issuerClientId: string; formerIds: string[]; changesLeft: number }) {
  const [state, action, pending] = useActionState(saveStorefrontId, INITIAL);
  const [value, setValue] = useState(props.issuerClientId);
  const [confirming, setConfirming] = useState(false);
  // The id's own rules are checked before the confirmation asks anything; the server's answer is
  // shown only for the id it was given, so it goes stale the moment the id is edited.
  const [localError, setLocalError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState<string | null>(null);
  const changed = value.trim() !== props.issuerClientId;
  const shownError = localError ?? (submitted === value.trim() ? state.fieldErrors.IssuerClientId : undefined);
  const askToConfirm = () => {
    const checked = changeIssuerClientIdInputSchema.safeParse({ issuerClientId: value.trim() });
    if (!checked.success) return setLocalError(checked.error.issues[0]?.message ?? 'Enter a valid storefront id.');
    setLocalError(null);
    setConfirming(true);
  };
  return (
    <Card title="Storefront address">
      <p className="text-sm text-slate-600">
        It is the last part of your storefront address, and apps embed it as <code>IssuerClientId</code>. After a change, the old id keeps working in
        apps, its address redirects to the new one, and no other store can take it.
        {props.changesLeft > 0 ? ` You can change it ${props.changesLeft} more time${props.changesLeft === 1 ? '' : 's'}.` : ' It cannot be changed again.'}
      </p>
      {props.formerIds.length > 0 && <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">Former ids, still yours: {props.formerIds.join(', ')}</p>}
      <form
        action={action}
        className="space-y-4"
        onSubmit={() => {
          setConfirming(false);
          setSubmitted(value.trim());
        }}
      >
        <Field name="issuerClientId" label="Storefront id" hint="3 to 40 lower-case letters, digits and inner hyphens." error={shownError}>
          {({ id, describedBy }) => (
            <input
              id={id}
              name="issuerClientId"
              value={value}
              onChange={(event) => {
                setValue(event.target.value);
                setConfirming(false);
                setLocalError(null);
              }}
              maxLength={40}
              autoCapitalize="none"
              spellCheck={false}
              aria-describedby={describedBy}
              className={`${input} font-mono`}
            />
          )}
        </Field>
        {confirming ? (
          <div role="alertdialog" aria-label="Confirm the new storefront id" className="space-y-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            <p className="[overflow-wrap:anywhere]">
              Change your storefront id from <strong>{props.issuerClientId}</strong> to <strong>{value.trim()}</strong>? Links you shared keep working through a redirect.
            </p>
            <div className="flex flex-wrap gap-3">
              <button type="submit" className={primary} disabled={pending}>
                {pending ? 'Changing…' : 'Yes, change it'}
              </button>
              <button type="button" className={buttonSecondary} onClick={() => setConfirming(false)}>
                Cancel
              </button>
            </div>
          </div>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <button type="button" className={primary} disabled={!changed || props.changesLeft <= 0} onClick={askToConfirm}>
              Change storefront id
            </button>
            <Outcome state={state} />
          </div>
        )}
      </form>
    </Card>
  );
}

interface TaxSettingsView {
  taxCollection: boolean;
  taxBehavior: 'exclusive' | 'inclusive';
  taxId: string | null;
  originAddress: { line1?: string; city?: string; postalCode?: string; state?: string; country: string } | null;
}

const TAX_BEHAVIORS = [
  { value: 'inclusive', label: 'Prices include tax', hint: 'Buyers pay your price; the tax is part of it.' },
  { value: 'exclusive', label: 'Tax is added to prices', hint: 'Buyers pay your price plus the tax.' },
] as const;

/**
 * Whether checkouts collect tax, how prices carry it, the tax id on receipts and the address the seller
 * sells from. The fields are controlled: a refusal keeps what was typed, with the reason beside its field.
 */
export function TaxForm(props: { settings: TaxSettingsView; processor: 'local' | 'stripe'; countries: CountryChoice[] }) {
  const [state, action, pending] = useActionState(saveTaxSettings, INITIAL);
  const [collecting, setCollecting] = useState(props.settings.taxCollection);
  const [behavior, setBehavior] = useState<string>(props.settings.taxBehavior);
  const [taxId, setTaxId] = useState(props.settings.taxId ?? '');
  const stored = props.settings.originAddress;
  const [address, setAddress] = useState({ line1: stored?.line1 ?? '', city: stored?.city ?? '', postalCode: stored?.postalCode ?? '', state: stored?.state ?? '', country: stored?.country ?? '' });
  const switchHint = useId();
  const errors = state.fieldErrors;
  // React resets a form after its action, and a controlled switch or radio does not come back from a
  // reset: the action is called here instead, so a refusal leaves every field as the seller set it.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    startTransition(() => action(form));
  };
  const addressField = (field: keyof typeof address, label: string, autoComplete: string, max: number, hint?: string) => (
    <Field name={`originAddress.${field}`} label={label} hint={hint} error={errors[`OriginAddress.${field[0]!.toUpperCase()}${field.slice(1)}`]}>
      {({ id, describedBy }) => (
        <input
          id={id}
          name={`originAddress.${field}`}
          value={address[field]}
          onChange={(event) => setAddress({ ...address, [field]: event.target.value })}
          maxLength={max}
          autoComplete={autoComplete}
          aria-describedby={describedBy}
          className={input}
        />
      )}
    </Field>
  );
  return (
    <Card title="Tax">
      {props.processor === 'stripe' ? (
        <p className="text-sm text-slate-600">
          Checkouts use Stripe Tax: Stripe works out the tax from the buyer’s address and your origin address, and the receipt shows it. Set up Stripe Tax on your
          Stripe account (where you are registered to collect) before you turn this on.
        </p>
      ) : (
        <p className="text-sm text-slate-600">
          This service takes payments with its local test processor, which applies a rate table for development by the buyer’s country (or US state). With
          Stripe, Stripe Tax works out the tax from the buyer’s address, once it is set up on your Stripe account.
        </p>
      )}
      <form action={action} onSubmit={submit} className="space-y-4">
        <div>
          <label className="inline-flex max-w-full items-start gap-3 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              role="switch"
              name="taxCollection"
              value="true"
              checked={collecting}
              onChange={(event) => setCollecting(event.target.checked)}
              aria-describedby={switchHint}
              className="relative mt-0.5 h-5 w-9 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-400 transition before:absolute before:top-0.5 before:left-0.5 before:h-4 before:w-4 before:rounded-full before:bg-white before:shadow before:transition checked:bg-indigo-600 checked:before:left-4 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            />
            <span className="min-w-0">Collect tax at checkout</span>
          </label>
          <p id={switchHint} className="mt-1 pl-12 text-sm text-slate-600">
            {collecting ? 'Buyers pay tax on paid checkouts; receipts show it with your tax id.' : 'Off: buyers pay your prices as they are, with no tax line.'}
          </p>
          {errors.TaxCollection && <p className="mt-1 pl-12 text-sm text-red-700">{errors.TaxCollection}</p>}
        </div>
        <fieldset className="min-w-0 space-y-2">
          <legend className="text-sm font-medium">Prices and tax</legend>
          {TAX_BEHAVIORS.map((option) => (
            <label key={option.value} className="flex items-start gap-2 text-sm">
              <input type="radio" name="taxBehavior" value={option.value} checked={behavior === option.value} onChange={() => setBehavior(option.value)} className="mt-1 shrink-0" />
              <span className="min-w-0">
                <span className="font-medium">{option.label}</span> <span className="text-slate-600">{option.hint}</span>
              </span>
            </label>
          ))}
          {errors.TaxBehavior && <p className="text-sm text-red-700">{errors.TaxBehavior}</p>}
        </fieldset>
        <Field name="taxId" label="Tax id" hint="Your VAT number, EIN or other tax registration, printed on receipts (optional)." error={errors.TaxId}>
          {({ id, describedBy }) => (
            <input id={id} name="taxId" value={taxId} onChange={(event) => setTaxId(event.target.value)} maxLength={40} autoCapitalize="characters" spellCheck={false} aria-describedby={describedBy} className={input} />
          )}
        </Field>
        <fieldset className="min-w-0 space-y-4">
          <legend className="text-sm font-medium">Where you sell from</legend>
          <p className="text-sm text-slate-600">Your business address: tax depends on it and on the buyer’s. The country is needed while tax is collected.</p>
          {addressField('line1', 'Street address', 'address-line1', 200)}
          <div className="grid gap-4 sm:grid-cols-2">
            {addressField('city', 'City', 'address-level2', 100)}
            {addressField('postalCode', 'Postal code', 'postal-code', 20)}
            {addressField('state', 'State or region', 'address-level1', 40, 'Where the rate depends on it, such as CA.')}
            <Field name="originAddress.country" label="Country" error={errors['OriginAddress.Country']}>
              {({ id, describedBy }) => (
                <select
                  id={id}
                  name="originAddress.country"
                  value={address.country}
                  onChange={(event) => setAddress({ ...address, country: event.target.value })}
                  autoComplete="country"
                  aria-describedby={describedBy}
                  aria-required={collecting}
                  className={input}
                >
                  <option value="">Choose a country</option>
                  {props.countries.map((country) => (
                    <option key={country.code} value={country.code}>
                      {country.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
        </fieldset>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={primary} disabled={pending}>
            {pending ? 'Saving…' : 'Save tax settings'}
          </button>
          <Outcome state={state} />
        </div>
      </form>
    </Card>
  );
}

/** The Owner deletes the store: what it ends and keeps first, then the storefront id typed to confirm. */
export function DeleteStoreForm({ facts }: { facts: StoreClosurePreview }) {
  const [state, action, pending] = useActionState(deleteStore, INITIAL);
  // Held here, so a refused id stays in the box to be corrected (a form action resets its fields).
  const [typed, setTyped] = useState('');
  const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  return (
    <section aria-labelledby="delete-store-title" className="space-y-4 rounded-lg border border-red-200 bg-white p-5" data-testid="delete-store">
      <h2 id="delete-store-title" className="text-lg font-semibold text-red-800">
        Delete the store
      </h2>
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>
          Ends at once: your storefront and listings, {plural(facts.apiKeysRevoked, 'API key', 'API keys')}, {plural(facts.webhookEndpointsDisabled, 'webhook endpoint', 'webhook endpoints')},
          open invitations and claim links, and the membership of {plural(facts.membersRemoved, 'person', 'people')} (you included). Nobody can sign in to the store after.
        </li>
        <li>
          Kept: {plural(facts.licensesKept, 'license', 'licenses')} go on working for the term they were sold for; {plural(facts.ordersKept, 'order', 'orders')}, invoices, refunds and the audit log stay as
          the law requires. Take{' '}
          <Link href="/portal/export" className="text-indigo-700 underline">
            a ZIP of your records
          </Link>{' '}
          first.
        </li>
        <li>It cannot be undone, and the storefront id is never given to another store.</li>
      </ul>
      {facts.blockers.length > 0 ? (
        <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="delete-store-blockers">
          <p className="font-medium">The store cannot be deleted yet:</p>
          <ul className="list-disc space-y-1 pl-5">
            {facts.blockers.map((blocker) => (
              <li key={blocker}>{blocker}</li>
            ))}
          </ul>
        </div>
      ) : (
        <form action={action} className="space-y-4">
          <Field name="confirmIssuerClientId" label={`Type the storefront id (${facts.issuerClientId}) to confirm`} error={state.fieldErrors.ConfirmIssuerClientId}>
            {({ id, describedBy }) => (
              <input
                id={id}
                name="confirmIssuerClientId"
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                required
                maxLength={64}
                autoCapitalize="none"
                autoComplete="off"
                spellCheck={false}
                aria-describedby={describedBy}
                className={`${input} font-mono`}
              />
            )}
          </Field>
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" className="rounded-md bg-red-700 px-4 py-2 font-medium text-white hover:bg-red-600 disabled:opacity-60" disabled={pending}>
              {pending ? 'Deleting…' : 'Delete the store'}
            </button>
            <Outcome state={state} />
          </div>
        </form>
      )}
    </section>
  );
}
