import type { Metadata } from 'next';
import Link from 'next/link';
import type { SellerLicenseDetail } from '@licensing/core';
import { kit } from '@/app/core';
import { api, orNotFound, portalMe } from '@/app/trpc-server';
import { mayDo, RoleNotice } from '@/app/components/role-notice';
import { FormattedDate, FormattedDateTime } from '@/app/components/formatted';
import { requestFormat } from '@/app/components/request-format';
import { StatusBadge } from '../status-badge';
import { AddSeatsForm, IssueCodeForm, ResendLicenseEmail, RetireSeatButton, RevokeSellerCode, StatusActions } from './license-actions';
import { LicenseClassification } from '@/server/entry/shared';
import { UsageChart } from './usage-chart';
import { ChangePlan } from '@/app/components/change-plan';
import { DeviceList } from '@/app/components/device-list';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'License' };

type Props = { params: Promise<{ licenseId: string }> };

export default async function SellerLicensePage({ params }: Props) {
  if (!(await portalMe())?.seller) return <p className="text-slate-600">Register as a seller to see the licenses you sold.</p>;
  const { licenseId } = await params;
  // Another seller's license and an unknown id are the same not-found page.
  const { license, usage } = await orNotFound(api.sellerLicenses.detail({ licenseId }));
  const plan = await api.sellerLicenses.planOptions({ licenseId: license.id });
  const [format, mayChange, mayRefund] = await Promise.all([requestFormat(), mayDo('licenses:write'), mayDo('refunds')]);
  const liveSeats = license.seats.filter((seat) => seat.retiredAt === null).length;
  const final = kit.isFinalLicenseStatus(license.status);
  return (
    <div className="space-y-8">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link href="/portal/licenses" className="font-medium text-indigo-700 hover:underline">
          ← All licenses
        </Link>
      </nav>
      <header className="space-y-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 text-3xl font-bold tracking-tight break-words">
            {license.productName} · {license.offeringName}
          </h1>
          <StatusBadge status={license.status} />
        </div>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          <div className="min-w-0">
            <dt className="inline text-slate-500">License id: </dt>
            <dd className="inline font-mono text-xs break-all">{license.id}</dd>
          </div>
          <div className="min-w-0">
            <dt className="inline text-slate-500">Tenant: </dt>
            <dd className="inline break-all">{license.tenantId ?? 'not bound to a tenant'}</dd>
          </div>
          <div className="min-w-0">
            <dt className="inline text-slate-500">Customer: </dt>
            <dd className="inline break-all">{license.customerEmail ?? '—'}</dd>
          </div>
          {license.order && (
            <div className="min-w-0">
              <dt className="inline text-slate-500">Order: </dt>
              <dd className="inline break-all">
                <Link href={`/portal/orders/${encodeURIComponent(license.order.id)}`} className="font-medium text-indigo-700 hover:underline" data-testid="license-order-link">
                  {license.order.number}
                </Link>
                {mayRefund && (
                  <>
                    {' · '}
                    <Link href={`/portal/orders/${encodeURIComponent(license.order.id)}#order-money-heading`} className="font-medium text-indigo-700 hover:underline" data-testid="license-refund-link">
                      Refund…<span className="sr-only"> order {license.order.number}</span>
                    </Link>
                  </>
                )}
              </dd>
            </div>
          )}
          <div>
            <dt className="inline text-slate-500">Term: </dt>
            <dd className="inline">
              from <FormattedDate value={license.termStart} />
              {license.termEnd ? (
                <>
                  {' '}
                  to <FormattedDate value={license.termEnd} />
                </>
              ) : null}
              {license.onStripe ? ' · billed by Stripe' : ''}
            </dd>
          </div>
        </dl>
        {license.order && license.customerEmail && !final && mayChange && <ResendLicenseEmail licenseId={license.id} />}
        <RoleNotice needs="licenses:write" />
      </header>

      <section aria-labelledby="status-heading" className="space-y-2">
        <h2 id="status-heading" className="text-xl font-semibold">
          Status
        </h2>
        {license.statusReason && <MoneyReason status={license.status} reason={license.statusReason} order={license.order} />}
        {final ? (
          <p className="text-sm text-slate-600">This license is {license.status.toLowerCase()}: it no longer runs, and nothing about it can change.</p>
        ) : (
          <>
            <p className="max-w-2xl text-sm text-slate-600">
              {license.status === 'Active'
                ? 'Every live seat runs. Suspending refuses every seat at its next license refresh until you resume; cancelling ends the license for good.'
                : `The license is ${license.status.toLowerCase()}: every seat is refused at its next license refresh.`}
            </p>
            {mayChange && <StatusActions licenseId={license.id} changes={kit.statusChangesFrom(license.status)} />}
          </>
        )}
        {license.processor ? <ProcessorState processor={license.processor} /> : null}
      </section>

      <section aria-labelledby="plan-heading" className="space-y-2">
        <h2 id="plan-heading" className="text-xl font-semibold">
          Plan
        </h2>
        <p className="max-w-2xl text-sm text-slate-600" data-testid="license-plan">
          {plan.current.name}
          {plan.current.unitPriceMinor !== null && plan.current.currency
            ? `, ${format.money(plan.current.unitPriceMinor, plan.current.currency)} per seat${plan.periodText ? ` / ${plan.periodText}` : ''}`
            : ', at no price'}
          . A plan change moves the license to another offering of {plan.productName}: seats and license codes stay, the features follow the new offering.
        </p>
        {mayChange ? (
          <ChangePlan
            side="seller"
            licenseId={license.id}
            offeringName={license.offeringName}
            canChange={plan.unavailable === null && plan.options.length + plan.refused.length > 0}
            scheduled={plan.scheduled && { toOfferingName: plan.scheduled.toOfferingName, effectiveAt: new Date(plan.scheduled.effectiveUtc), unitPriceMinor: plan.scheduled.unitPriceMinor, currency: plan.scheduled.currency }}
          />
        ) : (
          plan.scheduled && (
            <p className="max-w-2xl rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950" data-testid="scheduled-plan-change">
              Changes to <span className="font-semibold">{plan.scheduled.toOfferingName}</span> on <FormattedDate value={new Date(plan.scheduled.effectiveUtc)} />, at the end of the current period.
            </p>
          )
        )}
      </section>

      <section aria-labelledby="usage-heading" className="space-y-2">
        <h2 id="usage-heading" className="text-xl font-semibold">
          Usage
        </h2>
        {usage.features.length === 0 ? (
          <p className="text-sm text-slate-600">No usage reported in the last {usage.days.length} days.</p>
        ) : (
          <UsageChart series={usage} format={format} />
        )}
      </section>

      <section aria-labelledby="seats-heading" className="space-y-3">
        <h2 id="seats-heading" className="text-xl font-semibold">
          Seats <span className="text-base font-normal text-slate-500">({liveSeats} live)</span>
        </h2>
        {mayChange && !final && <AddSeatsForm licenseId={license.id} subscription={license.classification === LicenseClassification.Subscription} />}
        <ol className="space-y-4">
          {license.seats.map((seat, index) => {
            const seatName = `Seat ${index + 1}`;
            return (
              <li key={seat.id} data-testid="seller-seat" data-seat-id={seat.id} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h3 className="font-semibold">
                    {seatName}
                    {seat.retiredAt ? (
                      <span className="ml-2 text-sm font-normal text-slate-600">
                        retired <FormattedDate value={seat.retiredAt} />
                      </span>
                    ) : null}
                  </h3>
                  {mayChange && !seat.retiredAt && !final && liveSeats > 1 && <RetireSeatButton licenseId={license.id} seatId={seat.id} seatName={seatName} />}
                </div>
                {seat.allowance.length > 0 && (
                  <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm" aria-label={`Allowance of ${seatName}`}>
                    {seat.allowance.map((item) => (
                      <li key={item.featureKey}>
                        <span className="font-mono">{item.featureKey}</span>:{' '}
                        {item.remaining === null ? (
                          'unlimited'
                        ) : (
                          <>
                            {format.count(item.remaining)} left until {item.periodEnd ? <FormattedDateTime value={item.periodEnd} /> : 'the period ends'}
                          </>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
                {seat.codes.length === 0 ? (
                  <p className="text-sm text-slate-600">No license codes for this seat.</p>
                ) : (
                  <ul className="divide-y divide-slate-100 text-sm" aria-label={`License codes of ${seatName}`}>
                    {seat.codes.map((code) => (
                      <li key={code.id} data-testid="seller-code-row" className="flex flex-wrap items-center justify-between gap-2 py-2">
                        <span className="min-w-0 break-words">
                          <span className="font-medium">{code.label || '(no label)'}</span>{' '}
                          <span className="text-slate-600">
                            · issued <FormattedDateTime value={code.createdAt} /> · {code.lastUsedAt ? <>last used <FormattedDateTime value={code.lastUsedAt} /></> : 'never used'} ·{' '}
                          </span>
                          {code.revokedAt ? (
                            <span className="text-slate-700">
                              revoked <FormattedDateTime value={code.revokedAt} />
                            </span>
                          ) : (
                            <span className="text-emerald-800">active</span>
                          )}
                        </span>
                        {mayChange && !code.revokedAt && <RevokeSellerCode licenseId={license.id} codeId={code.id} label={code.label || 'license code'} />}
                      </li>
                    ))}
                  </ul>
                )}
                {mayChange && !seat.retiredAt && !final && <IssueCodeForm licenseId={license.id} seatId={seat.id} seatName={seatName} customerEmail={license.customerEmail} />}
                {(license.maxDevices !== null || seat.devices.length > 0) && (
                  <DeviceList side="seller" licenseId={license.id} seatName={seatName} maxDevices={license.maxDevices} devices={seat.devices} canDeactivate={mayChange && !seat.retiredAt} />
                )}
              </li>
            );
          })}
        </ol>
      </section>
    </div>
  );
}

/** Why the money moved the license, in plain words, with the order it happened on. */
function MoneyReason({ status, reason, order }: { status: string; reason: 'Refunded' | 'Disputed'; order: SellerLicenseDetail['order'] }) {
  const text =
    reason === 'Refunded'
      ? 'Ended by a refund of its order: the money went back to the buyer, and every code is refused at its next check.'
      : status === 'Suspended'
        ? 'Suspended by a dispute: the buyer’s bank is disputing the payment. Every code is refused until the dispute closes; it runs again if you win, and ends if you lose.'
        : 'Ended by a dispute the buyer’s bank decided against you: the payment went back, and every code is refused at its next check.';
  return (
    <p data-testid="license-status-reason" className="max-w-2xl rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      {text}
      {order && (
        <>
          {' '}
          <Link href={`/portal/orders/${encodeURIComponent(order.id)}`} className="font-medium text-indigo-800 underline">
            See order {order.number}
          </Link>
          .
        </>
      )}
    </p>
  );
}

const PROCESSOR_ACTIONS = {
  cancel: 'cancel the subscription',
  pause: 'pause collection',
  resume: 'resume collection',
  'set-seats': 'set the number of seats',
  'set-price': 'set the price of a plan change',
  'restore-price': 'put the price back after a cancelled plan change',
} as const;

/** What Stripe has yet to take of the seller's changes, and what the hourly comparison found different. */
function ProcessorState({ processor }: { processor: NonNullable<SellerLicenseDetail['processor']> }) {
  if (processor.pendingCalls === 0 && processor.callsNeedingAttention.length === 0 && !processor.mismatch) return null;
  return (
    <div className="max-w-2xl space-y-2 text-sm">
      {processor.pendingCalls > 0 ? (
        <p className="text-slate-600">Stripe is being told of your latest change; it takes effect there within a minute.</p>
      ) : null}
      {processor.callsNeedingAttention.map((call) => (
        <p key={call.createdAt.toISOString() + call.action} className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          Stripe did not take the change to {PROCESSOR_ACTIONS[call.action]} of <FormattedDate value={call.createdAt} />
          {call.lastError ? <> ({call.lastError})</> : null}. It is kept here for the operator to send again.
        </p>
      ))}
      {processor.mismatch ? (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          Stripe and this license differ: {processor.mismatch} Found by the hourly comparison with Stripe.
        </p>
      ) : null}
    </div>
  );
}
