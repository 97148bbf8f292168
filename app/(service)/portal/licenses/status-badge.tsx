const STYLE: Record<string, string> = {
  Trialing: 'bg-sky-100 text-sky-900',
  Active: 'bg-emerald-100 text-emerald-900',
  Paused: 'bg-amber-100 text-amber-900',
  Suspended: 'bg-amber-100 text-amber-900',
  Cancelled: 'bg-slate-200 text-slate-800',
  Expired: 'bg-slate-200 text-slate-800',
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span data-testid="license-status" className={`rounded-full px-2 py-0.5 text-sm font-medium ${STYLE[status] ?? 'bg-slate-100 text-slate-800'}`}>
      {status}
    </span>
  );
}
