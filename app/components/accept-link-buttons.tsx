'use client';

import { useFormStatus } from 'react-dom';
import { signOutTo } from './sign-out';

const primary =
  'w-full rounded-md bg-indigo-600 px-4 py-2 font-medium wrap-anywhere text-white hover:bg-indigo-500 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60 sm:w-auto';

/** The accept button; disabled while the accept is under way (the server also makes a second accept harmless). */
export function AcceptSubmitButton({ label }: { label: string }) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" className={primary} disabled={pending} aria-disabled={pending}>
      {pending ? 'Accepting…' : label}
    </button>
  );
}

/** Signs the current account out and comes back through sign-in with the invited address filled in. */
export function SwitchAccountButton({ returnPath, email }: { returnPath: string; email: string }) {
  const callbackUrl = `/login?callbackUrl=${encodeURIComponent(returnPath)}&email=${encodeURIComponent(email)}`;
  return (
    <button type="button" className={primary} onClick={() => signOutTo(callbackUrl)}>
      Sign out and sign in as {email}
    </button>
  );
}
