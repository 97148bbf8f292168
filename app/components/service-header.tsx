import Link from 'next/link';

/** The service's own header: on its pages, never on a seller's storefront. */
export function ServiceHeader() {
  return (
    <header className="border-b border-slate-200 bg-white print:hidden">
      <nav className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-5 gap-y-2 px-4 py-4 sm:px-6" aria-label="Main">
        <Link href="/" className="text-lg font-semibold tracking-tight">
          Licensing service
        </Link>
        <div className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm">
          <Link href="/marketplace" className="text-slate-600 hover:text-slate-900">
            Marketplace
          </Link>
          <Link href="/licenses" className="text-slate-600 hover:text-slate-900">
            Your licenses
          </Link>
          <Link href="/orders" className="text-slate-600 hover:text-slate-900">
            Your orders
          </Link>
          <Link href="/portal" className="text-slate-600 hover:text-slate-900">
            Seller portal
          </Link>
        </div>
      </nav>
    </header>
  );
}
