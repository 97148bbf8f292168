import type { Metadata } from 'next';
import Link from 'next/link';
import { FormattedDate, FormattedDateTime } from '@/app/components/formatted';
import { api, portalMe, refusedWith } from '@/app/trpc-server';
import { ROLE_SUMMARIES } from '@/server/entry/shared';
import { acceptInvitationAction } from './actions';
import { SignInToAccept } from '@/app/components/sign-in-to-accept';

export const dynamic = 'force-dynamic';
// The address carries the invitation's token: keep it out of Referer headers and search engines
// (strict-origin: never the path, yet the Accept form's POST carries the Origin server actions need).
export const metadata: Metadata = { title: 'Team invitation', referrer: 'strict-origin', robots: { index: false, follow: false } };

type Props = { params: Promise<{ token: string }> };

type InvitationView = Awaited<ReturnType<typeof api.team.invitation>>;

/** The invitation a link names; text no token can hold is an unknown link like any other. */
async function invitationView(token: string): Promise<InvitationView> {
  try {
    return await api.team.invitation({ token });
  } catch (error) {
    if (refusedWith(error, 'ValidationError')) return { state: 'unknown', details: null };
    throw error;
  }
}


export default async function InvitationPage({ params }: Props) {
  const { token } = await params;
  const safeToken = token.slice(0, 201);
  const [view, session] = await Promise.all([invitationView(safeToken), portalMe()]);
  const invitationPath = `/invitations/${encodeURIComponent(safeToken)}`;
  const details = view.details;

  if (view.state !== 'open' || !details) return <ClosedInvitation view={view} signedInAccountId={session?.accountId ?? null} />;

  return (
    <div className="mx-auto max-w-2xl space-y-6" data-testid="invitation" data-invitation-state="open">
      <header className="space-y-2">
        <p className="text-sm font-medium text-indigo-700">Team invitation</p>
        <h1 className="text-3xl font-bold tracking-tight break-words">
          Join {details.storeName} as {details.role}
        </h1>
        <p className="text-slate-600">
          <span className="wrap-anywhere">{details.invitedBy}</span> invited <strong className="wrap-anywhere">{details.email}</strong> to the team of{' '}
          {details.storeName} in the seller portal. As {details.role}: {ROLE_SUMMARIES[details.role]}.
        </p>
      </header>

      <SignInToAccept
        email={details.email}
        signedInEmail={session?.email ?? null}
        returnPath={invitationPath}
        what="this invitation"
        signInNote={`Sign in with ${details.email} to accept. We e-mail you a one-time code; no password is needed, and signing in the first time makes your account.`}
        acceptNote={`You become a member of ${details.storeName} when you accept.`}
        acceptLabel="Accept the invitation"
        accept={acceptInvitationAction.bind(null, safeToken)}
        expires={<FormattedDateTime value={details.expiresAt} />}
      />
    </div>
  );
}

function ClosedInvitation({ view, signedInAccountId }: { view: InvitationView; signedInAccountId: string | null }) {
  const details = view.details;
  const store = details?.storeName ?? 'the store';
  const mine = details?.acceptedByAccountId != null && details.acceptedByAccountId === signedInAccountId;
  const copy: { title: string; text: string; link: { href: string; label: string } } =
    view.state === 'accepted'
      ? {
          title: 'This invitation was already accepted',
          text: mine ? `You are a member of ${store}.` : `The invitation to ${store} was accepted. Sign in with the invited address to open the portal.`,
          link: { href: '/portal', label: mine ? 'Open the portal' : 'Sign in to the portal' },
        }
      : view.state === 'expired'
        ? {
            title: 'This invitation has expired',
            text: `Invitation links work for 7 days. Ask ${details?.invitedBy ?? 'the person who invited you'} at ${store} to send it again.`,
            link: { href: '/', label: 'Go to the home page' },
          }
        : view.state === 'revoked'
          ? {
              title: 'This invitation was revoked',
              text: `${store} withdrew this invitation. If you still expect to join, ask ${details?.invitedBy ?? 'the store'} for a new one.`,
              link: { href: '/', label: 'Go to the home page' },
            }
          : {
              title: 'This invitation link is not valid',
              text: 'Check that the address matches the link in your e-mail exactly. A link that was sent again replaces the earlier one: use the latest e-mail.',
              link: { href: '/', label: 'Go to the home page' },
            };
  return (
    <div className="mx-auto max-w-2xl space-y-4" data-testid="invitation" data-invitation-state={view.state}>
      <h1 className="text-3xl font-bold tracking-tight">{copy.title}</h1>
      <p className="text-slate-700">{copy.text}</p>
      {details && view.state === 'expired' && (
        <p className="text-sm text-slate-600">
          It expired on <FormattedDate value={details.expiresAt} />.
        </p>
      )}
      {details && view.state === 'revoked' && details.revokedAt && (
        <p className="text-sm text-slate-600">
          Revoked on <FormattedDate value={details.revokedAt} />.
        </p>
      )}
      <Link href={copy.link.href} className="inline-block rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-500">
        {copy.link.label}
      </Link>
    </div>
  );
}
