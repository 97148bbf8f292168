import type { ReactNode } from 'react';
import { ServiceHeader } from '@/app/components/service-header';

export default function ServiceLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <ServiceHeader />
      <main id="main" className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
        {children}
      </main>
    </>
  );
}
