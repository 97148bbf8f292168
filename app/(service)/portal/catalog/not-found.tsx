import Link from 'next/link';

// Inside the service's chrome already (header and main come from the layouts above), unlike the
// root not-found page, which brings its own. An id of another seller's catalog lands here too.
export default function CatalogNotFound() {
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="text-slate-600">There is no such product or offering in your catalog.</p>
      <Link href="/portal/catalog" className="text-indigo-700 underline">
        Back to your catalog
      </Link>
    </section>
  );
}
