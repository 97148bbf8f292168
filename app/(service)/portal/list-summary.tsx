import { filterQuery } from '@/app/components/pager';

/** Above a paged portal list: how many match and which page this is, and a CSV download of everything that matches. */
export function ListSummary(props: {
  total: number;
  page: number;
  pages: number;
  noun: { one: string; many: string };
  testId: string;
  exportPath: string;
  filter: Record<string, string | undefined>;
}) {
  const query = filterQuery(props.filter).toString();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600" aria-live="polite" data-testid={props.testId}>
        {props.total === 0 ? `No ${props.noun.many} match.` : `${props.total} ${props.total === 1 ? props.noun.one : props.noun.many}; page ${props.page} of ${props.pages}.`}
      </p>
      {props.total > 0 && (
        <a href={query ? `${props.exportPath}?${query}` : props.exportPath} download className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100">
          Export CSV<span className="sr-only"> of the {props.noun.many} that match</span>
        </a>
      )}
    </div>
  );
}
