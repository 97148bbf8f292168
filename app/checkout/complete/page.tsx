import type { Metadata } from 'next';
import Link from 'next/link';
import { getPortalSession } from '@/server/portal/session';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Payment received', robots: { index: false, follow: false }, referrer: 'no-referrer' };

type Props = { searchParams: Promise<{ session_id?: string }> };

const SESSION_ID = /^[A-Za-z0-9-]{1,100}$/;

/**
 * The hosted success page (spec: when the app gives no SuccessUrl). The app polls its checkout
 * session for the license code, so this page needs no sign-in and shows no credential.
 */
export default async function CheckoutCompletePage({ searchParams }: Props) {
  const { session_id: sessionId } = await searchParams;
  const licensesPath = sessionId && SESSION_ID.test(sessionId) ? `/licenses?session=${encodeURIComponent(sessionId)}` : '/licenses';
  // A buyer who paid from an app has no portal session in this browser: sign in first, then back here.
  const signedIn = (await getPortalSession()) !== null;
  const licensesHref = signedIn ? licensesPath : `/login?callbackUrl=${encodeURIComponent(licensesPath)}`;
  return (
    <section className="mx-auto max-w-lg space-y-4 rounded-lg border border-emerald-200 bg-emerald-50 p-8 text-emerald-950" data-testid="checkout-complete">
      <h1 className="text-2xl font-semibold">Payment received. You can return to the app.</h1>
      <p>Your app picks up the license by itself in a moment. A confirmation e-mail is on its way.</p>
      <p>
        <Link href={licensesHref} className="font-medium text-indigo-700 underline hover:text-indigo-600">
          {signedIn ? 'See your licenses' : 'Sign in to see your licenses'}
        </Link>
      </p>
    </section>
  );
}
