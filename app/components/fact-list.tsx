import type { ReactNode } from 'react';

/** One fact per row: [term, value, optional test id]. */
export type Fact = [term: string, value: ReactNode, testId?: string];

/** Facts as a definition list, the term beside its value from sm up and above it on a phone. */
export function FactList({ facts }: { facts: Fact[] }) {
  return (
    <dl className="divide-y divide-slate-100 text-sm">
      {facts.map(([term, value, testId]) => (
        <div key={term} className="grid grid-cols-1 gap-1 py-2 sm:grid-cols-3 sm:gap-4">
          <dt className="text-slate-600">{term}</dt>
          <dd className="min-w-0 [overflow-wrap:anywhere] sm:col-span-2" data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
