import Link from 'next/link';

export function NotASeller() {
  return (
    <section className="space-y-3">
      <h1 className="text-3xl font-bold tracking-tight">Catalog</h1>
      <p className="text-slate-600">You are signed in, but you do not sell anything yet.</p>
      <Link href="/register" className="inline-block rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700">
        Register as a seller
      </Link>
    </section>
  );
}
