import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { findSellerProfile } from '@/server/catalog/seller-profile';
import { db } from '@/server/db';

// The seller is looked up here, ahead of the page's loading boundary, so an unknown seller is a
// real 404 rather than a streamed 200.
export default async function StorefrontLayout({ children, params }: { children: ReactNode; params: Promise<{ issuerClientId: string }> }) {
  const { issuerClientId } = await params;
  if (!(await findSellerProfile({ db: db() }, issuerClientId))) notFound();
  return children;
}
