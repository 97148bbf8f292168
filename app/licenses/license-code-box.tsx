'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState } from 'react';

const buttonSecondary =
  'rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/** The license code of the purchase just made: copy it now; the app that bought it keeps its own. */
export function LicenseCodeBox({ code, offeringName }: { code: string; offeringName: string }) {
  const router = useRouter();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const headingId = useId();

  // Keyboard and screen-reader users land on the code at once.
  useEffect(() => {
    headingRef.current?.focus();
  }, [code]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setCopied('copied');
    } catch {
      inputRef.current?.select();
      setCopied('failed');
    }
  }

  return (
    <section aria-labelledby={headingId} data-testid="license-code-box" className="space-y-3 rounded-lg border-2 border-amber-400 bg-amber-50 p-5">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-amber-900 focus:outline-none">
        Your license code — shown here once; keep it in a safe place
      </h2>
      <p className="text-sm text-amber-900">
        The license code for <span className="font-medium">{offeringName}</span>. Enter it in the app if it asks for one. Treat it like a
        password: anyone who has it can use your license.
      </p>
      <div className="flex flex-wrap gap-2">
        <label htmlFor={`${headingId}-code`} className="sr-only">
          License code
        </label>
        <input
          id={`${headingId}-code`}
          ref={inputRef}
          readOnly
          value={code}
          data-testid="license-code"
          onFocus={(event) => event.currentTarget.select()}
          spellCheck={false}
          autoComplete="off"
          className="min-w-0 flex-1 rounded-md border border-amber-300 bg-white px-3 py-2 font-mono text-sm"
        />
        <button type="button" onClick={copy} className={buttonSecondary}>
          Copy
        </button>
        <button type="button" onClick={() => router.replace('/licenses')} className={buttonSecondary}>
          I have stored it
        </button>
      </div>
      <p aria-live="polite" className="text-sm text-amber-900">
        {copied === 'copied' && 'Copied to the clipboard.'}
        {copied === 'failed' && 'Copying is not available here: the code is selected, press Ctrl+C (⌘C) to copy it.'}
      </p>
    </section>
  );
}
