import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';

const state = vi.hoisted(() => ({ session: null as null | { accountId: string; email: string } }));
vi.mock('next/navigation', () => ({
  useRouter: () => ({ push() {}, replace() {}, refresh() {} }),
  redirect: (to: string) => { throw new Error(`REDIRECT ${to}`); },
  notFound: () => { throw new Error('NOT_FOUND'); },
}));
vi.mock('@/server/portal/session', () => ({ getPortalSession: async () => state.session }));
vi.mock('@/app/trpc-provider', () => ({ useTRPC: () => ({ licenses: { revokeCode: { mutationOptions: (o: unknown) => o } }, purchase: { buy: { mutationOptions: (o: unknown) => o } } }) }));
vi.mock('@tanstack/react-query', () => ({ useMutation: () => ({ isPending: false, isSuccess: false, isError: false, error: null, reset() {}, mutate() {} }) }));
vi.mock('next-auth/react', () => ({ signOut() {} }));

import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { resetEnvForTests } from '@/server/env';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  Object.assign(process.env, { DATABASE_URL: database.url, APP_SECRET: 'render-test-secret-of-32-characters-xx', PUBLIC_BASE_URL: 'http://r.test' });
  delete process.env.SMTP_URL; delete process.env.STRIPE_SECRET_KEY;
  resetEnvForTests();
});
afterAll(async () => { await database?.drop(); });

it('renders', async () => {
  const { createPurchaseCheckout } = await import('@/server/checkout/create-purchase-checkout');
  const buyer = await database.db.account.create({ data: { email: 'r@example.com' } });
  const seller = await createSeller(database.db, { checkoutReady: true });
  const product = await createProduct(database.db, seller.id);
  const paid = await createOffering(database.db, product, { name: 'Paid One', classification: 1, priceMinor: 999, interval: 1, intervalUnit: 2 });
  const free = await createOffering(database.db, product, { name: 'Free One' });
  await database.db.feature.create({ data: { offeringId: free.id, key: 'f', displayName: 'Feat', rateLimit: 5, accessLevel: 'Allowed', allowance: 10, allowancePeriodUnit: 2 } });
  const s1 = await createPurchaseCheckout({ db: database.db }, { requestId: crypto.randomUUID(), offeringId: paid.id, issuerClientId: seller.issuerClientId, buyerAccountId: buyer.id, buyerEmail: buyer.email });
  const s2 = await createPurchaseCheckout({ db: database.db }, { requestId: crypto.randomUUID(), offeringId: free.id, issuerClientId: seller.issuerClientId, buyerAccountId: buyer.id, buyerEmail: buyer.email });

  const hosted = (await import('@/app/checkout/local/[sessionId]/page')).default;
  const html = renderToStaticMarkup(await hosted({ params: Promise.resolve({ sessionId: s1.SessionId }), searchParams: Promise.resolve({ ui: 'mobile' }) }));
  console.log(html);
  await expect(hosted({ params: Promise.resolve({ sessionId: s2.SessionId }), searchParams: Promise.resolve({}) })).rejects.toThrow('NOT_FOUND');

  const licensesPage = (await import('@/app/licenses/page')).default;
  await expect(licensesPage({ searchParams: Promise.resolve({}) })).rejects.toThrow('REDIRECT /login?callbackUrl=/licenses');
  state.session = { accountId: buyer.id, email: buyer.email };
  console.log(renderToStaticMarkup(await licensesPage({ searchParams: Promise.resolve({ session: s2.SessionId }) })));
  console.log(renderToStaticMarkup(await licensesPage({ searchParams: Promise.resolve({ session: s1.SessionId }) })).slice(0, 1500));
  const other = await database.db.account.create({ data: { email: 'o@example.com' } });
  state.session = { accountId: other.id, email: other.email };
  console.log(renderToStaticMarkup(await licensesPage({ searchParams: Promise.resolve({ session: s2.SessionId }) })));
  const complete = (await import('@/app/checkout/complete/page')).default;
  console.log(renderToStaticMarkup(await complete({ searchParams: Promise.resolve({ session_id: s1.SessionId }) })));
  const market = (await import('@/app/marketplace/[issuerClientId]/page')).default;
  console.log(renderToStaticMarkup(await market({ params: Promise.resolve({ issuerClientId: seller.issuerClientId }) })));
});
