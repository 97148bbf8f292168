import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import type { BuyerLicenseView } from '@licensing/core';
import { api, portalMe, refusedWith } from '@/app/trpc-server';
import { LicenseCard } from '../license-card';
import { SaleCodesBox } from '../sale-codes-box';

export const dynamic = 'force-dynamic';
// ?session= may reveal a license code: keep the address out of Referer headers.
export const metadata: Metadata = { title: 'Your licenses', referrer: 'no-referrer' };

type Props = { searchParams: Promise<{ session?: string | string[] }> };

type CheckoutNotice =
  | { kind: 'codes'; codes: { seatNumber: number; code: string }[]; offeringName: string }
  | { kind: 'message'; tone: 'info' | 'warning'; text: string }
  | null;

/** What ?session=<id> adds at the top: the license codes of this buyer's completed checkout, one per seat. */
async function checkoutNotice(sessionId: string | undefined, licenses: BuyerLicenseView[]): Promise<CheckoutNotice> {
  if (!sessionId) return null;
  try {
    const result = await api.licenses.checkoutResult({ sessionId });
    if (result.status === 'pending') return { kind: 'message', tone: 'info', text: 'Your purchase is still being processed. Reload this page in a moment.' };
    if (result.status === 'failed') return { kind: 'message', tone: 'warning', text: `That purchase did not complete: ${result.error ?? 'no reason given'}.` };
    const license = licenses.find((candidate) => candidate.id === result.licenseId);
    if (!license) return null;
    const sale = await api.licenses.saleCodes({ sessionId });
    if (sale.codes.length === 0) {
      // Once every code of that sale is revoked, say so rather than show nothing.
      const revoked = license.seats.some((seat) => seat.codes.some((code) => code.revokedAt !== null));
      return revoked ? { kind: 'message', tone: 'info', text: `The license codes of your ${license.offeringName} purchase have been revoked.` } : null;
    }
    return { kind: 'codes', codes: sale.codes, offeringName: license.offeringName };
  } catch (error) {
    if (refusedWith(error, 'NotFound', 'CheckoutResultForbidden')) {
      return { kind: 'message', tone: 'warning', text: 'That purchase was not found among yours.' };
    }
    throw error;
  }
}

export default async function LicensesPage({ searchParams }: Props) {
  const { session: sessionParam } = await searchParams;
  const sessionId = typeof sessionParam === 'string' && sessionParam.length <= 100 ? sessionParam : undefined;
  const session = await portalMe();
  if (!session) redirect(sessionId ? `/login?callbackUrl=${encodeURIComponent(`/licenses?session=${sessionId}`)}` : '/login?callbackUrl=/licenses');

  const licenses = await api.licenses.list();
  const notice = await checkoutNotice(sessionId, licenses);

  return (
    <div className="space-y-8">
      <header className="flex flex-wrap items-end justify-between gap-4 border-b border-slate-200 pb-4">
        <div className="min-w-0 space-y-1">
          <h1 className="text-3xl font-bold tracking-tight">Your licenses</h1>
          <p className="text-slate-600">
            Licenses you bought or claimed, their seats and their license codes. What you paid is in{' '}
            <Link href="/orders" className="text-indigo-700 underline hover:text-indigo-600">
              your orders
            </Link>
            .
          </p>
        </div>
      </header>

      {notice?.kind === 'codes' && <SaleCodesBox codes={notice.codes} offeringName={notice.offeringName} />}
      {notice?.kind === 'message' && (
        <p
          role="status"
          className={`rounded-md border p-4 text-sm [overflow-wrap:anywhere] ${notice.tone === 'warning' ? 'border-amber-200 bg-amber-50 text-amber-900' : 'border-sky-200 bg-sky-50 text-sky-900'}`}
        >
          {notice.text}
        </p>
      )}

      {licenses.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
          <p>You have no licenses yet.</p>
          <p className="mt-1 text-sm">
            Licenses you buy in an app or on a storefront appear here. Browse the{' '}
            <Link href="/marketplace" className="text-indigo-700 underline hover:text-indigo-600">
              marketplace
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
