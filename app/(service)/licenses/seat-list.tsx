import { kit } from '@/app/core';
import type { BuyerLicenseCodeView, BuyerLicenseView } from '@licensing/core';
import { NewCodeButton } from './new-code-button';
import { RevokeCodeButton } from './revoke-code-button';
import { FormattedDate, FormattedDateTime } from '@/app/components/formatted';
import { DeviceList } from '@/app/components/device-list';

/**
 * The seats of a license with the codes and devices of each, as stacked cards: each code's facts wrap in a grid
 * that has two columns on a phone and four on a wide screen, so nothing needs a sideways scroll.
 */
export function SeatList({ license }: { license: BuyerLicenseView }) {
  const live = license.seats.filter((seat) => !seat.retiredAt).length;
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-700">
        Seats and license codes <span className="font-normal text-slate-600">({live} live)</span>
      </h3>
      <ol className="divide-y divide-slate-200 rounded-md border border-slate-200" aria-label={`Seats of ${license.offeringName}`}>
        {license.seats.map((seat, index) => {
          const seatName = `Seat ${index + 1}`;
          // A live seat of a license that still runs can get a new code (a lost one, one revoked).
          const canIssue = !seat.retiredAt && !kit.isFinalLicenseStatus(license.status);
          return (
            <li key={seat.id} className="space-y-3 p-3" data-testid="seat">
              <p className="text-sm font-medium text-slate-800">
                {seatName}
                {seat.retiredAt && (
                  <span className="font-normal text-slate-600">
                    {' '}
                    · retired <FormattedDate value={seat.retiredAt} />
                  </span>
                )}
              </p>
              {seat.codes.length === 0 ? (
                <p className="text-sm text-slate-600">{canIssue ? 'This seat has no license code yet: get one below to use it in the app.' : 'No license codes for this seat.'}</p>
              ) : (
                <ul className="space-y-2" aria-label={`License codes of ${seatName}`}>
                  {seat.codes.map((code) => (
                    <CodeRow key={code.id} code={code} offeringName={license.offeringName} />
                  ))}
                </ul>
              )}
              {canIssue && <NewCodeButton seatId={seat.id} seatName={seatName} offeringName={license.offeringName} liveCodes={seat.codes.filter((code) => !code.revokedAt).length} />}
              {(license.maxDevices !== null || seat.devices.length > 0) && (
                <DeviceList side="buyer" licenseId={license.id} seatName={seatName} maxDevices={license.maxDevices} devices={seat.devices} canDeactivate={!seat.retiredAt} />
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function CodeRow({ code, offeringName }: { code: BuyerLicenseCodeView; offeringName: string }) {
  const revoked = code.revokedAt !== null;
  return (
    <li
      data-testid="license-code-row"
      data-code-id={code.id}
      className={`flex flex-wrap items-start justify-between gap-3 rounded-md border p-3 text-sm ${revoked ? 'border-slate-200 bg-slate-50 text-slate-700' : 'border-slate-200 bg-white'}`}
    >
      <dl className="grid min-w-0 flex-1 basis-64 grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4">
        <div className="min-w-0">
          <dt className="text-xs text-slate-600">Code label</dt>
          <dd className="[overflow-wrap:anywhere]">{code.label || '(no label)'}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">Created</dt>
          <dd>
            <FormattedDateTime value={code.createdAt} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">Last used</dt>
          <dd>{code.lastUsedAt ? <FormattedDateTime value={code.lastUsedAt} /> : 'Never'}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">Status</dt>
          <dd data-testid="license-code-status">
            {code.revokedAt ? (
              <span>
                Revoked <FormattedDateTime value={code.revokedAt} />
              </span>
            ) : (
              <span className="font-medium text-emerald-800">Active</span>
            )}
          </dd>
        </div>
      </dl>
      {!revoked && <RevokeCodeButton codeId={code.id} codeLabel={code.label || 'license code'} offeringName={offeringName} />}
    </li>
  );
}
