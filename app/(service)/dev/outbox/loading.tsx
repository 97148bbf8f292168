export default function Loading() {
  return (
    <div role="status" aria-live="polite" className="space-y-4">
      <h1 className="text-3xl font-bold tracking-tight">Dev outbox</h1>
      <div className="h-4 w-96 max-w-full animate-pulse rounded bg-slate-200" />
      <div className="h-40 animate-pulse rounded bg-slate-200" />
      <div className="h-40 animate-pulse rounded bg-slate-200" />
      <span className="sr-only">Loading the dev outbox…</span>
    </div>
  );
}
