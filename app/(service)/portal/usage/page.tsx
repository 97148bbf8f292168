import type { Metadata } from 'next';
import { api, portalMe } from '@/app/trpc-server';
import { FormattedDateTime } from '@/app/components/formatted';
import { requestFormat } from '@/app/components/request-format';
import { SellerWelcome } from '../seller-welcome';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Metered usage' };

export default async function UsagePage() {
  if (!(await portalMe())?.seller) return <SellerWelcome />;
  const { ledger, seatCharges } = await api.portal.usage();
  const format = await requestFormat();
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">Metered usage</h1>
        <p className="max-w-2xl text-slate-600">
          Usage your customers&apos; apps report, billed per feature at the rate the license was sold with. On the local processor this is the
          ledger; on Stripe each line was sent as a meter event. Reported every minute.
        </p>
      </header>
      {ledger.totals.length > 0 && (
        <dl className="flex flex-wrap gap-4">
          {ledger.totals.map((total) => (
            <div key={total.currency} className="rounded-lg border border-slate-200 bg-white p-4">
              <dt className="text-sm text-slate-500">Billed ({total.currency.toUpperCase()})</dt>
              <dd className="mt-1 text-lg font-semibold">{format.decimalMoney(total.amount, total.currency)}</dd>
              <dd className="text-sm text-slate-600">{format.count(total.units)} units</dd>
            </div>
          ))}
        </dl>
      )}
      {ledger.lines.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
          No metered usage billed yet. Usage of features with a rate appears here within a minute of being reported.
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="min-w-full text-sm">
            <caption className="sr-only">Billed usage, newest first</caption>
            <thead className="bg-slate-50 text-left text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">When</th>
                <th scope="col" className="px-3 py-2 font-medium">Feature</th>
                <th scope="col" className="px-3 py-2 font-medium">Units</th>
                <th scope="col" className="px-3 py-2 font-medium">Amount</th>
                <th scope="col" className="px-3 py-2 font-medium">License / seat</th>
                <th scope="col" className="px-3 py-2 font-medium">Processor</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {ledger.lines.map((line) => (
                <tr key={line.id}>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <FormattedDateTime value={line.createdAt} />
                  </td>
                  <td className="px-3 py-2 font-mono">{line.featureKey}</td>
                  <td className="px-3 py-2">{format.count(line.units)}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {format.decimalMoney(line.amount, line.currency)} <span className="text-slate-500">({format.decimalMoney(line.rate, line.currency)} each)</span>
                  </td>
                  <td className="px-3 py-2 font-mono text-xs break-all">
                    {line.licenseId}
                    <br />
                    {line.seatId}
                  </td>
                  <td className="px-3 py-2">{line.processor}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <section aria-labelledby="seat-charges" className="space-y-3">
        <h2 id="seat-charges" className="text-xl font-semibold">Seats added</h2>
        <p className="max-w-2xl text-sm text-slate-600">
          Seats your backend added to running subscriptions, charged for the rest of the billing period (prorated to the second). On the local processor
          this is the charge; on Stripe the subscription&apos;s quantity was raised and Stripe prorates it on the next invoice (the amount here is the estimate).
        </p>
        {seatCharges.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">No seats added to a running subscription yet.</p>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="min-w-full text-sm" data-testid="seat-charges">
              <caption className="sr-only">Seats added, newest first</caption>
              <thead className="bg-slate-50 text-left text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">When</th>
                  <th scope="col" className="px-3 py-2 font-medium">License</th>
                  <th scope="col" className="px-3 py-2 font-medium">Seats</th>
                  <th scope="col" className="px-3 py-2 font-medium">Amount</th>
                  <th scope="col" className="px-3 py-2 font-medium">Until</th>
                  <th scope="col" className="px-3 py-2 font-medium">Processor</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {seatCharges.map((charge) => (
                  <tr key={charge.id}>
                    <td className="px-3 py-2 whitespace-nowrap">
                      <FormattedDateTime value={charge.createdAt} />
                    </td>
                    <td className="px-3 py-2 font-mono text-xs break-all">{charge.licenseId}</td>
                    <td className="px-3 py-2">{charge.seats}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{format.money(charge.amountMinor, charge.currency)}</td>
                    <td className="px-3 py-2 whitespace-nowrap">
                      <FormattedDateTime value={charge.periodEnd} />
                    </td>
                    <td className="px-3 py-2">{charge.processor}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
