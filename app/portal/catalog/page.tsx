import type { Metadata } from 'next';
import { CatalogManager } from './catalog-manager';

export const metadata: Metadata = { title: 'Catalog' };

// Sign-in and seller membership are checked by the portal layout and again by every procedure.
export default function CatalogPage() {
  return (
    <div className="space-y-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">Catalog</h1>
        <p className="max-w-2xl text-slate-600">
          Your products, the offerings buyers can get (free, paid, subscription, trial, per seat) and the features each
          offering grants. Only listed, active offerings of active products are shown to buyers.
        </p>
      </header>
      <CatalogManager />
    </div>
  );
}
