'use server';

import { formText } from '@/app/components/form-text';
import { api } from '@/app/trpc-server';
import { asSellerMember, type SettingsFormState } from '../../../form-action';

/** The product page's Images card: upload one (with its description), or remove one. */
export async function saveProductImage(_previous: SettingsFormState, form: FormData): Promise<SettingsFormState> {
  const productId = formText(form, 'productId');
  const removing = formText(form, 'remove');
  if (removing) return asSellerMember(() => api.catalogAdmin.removeProductImage({ productId, imageId: removing }), 'Image removed.');
  const file = form.get('image');
  return asSellerMember(
    () => api.catalogAdmin.addProductImage({ productId, image: file instanceof Blob ? file : new Blob([]), alt: formText(form, 'alt') }),
    'Image added.',
  );
}
