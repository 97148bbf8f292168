import Link from 'next/link';
import type { ReactNode } from 'react';
import { AcceptSubmitButton, SwitchAccountButton } from './accept-link-buttons';

/**
 * The step of a link sent to one address (a free license's claim, a team invitation) that accepts it:
 * signed out, a sign-in with that address filled in that comes back here; signed in with another
 * address, a notice that nothing was accepted and a way to switch; signed in with it, the accept form.
 */
export function SignInToAccept(props: {
  /** The address the link was sent to. */
  email: string;
  signedInEmail: string | null;
  /** This page's path, where the sign-in comes back to. */
  returnPath: string;
  /** What is accepted, as the wrong-account notice names it ("this license", "this invitation"). */
  what: string;
  /** Said before the sign-in link, to a signed-out reader. */
  signInNote: string;
  /** Said above the accept button, to the invited person signed in. */
  acceptNote: ReactNode;
  acceptLabel: string;
  accept: (formData: FormData) => void | Promise<void>;
  /** Until when the link works. */
  expires: ReactNode;
}) {
  const { email, signedInEmail } = props;
  const signedInAsInvitee = signedInEmail !== null && signedInEmail.toLowerCase() === email.toLowerCase();
  return (
    <section aria-labelledby="accept-next" className="space-y-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="accept-next" className="text-lg font-semibold">
        {signedInAsInvitee ? 'Ready to accept' : 'Sign in to accept'}
      </h2>
      {signedInEmail === null && (
        <>
          <p className="text-sm text-slate-700">{props.signInNote}</p>
          <Link
            href={`/login?callbackUrl=${encodeURIComponent(props.returnPath)}&email=${encodeURIComponent(email)}`}
            className="inline-block max-w-full rounded-md bg-indigo-600 px-4 py-2 font-medium wrap-anywhere text-white hover:bg-indigo-500"
          >
            Sign in as {email}
          </Link>
        </>
      )}
      {signedInEmail !== null && !signedInAsInvitee && (
        <>
          <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" data-testid="wrong-account">
            You are signed in as <strong className="wrap-anywhere">{signedInEmail}</strong>, but {props.what} is for <strong className="wrap-anywhere">{email}</strong>.
            Nothing has been accepted. Sign in with that address to accept it.
          </p>
          <SwitchAccountButton returnPath={props.returnPath} email={email} />
        </>
      )}
      {signedInAsInvitee && (
        <form action={props.accept} className="space-y-3">
          <p className="text-sm text-slate-700">
            Signed in as <span className="wrap-anywhere">{signedInEmail}</span>. {props.acceptNote}
          </p>
          <AcceptSubmitButton label={props.acceptLabel} />
        </form>
      )}
      <p className="text-xs text-slate-600">This link works until {props.expires}.</p>
    </section>
  );
}
