'use client';

import { useRouter } from 'next/navigation';
import { startTransition, useCallback, useEffect, useState } from 'react';

// What a page shows when the server could not render it (most often: the database is briefly out of
// reach, docs/operations.md "Failure behaviour"). It says so plainly and tries again by itself.
const RETRY_SECONDS = 10;

export function RetryLater({ reset }: { reset: () => void }) {
  const router = useRouter();
  const [seconds, setSeconds] = useState(RETRY_SECONDS);
  const retry = useCallback(() => {
    // A server-rendered page is fetched again, then the boundary renders it.
    startTransition(() => {
      router.refresh();
      reset();
    });
  }, [router, reset]);
  useEffect(() => {
    if (seconds <= 0) {
      retry();
      return;
    }
    const timer = setTimeout(() => setSeconds((left) => left - 1), 1_000);
    return () => clearTimeout(timer);
  }, [seconds, retry]);
  return (
    <section role="alert" className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-5">
      <h1 className="text-lg font-semibold text-amber-900">This page could not be loaded right now.</h1>
      <p className="text-sm text-amber-900">
        The service may be briefly unavailable. Nothing you did was lost; this page tries again by itself in {Math.max(0, seconds)} s.
      </p>
      <button
        type="button"
        onClick={retry}
        className="rounded-md bg-amber-800 px-3 py-1.5 text-sm font-medium text-white hover:bg-amber-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-800"
      >
        Try again now
      </button>
    </section>
  );
}
