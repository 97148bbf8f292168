'use client';

import { RetryLater } from '../components/retry-later';

export default function ServiceError({ reset }: { error: Error; reset: () => void }) {
  return <RetryLater reset={reset} />;
}
