export default function Loading() {
  return (
    <div role="status" aria-live="polite" className="space-y-4">
      <div className="h-8 w-64 animate-pulse rounded bg-slate-200" />
      <div className="h-32 animate-pulse rounded bg-slate-200" />
      <span className="sr-only">Loading the storefront…</span>
    </div>
  );
}
