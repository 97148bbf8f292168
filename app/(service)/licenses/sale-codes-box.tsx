'use client';

import { useEffect, useId, useRef } from 'react';
import Link from 'next/link';
import { CopyableSecret } from '@/app/components/copyable-secret';

/**
 * The license codes of the purchase just made, one per seat, each with its Copy button: on the
 * success page and on the license page after a purchase. Focused on arrival, so keyboard and
 * screen-reader users land on it.
 */
export function SaleCodesBox(props: { offeringName: string; codes: { seatNumber: number; code: string }[]; licenseHref?: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  useEffect(() => headingRef.current?.focus(), []);
  const many = props.codes.length > 1;
  return (
    <section aria-labelledby={headingId} data-testid="license-code-box" className="space-y-3 rounded-lg border-2 border-amber-400 bg-amber-50 p-5 text-amber-950">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        {many ? `Your ${props.codes.length} license codes, one per seat` : 'Your license code'}
      </h2>
      <p className="text-sm">
        {many ? (
          <>
            Each seat of <span className="font-medium">{props.offeringName}</span> has its own code: give one to each person or machine. Enter a code in the app
            when it asks for one.
          </>
        ) : (
          <>
            The license code for <span className="font-medium">{props.offeringName}</span>. Enter it in the app if it asks for one.
          </>
        )}{' '}
        Treat {many ? 'each' : 'it'} like a password: anyone who has it can use {many ? 'that seat' : 'your license'}. Keep {many ? 'them' : 'it'} in a safe
        place; you can add a code for a seat later on your licenses page.
      </p>
      <ol className="space-y-3" aria-label="License codes">
        {props.codes.map((code) => (
          <li key={code.seatNumber} data-testid="sale-code" data-seat-number={code.seatNumber}>
            <CopyableSecret
              id={`${headingId}-seat-${code.seatNumber}`}
              label={many ? `Seat ${code.seatNumber}` : 'License code'}
              visibleLabel={many}
              value={code.code}
              testId="license-code"
            />
          </li>
        ))}
      </ol>
      {props.licenseHref && (
        <p className="text-sm">
          <Link href={props.licenseHref} className="font-medium text-indigo-800 underline hover:text-indigo-700">
            Go to your licenses
          </Link>
        </p>
      )}
    </section>
  );
}
