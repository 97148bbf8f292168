'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { buttonDanger } from '@/app/components/buttons';
import { useOneConfirmation } from '@/app/components/one-confirmation';
import { buttonSecondary } from './form-kit';

/**
 * The question a destructive step asks before it acts: the confirming button takes the focus;
 * Cancel or Escape keeps everything as it was.
 */
export function ConfirmStep(props: { label: string; question: ReactNode; confirmText: string; busyText: string; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => confirmRef.current?.focus(), []);
  return (
    <div
      role="group"
      aria-label={props.label}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !props.busy) props.onCancel();
      }}
      className="space-y-2 rounded-md border border-red-200 bg-red-50 p-3"
    >
      <p className="text-sm text-red-800">{props.question}</p>
      <div className="flex flex-wrap gap-2">
        <button ref={confirmRef} type="button" disabled={props.busy} aria-busy={props.busy || undefined} onClick={props.onConfirm} className={buttonDanger}>
          {props.busy ? props.busyText : props.confirmText}
        </button>
        <button type="button" disabled={props.busy} onClick={props.onCancel} className={buttonSecondary}>
          Cancel
        </button>
      </div>
    </div>
  );
}

/** A button ("Delete") that asks first; `name` completes its accessible name ("Delete feature export"). */
export function ConfirmAction(props: {
  buttonText: string;
  name: string;
  question: ReactNode;
  confirmText: string;
  busyText: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useOneConfirmation(confirming, () => setConfirming(false));

  function cancel() {
    setConfirming(false);
    requestAnimationFrame(() => buttonRef.current?.focus());
  }

  return (
    <div className="space-y-2">
      {confirming ? (
        <ConfirmStep
          label={`Confirm: ${props.buttonText} ${props.name}`}
          question={props.question}
          confirmText={props.confirmText}
          busyText={props.busyText}
          busy={props.busy}
          onConfirm={props.onConfirm}
          onCancel={cancel}
        />
      ) : (
        <button
          ref={buttonRef}
          type="button"
          onClick={() => setConfirming(true)}
          className="rounded-md border border-red-300 bg-white px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600"
        >
          {props.buttonText}
          <span className="sr-only"> {props.name}</span>
        </button>
      )}
      {props.error && (
        <p role="alert" className="text-xs text-red-700">
          {props.error}
        </p>
      )}
    </div>
  );
}
