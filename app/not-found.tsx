import Link from 'next/link';

export default function NotFound() {
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="text-slate-600">There is nothing at this address.</p>
      <Link href="/" className="text-indigo-700 underline">
        Back to the start page
      </Link>
    </section>
  );
}
