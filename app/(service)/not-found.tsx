import Link from 'next/link';

// A notFound() of any service page: inside the (service) layout, which already gives the header and
// <main> (the root not-found page, for addresses nothing matches, brings its own).
export default function ServiceNotFound() {
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="text-slate-600">There is nothing at this address, or it is not yours to see.</p>
      <p className="flex flex-wrap gap-x-6 gap-y-2">
        <Link href="/orders" className="text-indigo-700 underline hover:text-indigo-600">
          Your orders
        </Link>
        <Link href="/licenses" className="text-indigo-700 underline hover:text-indigo-600">
          Your licenses
        </Link>
        <Link href="/" className="text-indigo-700 underline hover:text-indigo-600">
          The start page
        </Link>
      </p>
    </section>
  );
}
