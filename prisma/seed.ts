// Demo data: a seller whose issuerClientId is `demo`, with one product and offerings covering
// free perpetual, paid perpetual (node-locked to two devices), paid monthly subscription, trial and a
// seat-based subscription.
// Idempotent: fixed ids, upserts; running it twice changes nothing.
import type { PrismaClient } from '../generated/prisma/client';
import { CatalogStatus, IntervalUnit, LicenseClassification, OfferingCategory, Platform } from '../server/catalog/catalog-enums';

export const DEMO_ISSUER_CLIENT_ID = 'demo';

const ids = {
  seller: '0192f000-0000-7000-8000-000000000001',
  product: '0192f000-0000-7000-8000-000000000010',
  community: '0192f000-0000-7000-8000-000000000101',
  lifetime: '0192f000-0000-7000-8000-000000000102',
  monthly: '0192f000-0000-7000-8000-000000000103',
  trial: '0192f000-0000-7000-8000-000000000104',
  team: '0192f000-0000-7000-8000-000000000105',
  draft: '0192f000-0000-7000-8000-000000000106',
};
export const DEMO_IDS = ids;

type FeatureSeed = {
  key: string;
  displayName: string;
  description: string;
  rate?: number;
  sampleSeconds?: number;
  rateLimit?: number;
  accessLevel?: 'Allowed' | 'Denied';
  allowance?: number;
  allowancePeriodUnit?: number;
};

const editor: FeatureSeed = { key: 'editor', displayName: 'Editor', description: 'Open and edit projects.', accessLevel: 'Allowed' };
const exportFeature: FeatureSeed = {
  key: 'export',
  displayName: 'Export',
  description: 'Export finished projects.',
  rateLimit: 60,
  accessLevel: 'Allowed',
};
const render = (allowance: number): FeatureSeed => ({
  key: 'cloud-render',
  displayName: 'Cloud render',
  description: 'Render frames in the cloud, metered per frame.',
  rate: 0.01,
  sampleSeconds: 60,
  rateLimit: 120,
  accessLevel: 'Allowed',
  allowance,
  allowancePeriodUnit: IntervalUnit.Month,
});
const noRender: FeatureSeed = { ...render(0), accessLevel: 'Denied', allowance: 0 };

const offerings = [
  {
    id: ids.community,
    name: 'Community',
    description: 'Free forever for personal projects.',
    classification: LicenseClassification.Perpetual,
    priceMinor: null,
    interval: null,
    intervalUnit: null,
    seatBased: false,
    listed: true,
    features: [editor, noRender],
  },
  {
    id: ids.lifetime,
    name: 'Pro Lifetime',
    description: 'Pay once, keep it forever.',
    classification: LicenseClassification.Perpetual,
    priceMinor: 4900,
    interval: null,
    intervalUnit: null,
    seatBased: false,
    listed: true,
    // Node-locked to two devices (a desktop and a laptop): the demo of activation limits. The
    // others run on any number of devices, as before devices existed.
    maxDevices: 2,
    features: [editor, exportFeature, render(500)],
  },
  {
    id: ids.monthly,
    name: 'Pro Monthly',
    description: 'Everything in Pro, billed monthly.',
    classification: LicenseClassification.Subscription,
    priceMinor: 999,
    interval: 1,
    intervalUnit: IntervalUnit.Month,
    seatBased: false,
    listed: true,
    features: [editor, exportFeature, render(1000)],
  },
  {
    id: ids.trial,
    name: 'Pro Trial',
    description: 'Try Pro free for 14 days.',
    classification: LicenseClassification.Trial,
    priceMinor: null,
    interval: 14,
    intervalUnit: IntervalUnit.Day,
    seatBased: false,
    listed: true,
    features: [editor, exportFeature, render(100)],
  },
  {
    id: ids.team,
    name: 'Team',
    description: 'Per-seat subscription for teams; each seat has its own allowance.',
    classification: LicenseClassification.Subscription,
    priceMinor: 1500,
    interval: 1,
    intervalUnit: IntervalUnit.Month,
    seatBased: true,
    listed: true,
    features: [editor, exportFeature, render(2000)],
  },
  {
    id: ids.draft,
    name: 'Enterprise (unlisted)',
    description: 'Sold by the sales team only; not listed in the storefront.',
    classification: LicenseClassification.Subscription,
    priceMinor: 9900,
    interval: 1,
    intervalUnit: IntervalUnit.Year,
    seatBased: true,
    listed: false,
    features: [editor, exportFeature, render(10000)],
  },
];

export async function seedDemo(db: PrismaClient): Promise<void> {
  await db.seller.upsert({
    where: { issuerClientId: DEMO_ISSUER_CLIENT_ID },
    create: { id: ids.seller, issuerClientId: DEMO_ISSUER_CLIENT_ID, contactName: 'Demo Studio Team', legalName: 'Demo Software Ltd', checkoutReady: true },
    update: {},
  });
  await db.product.upsert({
    where: { id: ids.product },
    create: {
      id: ids.product,
      sellerId: ids.seller,
      name: 'Demo Studio',
      description: 'A desktop editor with cloud rendering.',
      status: CatalogStatus.Active,
      platform: Platform.Any,
    },
    update: {},
  });
  for (const { features, ...offering } of offerings) {
    await db.offering.upsert({
      where: { id: offering.id },
      create: {
        ...offering,
        productId: ids.product,
        sellerId: ids.seller,
        status: CatalogStatus.Active,
        category: OfferingCategory.Application,
        currency: 'usd',
      },
      update: {},
    });
    for (const feature of features) {
      await db.feature.upsert({
        where: { offeringId_key: { offeringId: offering.id, key: feature.key } },
        create: { ...feature, offeringId: offering.id },
        update: {},
      });
    }
  }
}

/** On start: seed the demo seller only when the database has no seller at all. */
export async function seedIfEmpty(db: PrismaClient): Promise<boolean> {
  if ((await db.seller.count()) > 0) return false;
  await seedDemo(db);
  return true;
}
