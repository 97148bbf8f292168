import Link from 'next/link';

/** Where this page sits in the catalog; the last crumb is the page itself. */
export function Breadcrumbs({ trail, current }: { trail: { href: string; label: string }[]; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {trail.map((crumb) => (
          <li key={crumb.href} className="flex min-w-0 items-center gap-2">
            <Link href={crumb.href} className="min-w-0 font-medium text-indigo-700 hover:underline">
              {crumb.label}
            </Link>
            <span aria-hidden="true" className="text-slate-500">
              /
            </span>
          </li>
        ))}
        <li aria-current="page" className="min-w-0 text-slate-600">
          {current}
        </li>
      </ol>
    </nav>
  );
}
