import Link from 'next/link';

/** What a signed-in person who sells nothing sees on every seller-only page of the portal. */
export function SellerWelcome({ storeDeleted = false }: { storeDeleted?: boolean }) {
  return (
    <section className="space-y-3" data-testid="seller-welcome">
      <h1 className="text-2xl font-semibold">Welcome</h1>
      {storeDeleted && (
        <p role="status" className="rounded-md border border-slate-300 bg-slate-50 p-3 text-sm text-slate-800" data-testid="store-deleted">
          Your store was deleted. The licenses it sold keep working for their buyers, and its records are kept.
        </p>
      )}
      <p className="text-slate-600">You are signed in, but you do not sell anything yet. Register as a seller to list products, sell licenses and see your orders and customers here.</p>
      <Link href="/register" className="inline-block rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-500">
        Register as a seller
      </Link>
    </section>
  );
}
