'use server';

import { formText } from '@/app/components/form-text';
import { api } from '@/app/trpc-server';
import { asSellerMember, type SettingsFormState } from '../../../form-action';

/** The product page's Downloads card: add a link for a platform, or remove one. */
export async function saveProductDownload(_previous: SettingsFormState, form: FormData): Promise<SettingsFormState> {
  const productId = formText(form, 'productId');
  const removing = formText(form, 'remove');
  if (removing) return asSellerMember(() => api.catalogAdmin.removeProductDownload({ productId, downloadId: removing }), 'Download link removed.');
  return asSellerMember(() => api.catalogAdmin.addProductDownload({ productId, platform: formText(form, 'platform'), url: formText(form, 'url') }), 'Download link added.');
}
