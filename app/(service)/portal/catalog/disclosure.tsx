'use client';

import { useId, useState, type ReactNode } from 'react';
import { buttonPrimary } from './form-kit';

/** A "New …" button that opens its form in place, so the page stays short until it is wanted. */
export function Disclosure({ buttonText, title, children }: { buttonText: string; title: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const headingId = useId();
  return (
    <div className="space-y-3">
      <button type="button" className={buttonPrimary} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((value) => !value)}>
        {open ? 'Close' : buttonText}
      </button>
      <section id={panelId} hidden={!open} aria-labelledby={headingId} className="space-y-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        {open && children}
      </section>
    </div>
  );
}
