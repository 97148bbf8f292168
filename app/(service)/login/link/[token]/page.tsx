import type { Metadata } from 'next';
import Link from 'next/link';
import { api } from '@/app/trpc-server';
import { ContinueWithLink } from './continue-with-link';

export const dynamic = 'force-dynamic';
// The address carries the link's token: keep it out of Referer headers and search engines.
export const metadata: Metadata = { title: 'Sign in with your link', referrer: 'no-referrer', robots: { index: false, follow: false } };

type Props = { params: Promise<{ token: string }> };

const CLOSED: Record<'used' | 'expired' | 'unknown', string> = {
  used: 'This sign-in link has already been used.',
  expired: 'This sign-in link has expired: links from e-mails work for an hour.',
  unknown: 'This sign-in link is not valid. Check that the address matches the link in your e-mail exactly.',
};

/**
 * An e-mailed sign-in link (server/identity/sign-in-links.ts). Opening it spends nothing: a mail
 * scanner that fetches the page cannot use it up. Continue signs in and goes where the link leads;
 * a link that no longer works offers the ordinary sign-in, back to the same place.
 */
export default async function SignInLinkPage({ params }: Props) {
  const { token } = await params;
  const link = await api.auth.signInLink({ token: token.slice(0, 200) });
  const path = link.path ?? '/licenses';
  return (
    <section className="mx-auto max-w-md space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8" data-testid="sign-in-link" data-state={link.state}>
      <h1 className="text-2xl font-semibold">{link.state === 'open' ? 'Sign in to see your license' : 'Sign in with your e-mail address'}</h1>
      {link.state === 'open' ? (
        <>
          <p className="text-slate-700">This link from your e-mail signs you in once, on this device, and shows your license codes.</p>
          <ContinueWithLink token={token} path={path} />
        </>
      ) : (
        <>
          <p className="text-slate-700">{CLOSED[link.state]} Sign in with the address the e-mail was sent to: we e-mail you a code.</p>
          <Link
            href={`/login?callbackUrl=${encodeURIComponent(path)}`}
            className="inline-block rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-500"
          >
            Sign in with an e-mailed code
          </Link>
        </>
      )}
    </section>
  );
}
