'use client';

import { signIn } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';

/** Continue: spends the link for a session, then goes where it leads. */
export function ContinueWithLink({ token, path }: { token: string; path: string }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function continueSignIn() {
    setPending(true);
    setError(null);
    signIn('email-link', { redirect: false, token })
      .then((result) => {
        if (!result || result.error) {
          setPending(false);
          setError(result?.error && result.error !== 'CredentialsSignin' ? result.error : 'This link no longer works. Sign in with your e-mail address instead.');
          return;
        }
        router.replace(path);
        router.refresh();
      })
      .catch(() => {
        setPending(false);
        setError('The link could not be checked. Please try again.');
      });
  }

  return (
    <div className="space-y-3">
      <button
        type="button"
        onClick={continueSignIn}
        disabled={pending}
        className="w-full rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-500 disabled:opacity-60 sm:w-auto"
      >
        {pending ? 'Signing in…' : 'Continue'}
      </button>
      {error && (
        <p role="alert" className="text-sm text-red-700 [overflow-wrap:anywhere]">
          {error}{' '}
          <a href={`/login?callbackUrl=${encodeURIComponent(path)}`} className="font-medium text-indigo-700 underline">
            Sign in with an e-mailed code
          </a>
        </p>
      )}
    </div>
  );
}
