'use client';

import { buttonSecondary } from '@/app/components/buttons';

export function PrintButton() {
  return (
    <button type="button" onClick={() => window.print()} className={`${buttonSecondary} print:hidden`}>
      Print this receipt
    </button>
  );
}
