/**
 * The buyer's choice of currency for the whole storefront: a plain GET form (it works without
 * script), so the choice is kept in the address as `?currency=` and a link carries it. Shown only
 * when the store's offerings are priced in more than one currency.
 */
export function CurrencyChoice({ currencies, selected, locale }: { currencies: string[]; selected: string | null; locale: string }) {
  if (currencies.length < 2) return null;
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: 'currency' });
  } catch {
    names = null;
  }
  return (
    <form method="get" className="flex flex-wrap items-end gap-2" aria-label="Currency" data-testid="currency-choice">
      <div>
        <label htmlFor="storefront-currency" className="block text-sm font-medium text-slate-700">
          Show prices in
        </label>
        <select
          id="storefront-currency"
          name="currency"
          defaultValue={selected ?? undefined}
          className="mt-1 block rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus:border-indigo-600 focus:outline-none focus:ring-2 focus:ring-indigo-600"
        >
          {currencies.map((currency) => {
            const code = currency.toUpperCase();
            const name = names?.of(code);
            return (
              <option key={currency} value={currency}>
                {name && name !== code ? `${code} · ${name}` : code}
              </option>
            );
          })}
        </select>
      </div>
      <button
        type="submit"
        className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        Show prices
      </button>
    </form>
  );
}
