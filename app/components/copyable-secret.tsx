'use client';

import { useRef, useState } from 'react';
import { buttonSecondary } from './buttons';

/**
 * A secret to copy (an API key, a license code): selectable, with a Copy button that says what it
 * did. The value sits in a read-only box that wraps anywhere: a license code is some 700
 * characters with no space, and a one-line field would hide all but its start (and widen the page
 * on a phone).
 */
export function CopyableSecret(props: { id: string; label: string; value: string; testId?: string; visibleLabel?: boolean; children?: React.ReactNode }) {
  const inputRef = useRef<HTMLTextAreaElement>(null);
  // What the last Copy did, and to which value: a new secret starts with nothing said.
  const [copy, setCopy] = useState<{ of: string; result: 'copied' | 'failed' } | null>(null);
  const copied = copy?.of === props.value ? copy.result : 'idle';

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
    <div className="space-y-2">
      <label htmlFor={props.id} className={props.visibleLabel ? 'block text-sm font-medium text-amber-950' : 'sr-only'}>
        {props.label}
      </label>
      <textarea
        id={props.id}
        ref={inputRef}
        readOnly
        value={props.value}
        rows={props.value.length > 120 ? 6 : 2}
        data-testid={props.testId}
        onFocus={(event) => event.currentTarget.select()}
        spellCheck={false}
        autoComplete="off"
        className="block w-full min-w-0 resize-y rounded-md border border-amber-300 bg-white px-3 py-2 font-mono text-sm break-all [overflow-wrap:anywhere]"
      />
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" onClick={copyValue} className={buttonSecondary}>
          Copy
          {props.visibleLabel && <span className="sr-only"> {props.label}</span>}
        </button>
        {props.children}
      </div>
      <p aria-live="polite" className="text-sm text-amber-900">
        {copied === 'copied' && 'Copied to the clipboard.'}
        {copied === 'failed' && 'Copying is not available here: the text is selected, press Ctrl+C (⌘C) to copy it.'}
      </p>
    </div>
  );
}
