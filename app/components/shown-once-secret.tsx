'use client';

import { useEffect, useId, useRef, type ReactNode } from 'react';
import { buttonSecondary } from './buttons';
import { CopyableSecret } from './copyable-secret';

/**
 * A secret shown once (an API key, a license code): focused on arrival so keyboard and
 * screen-reader users land on it, copyable, and dismissed by the person.
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
  const headingId = useId();

  useEffect(() => {
    headingRef.current?.focus();
  }, [props.value]);

  return (
    <section aria-labelledby={headingId} data-testid={props.testId} className="space-y-3 rounded-lg border-2 border-amber-400 bg-amber-50 p-5">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-amber-900 focus:outline-none">
        {props.heading}
      </h2>
      <p className="text-sm text-amber-900">{props.children}</p>
      <CopyableSecret id={`${headingId}-secret`} label={props.fieldLabel} value={props.value} testId={props.valueTestId}>
        <button type="button" onClick={props.onDismiss} className={buttonSecondary}>
          I have stored it
        </button>
      </CopyableSecret>
    </section>
  );
}
