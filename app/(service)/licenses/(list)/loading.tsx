// The list's own loading state, in the (list) group so that it does not wrap /licenses/<id>/billing:
// that page must answer 404 (another buyer's license) before anything streams.
export default function Loading() {
  return (
    <div role="status" aria-live="polite" className="space-y-4">
      <h1 className="text-3xl font-bold tracking-tight">Your licenses</h1>
      <div className="h-4 w-96 max-w-full animate-pulse rounded bg-slate-200" />
      <div className="h-48 animate-pulse rounded bg-slate-200" />
      <div className="h-48 animate-pulse rounded bg-slate-200" />
      <span className="sr-only">Loading your licenses…</span>
    </div>
  );
}
