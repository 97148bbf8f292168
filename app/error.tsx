'use client';

import { RetryLater } from './components/retry-later';

// A page outside the service's own section (the marketplace) that could not be rendered.
export default function PageError({ reset }: { error: Error; reset: () => void }) {
  return (
    <main id="main" className="mx-auto max-w-2xl p-6">
      <RetryLater reset={reset} />
    </main>
  );
}
