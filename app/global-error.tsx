'use client';

import './globals.css';
import { RetryLater } from './components/retry-later';

// When even the root layout could not be rendered: the same retry page, in a document of its own.
export default function GlobalError({ reset }: { error: Error; reset: () => void }) {
  return (
    <html lang="en">
      <head>
        <title>Briefly unavailable</title>
      </head>
      <body className="mx-auto max-w-2xl p-6">
        <main>
          <RetryLater reset={reset} />
        </main>
      </body>
    </html>
  );
}
