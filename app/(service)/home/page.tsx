import { redirect } from 'next/navigation';
import { portalMe } from '@/app/trpc-server';

export const dynamic = 'force-dynamic';

/** Where signing in lands when it was asked for no particular page: a seller's team member to the portal, a buyer to their licenses. */
export default async function HomeAfterSignIn() {
  const me = await portalMe();
  redirect(!me ? '/login' : me.seller ? '/portal' : '/licenses');
}
