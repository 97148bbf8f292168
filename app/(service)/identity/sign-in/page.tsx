import type { Metadata } from 'next';
import { api } from '@/app/trpc-server';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Sign in' };

const ERRORS: Record<string, string> = {
  expired: 'This sign-in has expired or was opened in another browser. Go back to the app and start again.',
  email: 'Enter a valid e-mail address.',
  slow_down: 'Too many codes were sent to this address. Wait a while (up to an hour) and try again.',
  'too-many-tries': 'Too many wrong codes were entered for this address. Wait a while (up to an hour), then request a new code.',
  busy: 'Too many sign-ins were started from your network just now. Wait a minute and try again.',
  temporarily_unavailable: 'The code could not be e-mailed just now. Try again in a moment.',
  code: 'That code is not correct. Check the e-mail and try again.',
  'code-expired': 'That code has expired. Request a new one.',
  'code-spent': 'That code can no longer be used. Request a new one.',
};

type Props = { searchParams: Promise<Record<string, string | undefined>> };

export default async function SignInPage({ searchParams }: Props) {
  const { request = '', step, error, to } = await searchParams;
  const message = error ? (ERRORS[error] ?? 'Something went wrong. Try again.') : null;
  const askForCode = step === 'code';
  const input = 'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base shadow-sm focus:border-indigo-500';
  const button = 'w-full rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-500';

  return (
    <div className="mx-auto max-w-md space-y-6 rounded-lg border border-slate-200 bg-white p-8 shadow-sm">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold">Sign in</h1>
        <p className="text-sm text-slate-600">
          {askForCode ? `We e-mailed a 6-digit code to ${to ?? 'your address'}.` : 'No password: we e-mail you a one-time code. Your account is created the first time.'}
        </p>
      </div>
      {message && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {message}
        </p>
      )}
      {askForCode ? (
        <form method="post" action="/identity/sign-in/code" className="space-y-4">
          <input type="hidden" name="request" value={request} />
          <input type="hidden" name="to" value={to ?? ''} />
          <label className="block text-sm font-medium">
            Code
            <input name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} required autoFocus className={input} />
          </label>
          <button type="submit" className={button}>
            Continue
          </button>
          <a href={`/identity/sign-in?request=${encodeURIComponent(request)}`} className="block text-center text-sm text-indigo-700 underline">
            Use a different address or send a new code
          </a>
        </form>
      ) : (
        <form method="post" action="/identity/sign-in/email" className="space-y-4">
          <input type="hidden" name="request" value={request} />
          <label className="block text-sm font-medium">
            E-mail address
            <input name="email" type="email" autoComplete="email" required autoFocus className={input} />
          </label>
          <button type="submit" className={button}>
            Send me a code
          </button>
        </form>
      )}
      {(await devOutboxHint()) && (
        <p className="text-xs text-slate-500">
          Development: no SMTP server is configured, so the code is in the <a className="underline" href="/dev/outbox" target="_blank">dev outbox</a>.
        </p>
      )}
    </div>
  );
}

/** Development without SMTP: the code is in the dev outbox, when this browser may read it. */
async function devOutboxHint(): Promise<boolean> {
  const outbox = await api.devOutbox.access();
  return outbox.readable && !outbox.delivers;
}
