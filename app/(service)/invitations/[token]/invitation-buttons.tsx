'use client';

import { useFormStatus } from 'react-dom';
import { signOutTo } from '@/app/components/sign-out';

const primary =
  'w-full rounded-md bg-indigo-600 px-4 py-2 font-medium wrap-anywhere text-white hover:bg-indigo-500 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60 sm:w-auto';

/** The accept button; disabled while the accept is under way (a second accept of one's own invitation is harmless too). */
export function AcceptInvitationButton() {
  const { pending } = useFormStatus();
  return (
    <button type="submit" className={primary} disabled={pending} aria-disabled={pending}>
      {pending ? 'Accepting…' : 'Accept the invitation'}
    </button>
  );
}

/** Signs the current account out and comes back through sign-in with the invited address filled in. */
export function SwitchAccountButton({ invitationPath, email }: { invitationPath: string; email: string }) {
  const callbackUrl = `/login?callbackUrl=${encodeURIComponent(invitationPath)}&email=${encodeURIComponent(email)}`;
  return (
    <button type="button" className={primary} onClick={() => signOutTo(callbackUrl)}>
      Sign out and sign in as {email}
    </button>
  );
}
