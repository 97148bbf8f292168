'use client';

import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { RadioField, TextField } from './form-kit';

// An offering's device rules in the catalog's forms (the offering form and "Sell an app"): devices
// one seat may run on at once (empty: any number), how a device keeps its place, and how long an
// offline license file may last. The rules themselves are the contract's (sdk/src/contract/device-rules.ts),
// checked by the form's schema before sending.

export const DEVICE_RULE_LABELS = {
  maxDevices: 'Devices per seat',
  deviceMode: 'How a device keeps its place',
  maxOfflineDays: 'Offline use (days)',
} as const;

const DEVICE_MODE_OPTIONS = [
  { value: 'NodeLocked', label: 'Stays on a device until it is deactivated' },
  { value: 'Floating', label: 'Floating: a device holds its place while the app runs, and frees it when it stops checking in' },
];

/** The three names under `prefix` (`offering.` in "Sell an app"), for the error list. */
export function deviceRuleLabels(prefix = ''): Record<string, string> {
  return Object.fromEntries(Object.entries(DEVICE_RULE_LABELS).map(([name, label]) => [`${prefix}${name}`, label]));
}

/**
 * The fields, as a group of its own: a fieldset with the legend "Devices", or, where the part
 * around it is already headed "Devices" (`headed`), a plain block.
 */
export function DeviceRulesFields<T extends FieldValues>({ form, idPrefix, prefix = '', headed = false, className }: { form: UseFormReturn<T, unknown, unknown>; idPrefix: string; prefix?: string; headed?: boolean; className?: string }) {
  const f = { form, idPrefix } as { form: UseFormReturn<FieldValues>; idPrefix: string };
  const name = (field: keyof typeof DEVICE_RULE_LABELS) => `${prefix}${field}`;
  const fields = (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        {...f}
        name={name('maxDevices')}
        label={DEVICE_RULE_LABELS.maxDevices}
        kind="numberOrNull"
        type="number"
        step="1"
        min={1}
        inputMode="numeric"
        placeholder="Any number"
        hint="How many devices one seat may run on at once (1–1000). Empty: any number, and the app needs no activation."
      />
      <TextField
        {...f}
        name={name('maxOfflineDays')}
        label={DEVICE_RULE_LABELS.maxOfflineDays}
        kind="numberOrNull"
        type="number"
        step="1"
        min={0}
        inputMode="numeric"
        hint="The longest a license file for use without internet may last (0–90 days). 0: no offline use."
      />
      <RadioField
        {...f}
        name={name('deviceMode')}
        label={DEVICE_RULE_LABELS.deviceMode}
        options={DEVICE_MODE_OPTIONS}
        stacked
        hint="Counts only when devices per seat is limited."
        className="sm:col-span-2"
      />
    </div>
  );
  if (headed) return <div className={className}>{fields}</div>;
  return (
    <fieldset className={`min-w-0 space-y-3 rounded-md border border-slate-200 p-4 ${className ?? ''}`}>
      <legend className="px-1 text-sm font-semibold text-slate-800">Devices</legend>
      <p className="text-xs text-slate-600">Licenses keep the rules they were sold with; a change here applies to new sales.</p>
      {fields}
    </fieldset>
  );
}
