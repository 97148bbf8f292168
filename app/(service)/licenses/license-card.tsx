import Link from 'next/link';
import { LicenseClassification, describeInterval } from '@/server/entry/shared';
import type { BuyerFeatureView, BuyerLicenseView } from '@licensing/core';
import { ManageBillingButton } from './manage-billing-button';
import { SeatList } from './seat-list';
import { DownloadLinks } from '@/app/components/download-links';
import { FormattedDate } from '@/app/components/formatted';
import { ChangePlan } from '@/app/components/change-plan';

const STATUS_STYLE: Record<string, string> = {
  Active: 'bg-emerald-100 text-emerald-800',
  Paused: 'bg-amber-100 text-amber-800',
  Suspended: 'bg-red-100 text-red-800',
  Cancelled: 'bg-slate-200 text-slate-700',
  Expired: 'bg-slate-200 text-slate-700',
};

/** One license: what it is, its term, its features, its seats and codes. Its id is the anchor receipts link to. */
export function LicenseCard({ license }: { license: BuyerLicenseView }) {
  const headingId = `license-${license.id}-name`;
  return (
    <article
      id={`license-${license.id}`}
      aria-labelledby={headingId}
      data-testid="license"
      data-license-id={license.id}
      className="min-w-0 scroll-mt-4 space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm target:ring-2 target:ring-indigo-500 sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-xl font-semibold [overflow-wrap:anywhere]">
            {license.offeringName}
          </h2>
          <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">
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
          <dt className="text-slate-600">Term start</dt>
          <dd>
            <FormattedDate value={license.termStart} />
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Term end</dt>
          <dd data-testid="license-term-end">
            {license.termEnd ? (
              <>
                <FormattedDate value={license.termEnd} />
                {license.cancelAtPeriodEnd && ' (cancelled: not renewing)'}
              </>
            ) : license.classification === LicenseClassification.Subscription ? (
              'Renews until cancelled'
            ) : (
              'No end'
            )}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-slate-600">License id</dt>
          <dd className="break-all font-mono text-xs">{license.id}</dd>
        </div>
      </dl>

      {license.features.length > 0 && (
        <div className="space-y-1">
          <h3 className="text-sm font-semibold text-slate-700">Features</h3>
          <ul className="space-y-1 text-sm text-slate-700" aria-label={`Features of ${license.offeringName}`}>
            {license.features.map((feature) => (
              <li key={feature.key} className="[overflow-wrap:anywhere]">
                <span className="font-medium">{feature.displayName}</span>
                <span className="text-slate-600"> · {describeFeature(feature)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}

      {(license.canChangePlan || license.scheduledPlanChange) && (
        <ChangePlan side="buyer" licenseId={license.id} offeringName={license.offeringName} canChange={license.canChangePlan} scheduled={license.scheduledPlanChange} />
      )}

      <DownloadLinks downloads={license.downloads} productName={license.productName} />

      <SeatList license={license} />

      {(license.checkoutId || license.billing) && (
        <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
          {license.billing && <ManageBillingButton licenseId={license.id} billing={license.billing} offeringName={license.offeringName} />}
          {license.checkoutId && (
            <Link href={`/orders/${encodeURIComponent(license.checkoutId)}`} className="font-medium text-indigo-700 underline hover:text-indigo-600">
              Receipt<span className="sr-only"> for {license.offeringName}</span>
            </Link>
          )}
        </div>
      )}
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
