import Link from 'next/link';

type SearchParamValue = string | string[] | undefined;

/** A search parameter as one string: the first when repeated (`?q=a&q=b`), undefined when absent. */
export function firstSearchParam(value: SearchParamValue): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** A list's filter as a query string ("q=acme&status=failed"), empty values dropped. */
export function filterQuery(filter: Record<string, string | undefined>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value) params.set(name, value);
  return params;
}

/**
 * Previous and next links of a paged list, keeping the list's filter (`filter`: the query
 * parameters besides the page, empty ones dropped). Nothing when everything fits on one page.
 */
export function Pager({ path, filter, page, pages }: { path: string; filter: Record<string, string | undefined>; page: number; pages: number }) {
  if (pages <= 1) return null;
  const hrefOf = (target: number) => {
    const params = filterQuery(filter);
    params.set('page', String(target));
    return `${path}?${params}`;
  };
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center gap-4 text-sm">
      {page > 1 && (
        <Link href={hrefOf(page - 1)} rel="prev" className="font-medium text-indigo-700 hover:underline">
          Previous page
        </Link>
      )}
      <span className="text-slate-600">
        Page {page} of {pages}
      </span>
      {page < pages && (
        <Link href={hrefOf(page + 1)} rel="next" className="font-medium text-indigo-700 hover:underline">
          Next page
        </Link>
      )}
    </nav>
  );
}
