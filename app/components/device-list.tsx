'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import type { DeviceView } from '@licensing/core';
import { useTRPC } from '@/app/trpc-provider';
import { buttonSecondary } from './buttons';
import { FormattedDate, FormattedDateTime } from './formatted';

// A seat's devices on a license page (the buyer's licenses and the seller's license in the portal),
// the same list on both over their own procedures: each device's name, platform, when it was last
// seen and its lease, with "Deactivate", which frees its place (a buyer moving to a new computer).
// No heading of its own: it sits under a seat, which is a heading on one page and not on the other.

interface DeviceListProps {
  /** Whose page: the buyer's (licenses.*) or the seller's portal (sellerLicenses.*). */
  side: 'buyer' | 'seller';
  licenseId: string;
  seatName: string;
  /** Devices each seat may have at once; null for any number. */
  maxDevices: number | null;
  /** The seat's devices not deactivated (a floating one whose lease lapsed included). */
  devices: DeviceView[];
  /** Whether a device may be deactivated here (a seat that still runs). */
  canDeactivate: boolean;
}

const nameOf = (device: DeviceView) => device.name || 'Unnamed device';

export function DeviceList({ side, licenseId, seatName, maxDevices, devices, canDeactivate }: DeviceListProps) {
  const trpc = useTRPC();
  const router = useRouter();
  const [refreshing, startRefresh] = useTransition();
  const [done, setDone] = useState<string | null>(null);
  // One RequestId per device until its deactivation is answered, so a retry after an error is the same change.
  const [requestIds, setRequestIds] = useState<Record<string, string>>({});
  const options = {
    onSuccess: (device: DeviceView) => {
      setRequestIds(({ [device.deviceId]: _answered, ...waiting }) => waiting);
      setDone(`${nameOf(device)} is deactivated: its place on ${seatName} is free. The app asks to be activated again when it next runs.`);
      startRefresh(() => router.refresh());
    },
  };
  const buyerDeactivate = useMutation(trpc.licenses.deactivateDevice.mutationOptions(options));
  const sellerDeactivate = useMutation(trpc.sellerLicenses.deactivateDevice.mutationOptions(options));
  const deactivate = side === 'buyer' ? buyerDeactivate : sellerDeactivate;
  const pendingId = deactivate.isPending || refreshing ? deactivate.variables?.deviceId : undefined;

  const ask = (deviceId: string) => {
    setDone(null);
    if (side === 'buyer') return buyerDeactivate.mutate({ licenseId, deviceId });
    const requestId = requestIds[deviceId] ?? crypto.randomUUID();
    setRequestIds((waiting) => ({ ...waiting, [deviceId]: requestId }));
    sellerDeactivate.mutate({ requestId, licenseId, deviceId });
  };

  const inPlace = devices.filter((device) => device.active).length;
  return (
    <div className="space-y-2" data-testid="device-list">
      <p className="text-sm font-medium text-slate-800" data-testid="device-count">
        Devices{' '}
        <span className="font-normal text-slate-600">
          {maxDevices === null ? `(${inPlace} activated, no limit)` : `(${inPlace} of ${maxDevices} in use)`}
        </span>
      </p>
      {devices.length === 0 ? (
        <p className="text-sm text-slate-600">No device holds a place on this seat: the app activates one when it runs with a code of this seat.</p>
      ) : (
        <ul className="space-y-2" aria-label={`Devices of ${seatName}`}>
          {devices.map((device) => (
            <li
              key={device.deviceId}
              data-testid="device-row"
              data-device-id={device.deviceId}
              className="flex flex-wrap items-start justify-between gap-3 rounded-md border border-slate-200 bg-white p-3 text-sm"
            >
              <dl className="grid min-w-0 flex-1 basis-64 grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4">
                <div className="min-w-0">
                  <dt className="text-xs text-slate-600">Device</dt>
                  <dd className="font-medium [overflow-wrap:anywhere]">{nameOf(device)}</dd>
                </div>
                <div className="min-w-0">
                  <dt className="text-xs text-slate-600">Platform</dt>
                  <dd className="[overflow-wrap:anywhere]">{device.platform || 'Not told'}</dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-600">Last seen</dt>
                  <dd>
                    <FormattedDateTime value={device.lastSeenUtc} />
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-600">{device.mode === 'Floating' ? 'Lease' : 'Activated'}</dt>
                  <dd data-testid="device-lease">
                    <DeviceLease device={device} />
                  </dd>
                </div>
              </dl>
              {canDeactivate && device.active && (
                <button type="button" className={buttonSecondary} disabled={pendingId !== undefined} onClick={() => ask(device.deviceId)}>
                  {pendingId === device.deviceId ? 'Deactivating…' : 'Deactivate'}
                  <span className="sr-only"> {nameOf(device)}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <p role="status" className="text-sm text-emerald-800 [overflow-wrap:anywhere] empty:hidden" data-testid="device-feedback">
        {done}
      </p>
      {deactivate.error && (
        <p role="alert" className="text-sm text-red-700 [overflow-wrap:anywhere]">
          {deactivate.error.message}
        </p>
      )}
    </div>
  );
}

function DeviceLease({ device }: { device: DeviceView }) {
  if (device.mode === 'NodeLocked') {
    return (
      <>
        <FormattedDate value={device.activatedUtc} />, until deactivated
      </>
    );
  }
  if (!device.active) {
    return (
      <span className="text-slate-700">
        Lapsed <FormattedDateTime value={device.leaseExpiresUtc!} />: its place is free
      </span>
    );
  }
  return (
    <>
      Until <FormattedDateTime value={device.leaseExpiresUtc!} />, renewed while the app runs
    </>
  );
}
