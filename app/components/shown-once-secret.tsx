'use client';

import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { buttonSecondary } from './buttons';

/**
 * A secret shown once (an API key, a license code): focused on arrival so keyboard and
 * screen-reader users land on it, selectable, copyable, and dismissed by the person. The value sits
 * in a read-only box that wraps anywhere: a license code is some 700 characters with no space, and a
 * one-line field would hide all but its start (and widen the page on a phone).
 */
export function ShownOnceSecret(props: {
  heading: ReactNode;
  children: ReactNode;
  /** Accessible name of the field holding the secret. */
  fieldLabel: string;
  value: string;
  testId: string;
  valueTestId?: string;
  onDismiss: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  // What the last Copy did, and to which value: a new secret starts with nothing said.
  const [copy, setCopy] = useState<{ of: string; result: 'copied' | 'failed' } | null>(null);
  const copied = copy?.of === props.value ? copy.result : 'idle';
  const headingId = useId();

  useEffect(() => {
    headingRef.current?.focus();
  }, [props.value]);

  function copyValue() {
    const value = props.value;
    // Called in an async function, so a page without a clipboard (plain http) fails the same way as a refusal.
    const written = (async () => navigator.clipboard.writeText(value))();
    written.then(
      () => setCopy({ of: value, result: 'copied' }),
      () => {
        inputRef.current?.select();
        setCopy({ of: value, result: 'failed' });
      },
    );
  }

  return (
    <section aria-labelledby={headingId} data-testid={props.testId} className="space-y-3 rounded-lg border-2 border-amber-400 bg-amber-50 p-5">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-amber-900 focus:outline-none">
        {props.heading}
      </h2>
      <p className="text-sm text-amber-900">{props.children}</p>
      <div className="space-y-2">
        <label htmlFor={`${headingId}-secret`} className="sr-only">
          {props.fieldLabel}
        </label>
        <textarea
          id={`${headingId}-secret`}
          ref={inputRef}
          readOnly
          value={props.value}
          rows={props.value.length > 120 ? 6 : 2}
          data-testid={props.valueTestId}
          onFocus={(event) => event.currentTarget.select()}
          spellCheck={false}
          autoComplete="off"
          className="block w-full min-w-0 resize-y rounded-md border border-amber-300 bg-white px-3 py-2 font-mono text-sm break-all [overflow-wrap:anywhere]"
        />
        <div className="flex flex-wrap gap-2">
          <button type="button" onClick={copyValue} className={buttonSecondary}>
            Copy
          </button>
          <button type="button" onClick={props.onDismiss} className={buttonSecondary}>
            I have stored it
          </button>
        </div>
      </div>
      <p aria-live="polite" className="text-sm text-amber-900">
        {copied === 'copied' && 'Copied to the clipboard.'}
        {copied === 'failed' && 'Copying is not available here: the text is selected, press Ctrl+C (⌘C) to copy it.'}
      </p>
    </section>
  );
}
