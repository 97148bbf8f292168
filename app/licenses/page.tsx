import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { LicenseClassification } from '@/server/catalog/catalog-enums';
import { describeInterval } from '@/server/catalog/describe-offering';
import { getCheckoutResultForBuyer } from '@/server/checkout/get-checkout-result';
import { db } from '@/server/db';
import { DomainError } from '@/server/errors';
import { FINAL_LICENSE_STATUSES } from '@/server/licensing/issue-seat-code';
import { listBuyerLicenses, type BuyerFeatureView, type BuyerLicenseView } from '@/server/licensing/list-buyer-licenses';
import { getPortalSession } from '@/server/portal/session';
import { SignOutButton } from '../portal/sign-out-button';
import { LicenseCodeBox } from './license-code-box';
import { NewCodeButton } from './new-code-button';
import { RevokeCodeButton } from './revoke-code-button';

export const dynamic = 'force-dynamic';
// ?session= may reveal a license code: keep the address out of Referer headers.
export const metadata: Metadata = { title: 'Your licenses', referrer: 'no-referrer' };

type Props = { searchParams: Promise<{ session?: string | string[] }> };

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

function When({ value, withTime }: { value: Date; withTime?: boolean }) {
  return <time dateTime={value.toISOString()}>{withTime ? `${dateTimeFormat.format(value)} UTC` : dateFormat.format(value)}</time>;
}

type CheckoutNotice =
  | { kind: 'code'; code: string; offeringName: string }
  | { kind: 'message'; tone: 'info' | 'warning'; text: string }
  | null;

/** What ?session=<id> adds at the top: the license code of this buyer's completed checkout, once. */
async function checkoutNotice(sessionId: string | undefined, buyerAccountId: string, licenses: BuyerLicenseView[]): Promise<CheckoutNotice> {
  if (!sessionId) return null;
  try {
    const result = await getCheckoutResultForBuyer({ db: db() }, { sessionId, buyerAccountId });
    if (result.Status === 'pending') return { kind: 'message', tone: 'info', text: 'Your purchase is still being processed. Reload this page in a moment.' };
    if (result.Status === 'failed') return { kind: 'message', tone: 'warning', text: `That purchase did not complete: ${result.Error ?? 'no reason given'}.` };
    const license = licenses.find((candidate) => candidate.id === result.LicenseId);
    if (!result.EncodedCredential || !license) return null;
    // Once every code of that license is revoked, the old code is of no use: do not show it.
    const live = license.seats.some((seat) => seat.codes.some((code) => code.revokedAt === null));
    if (!live) return { kind: 'message', tone: 'info', text: `The license code of your ${license.offeringName} purchase has been revoked.` };
    return { kind: 'code', code: result.EncodedCredential, offeringName: license.offeringName };
  } catch (error) {
    if (error instanceof DomainError && (error.code === 'NotFound' || error.code === 'CheckoutResultForbidden')) {
      return { kind: 'message', tone: 'warning', text: 'That purchase was not found among yours.' };
    }
    throw error;
  }
}

