import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import type { MemberPermission, SellerSetup } from '@licensing/core';
import { kit } from '@/app/core';
import { api, portalMe } from '@/app/trpc-server';
import { mayDo, RoleNotice } from '@/app/components/role-notice';
import { requestFormat } from '@/app/components/request-format';
import { OverviewCharts } from './overview-charts';
import { SellerWelcome } from './seller-welcome';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Seller portal' };

type Props = { searchParams: Promise<{ deleted?: string }> };

export default async function PortalHome({ searchParams }: Props) {
  const seller = (await portalMe())?.seller;
  if (!seller) return <SellerWelcome storeDeleted={(await searchParams).deleted === '1'} />;
  const overview = await api.portal.overview();
  const { OVERVIEW_DAYS } = kit;
  const format = await requestFormat();
  const steps = await stepsOfRole();
  const [mainRevenue, ...otherRevenue] = overview.revenue;
  const quiet = overview.completedOrders === 0 && overview.ordersPerDay.every((day) => day.failed === 0) && overview.licensesPerDay.every((count) => count === 0);
  return (
    <div className="space-y-8">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold break-words">{seller.displayName}</h1>
        {seller.legalName && <p className="text-slate-600 break-words">{seller.legalName}</p>}
      </header>

      <SetupChecklist setup={overview.setup} steps={steps} />

      <section aria-labelledby="figures-heading" className="space-y-3">
        <h2 id="figures-heading" className="text-lg font-semibold">
          Last {OVERVIEW_DAYS} days
        </h2>
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Figure label="Revenue" testId="figure-revenue" href="/portal/orders?status=completed">
            {format.money(mainRevenue!.amountMinor, mainRevenue!.currency)}
            {otherRevenue.length > 0 && (
              <span className="mt-1 block text-sm font-normal text-slate-600">
                Also {otherRevenue.map((entry) => format.money(entry.amountMinor, entry.currency)).join(', ')} in other currencies (not in the chart)
              </span>
            )}
          </Figure>
          <Figure label="Completed orders" testId="figure-orders" href="/portal/orders?status=completed">
            {format.count(overview.completedOrders)}
          </Figure>
          <Figure label="Active licenses (now)" testId="figure-licenses" href="/portal/licenses?status=Active">
            {format.count(overview.activeLicenses)}
          </Figure>
          <Figure label="Customers (all time)" testId="figure-customers" href="/portal/customers">
            {format.count(overview.customers)}
          </Figure>
        </dl>
        {quiet ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
            No orders or licenses in the last {OVERVIEW_DAYS} days yet. Charts of revenue, orders and licenses appear here once you sell.
          </p>
        ) : (
          <OverviewCharts series={overview} format={format} />
        )}
        <p className="text-sm text-slate-600">Days are UTC calendar days, today included.</p>
      </section>

      <section aria-labelledby="storefront-heading" className="space-y-3">
        <h2 id="storefront-heading" className="text-lg font-semibold">
          Your storefront
        </h2>
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <div className="min-w-0 rounded-lg border border-slate-200 bg-white p-4">
            <dt className="text-sm text-slate-600">Storefront id</dt>
            <dd className="mt-1 font-mono text-lg [overflow-wrap:anywhere]" data-testid="issuer-client-id">
              {seller.issuerClientId}
            </dd>
            <dd className="mt-1 text-sm text-slate-600">Apps embed it as IssuerClientId.</dd>
          </div>
          <div className="min-w-0 rounded-lg border border-slate-200 bg-white p-4">
            <dt className="text-sm text-slate-600">Paid checkout</dt>
            <dd className="mt-1" data-testid="paid-checkout">
              {seller.checkoutReady ? (
                'Ready: buyers can pay for your offerings.'
              ) : (
                <>
                  Not enabled yet: buyers can take only your free offerings.
                  {steps.some((step) => step.key === 'paidCheckoutReady' && step.mayDo) && (
                    <>
                      {' '}
                      <Link href="/portal/catalog" className="text-indigo-700 underline">
                        Enable it in the catalog
                      </Link>
                      .
                    </>
                  )}
                </>
              )}
            </dd>
          </div>
          <div className="min-w-0 rounded-lg border border-slate-200 bg-white p-4">
            <dt className="text-sm text-slate-600">Storefront page</dt>
            <dd className="mt-1 [overflow-wrap:anywhere]">
              <Link className="text-indigo-700 underline" href={`/marketplace/${seller.issuerClientId}`}>
                /marketplace/{seller.issuerClientId}
              </Link>
            </dd>
          </div>
        </dl>
      </section>
    </div>
  );
}

function Figure({ label, testId, href, children }: { label: string; testId: string; href: string; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-lg border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">
        <Link href={href} className="hover:text-indigo-700 hover:underline">
          {label}
        </Link>
      </dt>
      <dd className="mt-1 text-2xl font-semibold [overflow-wrap:anywhere]" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

type SetupStep = { key: keyof SellerSetup | 'catalog'; label: string; href: string; needs: MemberPermission; done: (setup: SellerSetup) => boolean };

const SETUP_STEPS: SetupStep[] = [
  { key: 'catalog', label: 'Add a product and an offering', href: '/portal/catalog/new', needs: 'catalog:prices', done: (setup) => setup.hasProduct && setup.hasOffering },
  { key: 'hasListedOffering', label: 'List an offering in your storefront', href: '/portal/catalog', needs: 'catalog:write', done: (setup) => setup.hasListedOffering },
  { key: 'paidCheckoutReady', label: 'Enable paid checkout', href: '/portal/catalog', needs: 'store:settings', done: (setup) => setup.paidCheckoutReady },
  { key: 'hasApiKey', label: 'Create an API key for your backend', href: '/portal/api-keys', needs: 'apiKeys:write', done: (setup) => setup.hasApiKey },
];

/** The setup steps with whether the member's role may take each (a step it may not is named, not linked). */
async function stepsOfRole(): Promise<(SetupStep & { mayDo: boolean })[]> {
  return Promise.all(SETUP_STEPS.map(async (step) => ({ ...step, mayDo: await mayDo(step.needs) })));
}

/** What a new seller still has to do before selling, each step linking to its page; gone once all are done. */
function SetupChecklist({ setup, steps }: { setup: SellerSetup; steps: (SetupStep & { mayDo: boolean })[] }) {
  if (steps.every((step) => step.done(setup))) return null;
  const lacking = steps.filter((step) => !step.done(setup) && !step.mayDo).map((step) => step.needs);
  return (
    <section aria-labelledby="setup-heading" className="space-y-3 rounded-lg border border-indigo-200 bg-indigo-50 p-5" data-testid="setup-checklist">
      <h2 id="setup-heading" className="text-lg font-semibold">
        Get ready to sell
      </h2>
      <ol className="space-y-2">
        {steps.map((step) => {
          const done = step.done(setup);
          return (
            <li key={step.key} className="flex items-baseline gap-2">
              <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${done ? 'bg-emerald-100 text-emerald-900' : 'bg-white text-slate-700 ring-1 ring-slate-300'}`}>{done ? 'Done' : 'To do'}</span>
              {step.mayDo ? (
                <Link href={step.href} className="min-w-0 font-medium text-indigo-800 underline">
                  {step.label}
                </Link>
              ) : (
                <span className="min-w-0 font-medium text-slate-800">{step.label}</span>
              )}
            </li>
          );
        })}
      </ol>
      {lacking.length > 0 && <RoleNotice needs={lacking} />}
    </section>
  );
}
