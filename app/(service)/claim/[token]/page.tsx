import type { Metadata } from 'next';
import Link from 'next/link';
import type { ClaimState, ClaimView } from '@licensing/core';
import { kit } from '@/app/core';
import { api, portalMe, refusedWith, type PortalMe } from '@/app/trpc-server';
import { FormattedDate } from '@/app/components/formatted';
import { SignInToAccept } from '@/app/components/sign-in-to-accept';
import { acceptClaimAction } from './actions';

export const dynamic = 'force-dynamic';
// The address carries the claim token: keep it out of Referer headers and search engines.
// strict-origin: never the path (it holds the token), yet the Accept form's POST carries a real Origin, which Next's
// server actions require (no-referrer makes it "null" and the accept fails without JavaScript).
export const metadata: Metadata = { title: 'Accept your license', referrer: 'strict-origin', robots: { index: false, follow: false } };

type Props = { params: Promise<{ token: string }> };

const CLOSED_STATES: Record<Exclude<ClaimState, 'open'>, { title: string; text: (seller: string) => string }> = {
  unknown: {
    title: 'This claim link is not valid',
    text: () => 'Check that the address matches the link in your e-mail exactly, or ask the seller for a new link.',
  },
  used: {
    title: 'This link has already been used',
    text: () => 'The license was accepted with this link. Sign in with the invited address to find it under your licenses.',
  },
  accepted: {
    title: 'This license was already accepted',
    text: () => 'It was accepted with another link sent for the same purchase. Sign in with the invited address to find it under your licenses.',
  },
  expired: {
    title: 'This claim link has expired',
    text: (seller) => `Claim links work for seven days. Ask ${seller} to send you a new one.`,
  },
  replaced: {
    title: 'This claim link was replaced',
    text: (seller) => `${seller} created a newer invitation for the same license and address. Use the link from the latest invitation.`,
  },
};

/** The claim a link names; text no token can hold (a NUL, a lone surrogate) is an invalid link like any other. */
async function claimView(token: string): Promise<ClaimView> {
  try {
    return await api.checkoutPages.claim({ token });
  } catch (error) {
    if (refusedWith(error, 'ValidationError')) return api.checkoutPages.claim({ token: '' });
    throw error;
  }
}

export default async function ClaimPage({ params }: Props) {
  const { token } = await params;
  const safeToken = token.slice(0, kit.CLAIM_TOKEN_MAX_LENGTH + 1);
  const [view, session] = await Promise.all([claimView(safeToken), portalMe()]);
  const claimPath = `/claim/${encodeURIComponent(safeToken)}`;

  if (view.state !== 'open' || !view.details) return <ClosedClaim view={view} session={session} />;
  const details = view.details;

  return (
    <div className="mx-auto max-w-2xl space-y-6" data-testid="claim" data-claim-state="open">
      <header className="space-y-2">
        <p className="text-sm font-medium text-indigo-700">From {details.sellerName}</p>
        <h1 className="text-3xl font-bold tracking-tight break-words">Accept your {details.productName} license</h1>
        <p className="text-slate-600">
          {details.sellerName} has set aside this license for <strong className="wrap-anywhere">{details.email}</strong>. Nothing is charged.
        </p>
      </header>

      <ClaimDetails details={details} />

      <SignInToAccept
        email={details.email}
        signedInEmail={session?.email ?? null}
        returnPath={claimPath}
        what="this license"
        signInNote={`Sign in with ${details.email} to accept. We e-mail you a one-time code; no password is needed.`}
        acceptNote="The license is created when you accept and appears under your licenses."
        acceptLabel="Accept the license"
        accept={acceptClaimAction.bind(null, safeToken)}
        expires={<FormattedDate value={details.expiresAt} />}
      />
    </div>
  );
}

function ClaimDetails({ details }: { details: NonNullable<ClaimView['details']> }) {
  return (
    <section aria-labelledby="claim-grants" className="space-y-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="claim-grants" className="text-lg font-semibold">
        What the license grants
      </h2>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-500">Product</dt>
          <dd className="font-medium break-words">{details.productName}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Plan</dt>
          <dd className="font-medium break-words">{details.offeringName}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Kind</dt>
          <dd className="font-medium">
            {details.kind} · {details.price}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Seats</dt>
          <dd className="font-medium">{details.seats}</dd>
        </div>
      </dl>
      {details.features.length > 0 && (
        <ul className="space-y-1 text-sm" aria-label="Features">
          {details.features.map((feature) => (
            <li key={feature.key} className="break-words">
              <span className="font-medium">{feature.name}</span>
              {feature.description && <span className="text-slate-600"> — {feature.description}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ClosedClaim({ view, session }: { view: ClaimView; session: PortalMe | null }) {
  const state = view.state as Exclude<ClaimState, 'open'>;
  const copy = CLOSED_STATES[state];
  const seller = view.details?.sellerName ?? 'the seller';
  const mine = session !== null && view.details?.acceptedByAccountId === session.accountId;
  return (
    <div className="mx-auto max-w-2xl space-y-4" data-testid="claim" data-claim-state={state}>
      <h1 className="text-3xl font-bold tracking-tight">{copy.title}</h1>
      <p className="text-slate-700">{copy.text(seller)}</p>
      {view.details && (state === 'used' || state === 'accepted') && (
        <Link href="/licenses" className="inline-block rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-500">
          {mine ? 'Open your licenses' : 'Sign in to see your licenses'}
        </Link>
      )}
      {view.details && <ClaimDetails details={view.details} />}
    </div>
  );
}