export default async function LicensesPage({ searchParams }: Props) {
  const { session: sessionParam } = await searchParams;
  const sessionId = typeof sessionParam === 'string' && sessionParam.length <= 100 ? sessionParam : undefined;
  const session = await getPortalSession();
  if (!session) redirect(sessionId ? `/login?callbackUrl=${encodeURIComponent(`/licenses?session=${sessionId}`)}` : '/login?callbackUrl=/licenses');

  const licenses = await listBuyerLicenses({ db: db() }, { buyerAccountId: session.accountId });
  const notice = await checkoutNotice(sessionId, session.accountId, licenses);

  return (
    <div className="space-y-8">
      <header className="flex flex-wrap items-end justify-between gap-4 border-b border-slate-200 pb-4">
        <div className="space-y-1">
          <h1 className="text-3xl font-bold tracking-tight">Your licenses</h1>
          <p className="text-slate-600">Licenses you bought or claimed, their seats and their license codes.</p>
        </div>
        <div className="flex items-center gap-3 text-sm text-slate-600">
          <span data-testid="signed-in-as">{session.email}</span>
          <SignOutButton />
        </div>
      </header>

      {notice?.kind === 'code' && <LicenseCodeBox code={notice.code} offeringName={notice.offeringName} />}
      {notice?.kind === 'message' && (
        <p
          role="status"
          className={`rounded-md border p-4 text-sm ${notice.tone === 'warning' ? 'border-amber-200 bg-amber-50 text-amber-900' : 'border-sky-200 bg-sky-50 text-sky-900'}`}
        >
          {notice.text}
        </p>
      )}

      {licenses.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
          <p>You have no licenses yet.</p>
          <p className="mt-1 text-sm">
            Licenses you buy in an app or on a storefront appear here, for example from the{' '}
            <Link href="/marketplace/demo" className="text-indigo-700 underline hover:text-indigo-600">
              demo storefront
            </Link>
            .
          </p>
        </div>
      ) : (
        <ul className="space-y-6" aria-label="Licenses">
          {licenses.map((license) => (
            <li key={license.id}>
              <LicenseCard license={license} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const STATUS_STYLE: Record<string, string> = {
  Active: 'bg-emerald-100 text-emerald-800',
  Paused: 'bg-amber-100 text-amber-800',
  Suspended: 'bg-red-100 text-red-800',
  Cancelled: 'bg-slate-200 text-slate-700',
  Expired: 'bg-slate-200 text-slate-700',
};

function LicenseCard({ license }: { license: BuyerLicenseView }) {
  const headingId = `license-${license.id}`;
  return (
    <article
      aria-labelledby={headingId}
      data-testid="license"
      data-license-id={license.id}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-xl font-semibold">
            {license.offeringName}
          </h2>
          <p className="text-sm text-slate-600">
            {license.productName} · from {license.sellerName}
          </p>
        </div>
        <div className="flex gap-2 text-xs">
          <span className={`rounded-full px-2 py-0.5 font-medium ${STATUS_STYLE[license.status] ?? 'bg-slate-100 text-slate-700'}`} data-testid="license-status">
            {license.status}
          </span>
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700">{license.classificationLabel}</span>
        </div>
      </div>

      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-500">Term start</dt>
          <dd>
            <When value={license.termStart} />
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Term end</dt>
          <dd>{license.termEnd ? <When value={license.termEnd} /> : license.classification === LicenseClassification.Subscription ? 'Renews until cancelled' : 'No end'}</dd>
        </div>
        <div>
          <dt className="text-slate-500">License id</dt>
          <dd className="break-all font-mono text-xs">{license.id}</dd>
        </div>
      </dl>

      {license.features.length > 0 && (
        <div className="space-y-1">
          <h3 className="text-sm font-semibold text-slate-700">Features</h3>
          <ul className="space-y-1 text-sm text-slate-700" aria-label={`Features of ${license.offeringName}`}>
            {license.features.map((feature) => (
              <li key={feature.key}>
                <span className="font-medium">{feature.displayName}</span>
                <span className="text-slate-500"> · {describeFeature(feature)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}

      <SeatsTable license={license} />
    </article>
  );
}

function describeFeature(feature: BuyerFeatureView): string {
  if (feature.accessLevel === 'Denied') return 'not included';
  const parts = [feature.rateLimit === null ? 'no rate limit' : `up to ${feature.rateLimit} per minute`];
  if (feature.allowance !== null) {
    const period = describeInterval(1, feature.allowancePeriodUnit);
    parts.push(`${feature.allowance} per ${period ?? 'period'} per seat`);
  }
  return parts.join(', ');
}

function SeatsTable({ license }: { license: BuyerLicenseView }) {
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-700">
        Seats and license codes <span className="font-normal text-slate-500">({license.seats.filter((seat) => !seat.retiredAt).length} live)</span>
      </h3>
      <div className="overflow-x-auto rounded-md border border-slate-200">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">Seats and license codes of {license.offeringName}</caption>
          <thead className="bg-slate-50 text-left text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">Seat</th>
              <th scope="col" className="px-3 py-2 font-medium">Code label</th>
              <th scope="col" className="px-3 py-2 font-medium">Created</th>
              <th scope="col" className="px-3 py-2 font-medium">Last used</th>
              <th scope="col" className="px-3 py-2 font-medium">Status</th>
              <th scope="col" className="px-3 py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {license.seats.map((seat, index) => {
              const seatCell = (
                <span>
                  Seat {index + 1}
                  {seat.retiredAt && (
                    <span className="block text-xs text-slate-500">
                      retired <When value={seat.retiredAt} />
                    </span>
                  )}
                </span>
              );
              // A live seat of a license that still runs can get a new code (a lost one, one revoked).
              const newCodeRow =
                !seat.retiredAt && !FINAL_LICENSE_STATUSES.has(license.status) ? (
                  <tr key={`${seat.id}-new`}>
                    <td colSpan={6} className="px-3 py-2 text-right">
                      <NewCodeButton seatId={seat.id} seatName={`Seat ${index + 1}`} offeringName={license.offeringName} />
                    </td>
                  </tr>
                ) : null;
              if (seat.codes.length === 0) {
                return [
                  <tr key={seat.id}>
                    <td className="whitespace-nowrap px-3 py-2">{seatCell}</td>
                    <td colSpan={5} className="px-3 py-2 text-slate-500">
                      No license codes for this seat.
                    </td>
                  </tr>,
                  newCodeRow,
                ];
              }
              const codeRows = seat.codes.map((code, codeIndex) => (
                <tr key={code.id} data-testid="license-code-row" data-code-id={code.id} className={code.revokedAt ? 'text-slate-400' : undefined}>
                  <td className="whitespace-nowrap px-3 py-2">{codeIndex === 0 ? seatCell : null}</td>
                  <td className="px-3 py-2">{code.label || <span className="text-slate-500">(no label)</span>}</td>
                  <td className="whitespace-nowrap px-3 py-2">
                    <When value={code.createdAt} withTime />
                  </td>
                  <td className="whitespace-nowrap px-3 py-2">{code.lastUsedAt ? <When value={code.lastUsedAt} withTime /> : 'Never'}</td>
                  <td className="whitespace-nowrap px-3 py-2" data-testid="license-code-status">
                    {code.revokedAt ? (
                      <span>
                        Revoked <When value={code.revokedAt} withTime />
                      </span>
                    ) : (
                      <span className="text-emerald-700">Active</span>
                    )}
                  </td>
                  <td className="px-3 py-2 text-right">
                    {!code.revokedAt && <RevokeCodeButton codeId={code.id} codeLabel={code.label || 'license code'} offeringName={license.offeringName} />}
                  </td>
                </tr>
              ));
              return [...codeRows, newCodeRow];
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
