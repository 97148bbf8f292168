import type { Metadata } from 'next';
import Link from 'next/link';
import { api, orNotFound } from '@/app/trpc-server';
import { SubscriptionActions } from './subscription-actions';
import { FactList, type Fact } from '@/app/components/fact-list';
import { FormattedDate } from '@/app/components/formatted';
import { requestFormat } from '@/app/components/request-format';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Billing' };

type Props = { params: Promise<{ licenseId: string }> };

const day = (value: Date) => <FormattedDate value={value} />;

/** The billing of a subscription sold through the local processor: plan, price, period, cancel or keep. */
export default async function SubscriptionBillingPage({ params }: Props) {
  const { licenseId } = await params;
  // The layout has already sent a signed-out visitor to sign in.
  const billing = await orNotFound(api.licenses.billing({ licenseId }));
  const format = await requestFormat();
  const money = (amountMinor: number, currency = billing.currency) => (amountMinor === 0 ? 'Free' : format.money(amountMinor, currency));
  const licenseHref = `/licenses#license-${billing.licenseId}`;
  const rows: Fact[] = [
    ['Plan', `${billing.offeringName} (${billing.productName}) from ${billing.sellerName}`, 'billing-plan'],
    [
      'Price',
      billing.seatBased
        ? `${money(billing.pricePerPeriodMinor)} per ${billing.periodText} (${money(billing.perSeatMinor)} per seat × ${billing.liveSeats} ${billing.liveSeats === 1 ? 'seat' : 'seats'})`
        : `${money(billing.pricePerPeriodMinor)} per ${billing.periodText}`,
      'billing-price',
    ],
    ['Seats', String(billing.liveSeats), 'billing-seats'],
    ['Current period', <>{day(billing.currentPeriod.start)} to {day(billing.currentPeriod.end)}</>, 'billing-period'],
    [
      billing.cancelAtPeriodEnd ? 'Ends' : 'Renews',
      billing.ended ? 'Ended' : billing.renewsAt ? day(billing.renewsAt) : billing.endsAt ? <>{day(billing.endsAt)} (cancelled, will not renew)</> : '—',
      'billing-renewal',
    ],
    ...(billing.scheduledPlanChange
      ? ([
          [
            'Plan change',
            <>
              To {billing.scheduledPlanChange.toOfferingName} ({money(billing.scheduledPlanChange.unitPriceMinor)} per seat) from {day(billing.scheduledPlanChange.effectiveAt)}
            </>,
            'billing-plan-change',
          ],
        ] as Fact[])
      : []),
    ...(billing.nextCharge ? ([['Next charge', <>{money(billing.nextCharge.amountMinor)} on {day(billing.nextCharge.on)}</>, 'billing-next-charge']] as Fact[]) : []),
    ['Payment method', billing.paymentMethod, 'billing-payment-method'],
    ['Status', billing.status, 'billing-status'],
  ];

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <p className="text-sm">
        <Link href={licenseHref} className="text-indigo-700 underline hover:text-indigo-600">
          ← Back to your licenses
        </Link>
      </p>
      <header className="space-y-1">
        <p className="text-sm uppercase tracking-wide text-slate-600">Billing</p>
        <h1 className="text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">{billing.offeringName}</h1>
        <p className="text-slate-600">Billed by the service&apos;s local test processor: no card is charged.</p>
      </header>

      <section aria-labelledby="billing-details" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <h2 id="billing-details" className="sr-only">
          Subscription details
        </h2>
        <FactList facts={rows} />
      </section>

      <section aria-labelledby="billing-charges" className="space-y-2">
        <h2 id="billing-charges" className="text-lg font-semibold">
          Charges
        </h2>
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm" data-testid="billing-charges">
          {billing.charges.map((charge) => (
            <li key={`${charge.kind}-${charge.at.toISOString()}`} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-3">
              <span className="min-w-0 [overflow-wrap:anywhere]">
                {charge.href ? (
                  <Link href={charge.href} className="text-indigo-700 underline hover:text-indigo-600">
                    {charge.label}
                  </Link>
                ) : (
                  charge.label
                )}
                <span className="block text-xs text-slate-600">{day(charge.at)}</span>
              </span>
              <span className="font-medium">{money(charge.amountMinor, charge.currency)}</span>
            </li>
          ))}
        </ul>
      </section>

      {billing.ended ? (
        <p className="rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">This subscription has ended. Buy it again from the seller&apos;s storefront to continue.</p>
      ) : (
        <section aria-labelledby="billing-actions" className="space-y-2">
          <h2 id="billing-actions" className="text-lg font-semibold">
            {billing.cancelAtPeriodEnd ? 'Changed your mind?' : 'Cancel'}
          </h2>
          <p className="text-sm text-slate-600">
            {billing.cancelAtPeriodEnd ? (
              <>The subscription stops on {billing.endsAt ? day(billing.endsAt) : 'the end of this period'}. Until then you can keep it, and it renews as before.</>
            ) : (
              <>Cancelling stops the renewal. The license keeps working until {day(billing.currentPeriod.end)}, the end of the period you paid for.</>
            )}
          </p>
          <SubscriptionActions licenseId={billing.licenseId} cancelled={billing.cancelAtPeriodEnd} endText={day(billing.currentPeriod.end)} />
        </section>
      )}
    </div>
  );
}
