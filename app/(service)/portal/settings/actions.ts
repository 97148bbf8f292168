'use server';

import { revalidatePath } from 'next/cache';
import { db, DomainError, findSellerMemberships, changeIssuerClientId, removeSellerLogo, setSellerLogo, updateSellerProfile } from '@/app/core';
import { getPortalSession } from '@/app/portal-session';

/** What a settings form shows after a submit: a confirmation, or the refusal on its fields. */
export interface SettingsFormState {
  saved: string | null;
  error: string | null;
  fieldErrors: Record<string, string>;
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '');

async function asSellerMember<T>(action: (ctx: { db: ReturnType<typeof db> }, sellerId: string) => Promise<T>, saved: string): Promise<SettingsFormState> {
  const session = await getPortalSession();
  if (!session) return { saved: null, error: 'Your session has ended. Sign in again to continue.', fieldErrors: {} };
  const ctx = { db: db() };
  const [membership] = await findSellerMemberships(ctx, session.accountId);
  if (!membership) return { saved: null, error: 'You are not a member of any seller yet. Register as a seller first.', fieldErrors: {} };
  try {
    await action(ctx, membership.sellerId);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'ValidationError') {
      const fieldErrors = Object.fromEntries((error.details ?? []).map((detail) => [detail.Field, detail.Message]));
      return { saved: null, error: 'Please correct the fields marked below.', fieldErrors };
    }
    throw error;
  }
  revalidatePath('/portal', 'layout');
  return { saved, error: null, fieldErrors: {} };
}

export async function saveStoreProfile(_previous: SettingsFormState, form: FormData): Promise<SettingsFormState> {
  return asSellerMember(
    (ctx, sellerId) => updateSellerProfile(ctx, sellerId, { storeName: text(form, 'storeName'), contactName: text(form, 'contactName'), legalName: text(form, 'legalName') }),
    'Store details saved.',
  );
}

export async function saveStorefrontId(_previous: SettingsFormState, form: FormData): Promise<SettingsFormState> {
  return asSellerMember((ctx, sellerId) => changeIssuerClientId(ctx, sellerId, { issuerClientId: text(form, 'issuerClientId').trim() }), 'Storefront id changed.');
}

export async function saveLogo(_previous: SettingsFormState, form: FormData): Promise<SettingsFormState> {
  if (form.get('remove') === 'true') return asSellerMember((ctx, sellerId) => removeSellerLogo(ctx, sellerId), 'Logo removed.');
  const file = form.get('logo');
  const bytes = file instanceof File ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array();
  return asSellerMember((ctx, sellerId) => setSellerLogo(ctx, sellerId, bytes), 'Logo saved.');
}
