import 'server-only';
import { revalidatePath } from 'next/cache';
import { apiErrorOf } from '@/app/trpc-server';

/** What a settings form shows after a submit: a confirmation, or the refusal on its fields. */
export interface SettingsFormState {
  saved: string | null;
  error: string | null;
  fieldErrors: Record<string, string>;
}

// The procedures are seller procedures: the router decides who is signed in and which seller they act
// for, as for every page; the action only turns its refusals into the form's words.
export async function asSellerMember(change: () => Promise<unknown>, saved: string): Promise<SettingsFormState> {
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
