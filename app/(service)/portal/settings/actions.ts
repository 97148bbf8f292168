'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { formText } from '@/app/components/form-text';
import { api, apiErrorOf } from '@/app/trpc-server';

/** What a settings form shows after a submit: a confirmation, or the refusal on its fields. */
export interface SettingsFormState {
  saved: string | null;
  error: string | null;
  fieldErrors: Record<string, string>;
}

// The procedures are seller procedures: the router decides who is signed in and which seller they act
// for, as for every page; the action only turns its refusals into the form's words.
async function asSellerMember(change: () => Promise<unknown>, saved: string): Promise<SettingsFormState> {
  try {
    await change();
  } catch (error) {
    const refusal = apiErrorOf(error);
    if (refusal?.signedOut) return { saved: null, error: 'Your session has ended. Sign in again to continue.', fieldErrors: {} };
    // A form left open after the member's role changed: the refusal says why, and who may.
    // What stands in the way of deleting the store is said in the refusal's own sentences.
    if (refusal?.code === 'NotFound' || refusal?.code === 'RoleForbidden' || refusal?.code === 'StoreClosureRefused') return { saved: null, error: refusal.message, fieldErrors: {} };
    if (refusal?.code === 'ValidationError') {
      const fieldErrors = Object.fromEntries(refusal.details.map((detail) => [detail.Field, detail.Message]));
      return { saved: null, error: 'Please correct the fields marked below.', fieldErrors };
    }
    throw error;
  }
  revalidatePath('/portal', 'layout');
  return { saved, error: null, fieldErrors: {} };
}

export async function saveStoreProfile(_previous: SettingsFormState, form: FormData): Promise<SettingsFormState> {
  return asSellerMember(
    () => api.portal.updateProfile({ storeName: formText(form, 'storeName'), contactName: formText(form, 'contactName'), legalName: formText(form, 'legalName') }),
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
