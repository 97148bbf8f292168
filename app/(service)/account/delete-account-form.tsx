'use client';

import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { buttonDanger } from '@/app/components/buttons';
import { signOutTo } from '@/app/components/sign-out';
import { useTRPC } from '@/app/trpc-provider';

const input = 'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base shadow-sm focus:border-indigo-500';

/**
 * The confirmation: the person types their address, then presses the button. Once erased, the
 * browser's session cookie is dropped too and the done page (which needs no session) is shown.
 */
export function DeleteAccountForm({ email }: { email: string }) {
  const trpc = useTRPC();
  const fieldId = useId();
  const hintId = useId();
  const [typed, setTyped] = useState('');
  const erase = useMutation(trpc.account.erase.mutationOptions({ onSuccess: () => signOutTo('/account/erased') }));
  const matches = typed.trim().toLowerCase() === email.toLowerCase();

  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (matches) erase.mutate({ confirmEmail: typed });
      }}
    >
      <div>
        <label htmlFor={fieldId} className="block text-sm font-medium">
          Type your e-mail address to confirm
        </label>
        <input
          id={fieldId}
          name="confirmEmail"
          type="email"
          autoComplete="off"
          spellCheck={false}
          aria-describedby={hintId}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          disabled={erase.isPending || erase.isSuccess}
          className={input}
        />
        <p id={hintId} className="mt-1 text-xs text-slate-600 [overflow-wrap:anywhere]">
          {email}
        </p>
      </div>
      <button type="submit" disabled={!matches || erase.isPending || erase.isSuccess} className={buttonDanger}>
        {erase.isPending || erase.isSuccess ? 'Deleting your account…' : 'Delete my account'}
      </button>
      {erase.error && (
        <p role="alert" className="text-sm text-red-700 [overflow-wrap:anywhere]">
          Your account was not deleted: {erase.error.message}
        </p>
      )}
    </form>
  );
}
