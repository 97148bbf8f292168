'use client';

import { RetryLater } from '../../components/retry-later';

export default function StorefrontError({ reset }: { error: Error; reset: () => void }) {
  return <RetryLater reset={reset} />;
}
