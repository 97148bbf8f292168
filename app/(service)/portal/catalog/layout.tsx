import type { ReactNode } from 'react';
import { ToastProvider } from '@/app/components/toast';

// The catalog's pages share one toast region: a save on one page can confirm itself on the next.
export default function CatalogLayout({ children }: { children: ReactNode }) {
  return <ToastProvider>{children}</ToastProvider>;
}
