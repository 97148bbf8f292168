/** Above a paged portal list: a text search and one filter, sent as a GET so it works without JavaScript. */
export function ListSearchForm(props: {
  action: string;
  label: string;
  textLabel: string;
  text: string | undefined;
  filter: { name: string; label: string; value: string; options: readonly { value: string; label: string }[] };
}) {
  return (
    <form role="search" aria-label={props.label} action={props.action} className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <label className="flex min-w-0 flex-1 basis-56 flex-col gap-1 text-sm font-medium text-slate-700">
        {props.textLabel}
        <input name="q" type="search" defaultValue={props.text ?? ''} className="min-w-0 rounded-md border border-slate-300 px-3 py-2 font-normal" />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
        {props.filter.label}
        <select name={props.filter.name} defaultValue={props.filter.value} className="rounded-md border border-slate-300 px-3 py-2 font-normal">
          {props.filter.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500">
        Search
      </button>
    </form>
  );
}
