'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { buttonDanger, buttonSecondary } from './buttons';
import { useOneConfirmation } from './one-confirmation';

/**
 * A Revoke button (or another destructive action's) with a confirmation step: focus moves to the confirming button, Escape or
 * Cancel returns it to Revoke. `name` completes the accessible names ("Revoke <name>"). The
 * question and its buttons wrap within whatever width they are given, so on a phone they stay on
 * screen instead of pushing the page sideways.
 */
export function ConfirmRevoke(props: {
  name: string;
  question: ReactNode;
  confirmText: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel?: () => void;
  /** The action went through and the control stays on the page (a rotation): the question closes. */
  done?: boolean;
  /** The first button's word ("Revoke" unless said), and what it says while busy and on failure. */
  action?: string;
  busyText?: string;
  failure?: string;
  /** The confirming button's look: red for what cannot be undone (the default), plain for what breaks nothing. */
  tone?: 'danger' | 'safe';
}) {
  const action = props.action ?? 'Revoke';
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const revokeButtonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  useOneConfirmation(confirming, () => setConfirming(false));
  // The action went through (a rotation): the question closes, once per success.
  const [doneBefore, setDoneBefore] = useState(props.done);
  if (props.done !== doneBefore) {
    setDoneBefore(props.done);
    if (props.done) setConfirming(false);
  }

  function cancel() {
    setConfirming(false);
    props.onCancel?.();
    requestAnimationFrame(() => revokeButtonRef.current?.focus());
  }

  if (!confirming) {
    return (
      <button ref={revokeButtonRef} type="button" onClick={() => setConfirming(true)} className={buttonSecondary}>
        {action}<span className="sr-only"> {props.name}</span>
      </button>
    );
  }
  return (
    <div
      role="group"
      aria-label={props.action ? `Confirm: ${action.toLowerCase()} ${props.name}` : `Confirm revoking ${props.name}`}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !props.busy) cancel();
      }}
      className="flex min-w-0 max-w-full flex-col items-start gap-2 sm:items-end"
    >
      <p className="max-w-xs text-left text-xs text-slate-700 [overflow-wrap:anywhere]">{props.question}</p>
      <div className="flex flex-wrap gap-2">
        <button ref={confirmRef} type="button" disabled={props.busy} onClick={props.onConfirm} className={props.tone === 'safe' ? buttonSecondary : buttonDanger}>
          {props.busy ? (props.busyText ?? 'Revoking…') : props.confirmText}
        </button>
        <button type="button" onClick={cancel} disabled={props.busy} className={buttonSecondary}>
          Cancel
        </button>
      </div>
      {props.error && (
        <p role="alert" className="max-w-xs text-xs text-red-700 [overflow-wrap:anywhere]">
          {props.failure ?? 'Could not revoke'}: {props.error}
        </p>
      )}
    </div>
  );
}
