'use server';

import { redirect } from 'next/navigation';
import { formText } from '@/app/components/form-text';
import { api } from '@/app/trpc-server';
import { asSellerMember, type SettingsFormState } from '../form-action';

export type { SettingsFormState };

export async function saveStoreProfile(_previous: SettingsFormState, form: FormData): Promise<SettingsFormState> {
  return asSellerMember(
    () =>
      api.portal.updateProfile({
        storeName: formText(form, 'storeName'),
        contactName: formText(form, 'contactName'),
        legalName: formText(form, 'legalName'),
        termsUrl: formText(form, 'termsUrl'),
        privacyUrl: formText(form, 'privacyUrl'),
      }),
    'Store details saved.',
  );
}

export async function saveStorefrontId(_previous: SettingsFormState, form: FormData): Promise<SettingsFormState> {
  return asSellerMember(() => api.portal.changeIssuerClientId({ issuerClientId: formText(form, 'issuerClientId').trim() }), 'Storefront id changed.');
}

export async function saveLogo(_previous: SettingsFormState, form: FormData): Promise<SettingsFormState> {
  if (form.get('remove') === 'true') return asSellerMember(() => api.portal.removeLogo(), 'Logo removed.');
  const file = form.get('logo');
  return asSellerMember(() => api.portal.setLogo({ logo: file instanceof Blob ? file : new Blob([]) }), 'Logo saved.');
}

export async function saveTaxSettings(_previous: SettingsFormState, form: FormData): Promise<SettingsFormState> {
  const address = (field: string) => formText(form, `originAddress.${field}`);
  return asSellerMember(
    () =>
      api.portal.updateTaxSettings({
        taxCollection: form.get('taxCollection') === 'true',
        taxBehavior: formText(form, 'taxBehavior'),
        // Blank fields clear: a blank tax id, an address of blank fields (the service reads them so).
        taxId: formText(form, 'taxId'),
        originAddress: { line1: address('line1'), city: address('city'), postalCode: address('postalCode'), state: address('state'), country: address('country') },
      }),
    'Tax settings saved.',
  );
}

/** Deletes the store, then opens the portal's home, which says so (the person is no member any more). */
export async function deleteStore(_previous: SettingsFormState, form: FormData): Promise<SettingsFormState> {
  const state = await asSellerMember(() => api.portal.closeStore({ confirmIssuerClientId: formText(form, 'confirmIssuerClientId') }), 'Store deleted.');
  if (state.saved) redirect('/portal?deleted=1');
  return state;
}
