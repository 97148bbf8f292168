import Link from 'next/link';

export default function HomePage() {
  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">Sell your software. Issue and enforce its licenses.</h1>
      <p className="max-w-2xl text-slate-600">
        A seller portal and hosted storefront, a purchase API for apps, embedded checkout for seller backends, signed
        license codes and a runtime path for distributed apps.
      </p>
      <ul className="flex flex-wrap gap-3">
        <li>
          <Link href="/marketplace/demo" className="inline-block rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-500">
            Open the demo storefront
          </Link>
        </li>
        <li>
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a REST route answering JSON, not a page: the router cannot open it */}
          <a href="/purchase/demo/offerings" className="inline-block rounded-md border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-100">
            Catalog API (JSON)
          </a>
        </li>
      </ul>
    </section>
  );
}
