import Link from 'next/link';
import { ServiceHeader } from './components/service-header';

export default function NotFound() {
  return (
    <>
      <ServiceHeader />
      <main id="main" className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
        <section className="space-y-4">
          <h1 className="text-2xl font-semibold">Page not found</h1>
          <p className="text-slate-600">There is nothing at this address.</p>
          <Link href="/" className="text-indigo-700 underline">
            Back to the start page
          </Link>
        </section>
      </main>
    </>
  );
}
