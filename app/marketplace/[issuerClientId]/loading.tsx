// The store's name is not known until the page loads; the loading state still has its page's one
// heading (a page has an h1 in every state), read by screen readers while the bars pulse.
export default function Loading() {
  return (
    <div role="status" aria-live="polite" className="space-y-4">
      <h1 className="sr-only">Loading the storefront…</h1>
      <div className="h-8 w-64 animate-pulse rounded bg-slate-200" />
      <div className="h-32 animate-pulse rounded bg-slate-200" />
    </div>
  );
}
