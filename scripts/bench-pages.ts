// `npm run bench:pages`: Lighthouse (12.2.3: 13 needs Node 22) on the pages buyers and sellers load
// first, in the Chromium the browser tests use, against the production entry with the demo seed on
// a database of its own beside the configured one (dropped and made again each run). Each page is
// measured BENCH_PAGE_RUNS times (default 2) with the mobile preset (Lighthouse's default: a
// mid-range phone, simulated 4G and CPU slowdown) and once with the desktop preset, and the table
// prints the performance score, LCP, CLS, TBT and the JavaScript each page ships.
// Signed-in pages carry a session made as a browser makes one (the e-mailed code read from the
// outbox table: the server runs with no SMTP, so e-mails stay there).
import crypto from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { PrismaClient } from '../generated/prisma/client';
import { DEMO_IDS, DEMO_ISSUER_CLIENT_ID } from '../prisma/seed';
import { ensureAppSecret } from '../server/app-secret';
import { createPurchaseCheckout } from '../server/checkout/create-purchase-checkout';
import { resetEnvForTests } from '../server/env';
import { mintLicense } from '../server/licensing/licenses/mint-license';
import { resolveDatabase } from '../server/platform/database/local-database';
import { stopInvalidationListener } from '../server/platform/invalidation/invalidation';
import { CHROMIUM_ARGS, chromiumExecutable } from '../tests/support/browser';
import { portalSignIn } from '../tests/support/portal-session';
import { build, buildIsCurrent } from './build';
import { freshBenchDatabase } from './bench-runtime';
import { startServiceProcess } from './service-process';

const RUNS = Number(process.env.BENCH_PAGE_RUNS ?? 2);
/** The goal per page (issue "Speed that is kept"): performance score, LCP, CLS. */
const GOAL = { score: 90, lcpMs: 2500, cls: 0.1 };

interface PageFigures {
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  scriptKb: number;
}

function figuresOf(result: RunnerResult | undefined): PageFigures {
  if (!result) throw new Error('Lighthouse returned no result.');
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const resources = (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
  const script = resources.find((item) => item.resourceType === 'script')?.transferSize ?? 0;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    tbtMs: audit('total-blocking-time'),
    scriptKb: Math.round(script / 1024),
  };
}

/** The six-digit code of the latest sign-in e-mail to `email`, from the outbox table. */
async function codeFrom(db: PrismaClient, email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const mail = await db.email.findFirst({ where: { to: email, subject: 'Your sign-in code' }, orderBy: { createdAt: 'desc' } });
    const code = mail?.text && /\b(\d{6})\b/.exec(mail.text)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No sign-in code reached the outbox for ${email}.`);
}

async function main() {
  ensureAppSecret(() => {});
  if (!buildIsCurrent()) build({ ifStale: true });
  const configured = await resolveDatabase();
  const url = await freshBenchDatabase(configured.databaseUrl);
  const server = await startServiceProcess({ databaseUrl: url, env: { APP_SECRET: process.env.APP_SECRET!, SEED_DEMO: 'true', RATE_LIMIT_IP_PER_MINUTE: '100000000', LOG_LEVEL: 'warn' } });
  // The licenses and the checkout below are made by the core in this process, as a sale would make them.
  Object.assign(process.env, { DATABASE_URL: url, PUBLIC_BASE_URL: server.baseUrl });
  resetEnvForTests();
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 4 }) });
  const chrome = await chromeLauncher.launch({ chromePath: await chromiumExecutable(), chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  try {
    // A seller: a person made an owner of the demo store. A buyer: another, with a license and a pending checkout.
    const sellerEmail = `seller-${crypto.randomUUID()}@bench.example`;
    const buyerEmail = `buyer-${crypto.randomUUID()}@bench.example`;
    const sellerCookie = await portalSignIn(server.baseUrl, sellerEmail, (email) => codeFrom(db, email));
    const buyerCookie = await portalSignIn(server.baseUrl, buyerEmail, (email) => codeFrom(db, email));
    const [seller, buyer] = await Promise.all([db.account.findUniqueOrThrow({ where: { email: sellerEmail } }), db.account.findUniqueOrThrow({ where: { email: buyerEmail } })]);
    await db.sellerMember.create({ data: { sellerId: DEMO_IDS.seller, accountId: seller.id, role: 'Owner' } });
    const lifetime = await db.offering.findUniqueOrThrow({ where: { id: DEMO_IDS.lifetime } });
    await db.$transaction((tx) => mintLicense(tx, { offering: lifetime, buyerAccountId: buyer.id, correlationId: null, seatCount: 1 }));
    const checkout = await createPurchaseCheckout(
      { db },
      { requestId: crypto.randomUUID(), offeringId: DEMO_IDS.monthly, issuerClientId: DEMO_ISSUER_CLIENT_ID, buyerAccountId: buyer.id, buyerEmail },
    );
    if (!checkout.sessionUrl) throw new Error('The checkout has no hosted page.');

    const pages: { name: string; path: string; cookie?: string; goal: { score: number } }[] = [
      { name: 'storefront', path: `/marketplace/${DEMO_ISSUER_CLIENT_ID}`, goal: GOAL },
      { name: 'an offering', path: `/marketplace/${DEMO_ISSUER_CLIENT_ID}/${DEMO_IDS.monthly}`, goal: GOAL },
      { name: 'hosted checkout', path: new URL(checkout.sessionUrl).pathname, cookie: buyerCookie, goal: GOAL },
      { name: "the buyer's licenses", path: '/licenses', cookie: buyerCookie, goal: GOAL },
      { name: 'portal overview', path: '/portal', cookie: sellerCookie, goal: GOAL },
      { name: 'API reference (/docs)', path: '/docs', goal: { score: 80 } },
    ];
    const measure = async (path: string, cookie: string | undefined, desktop: boolean) => {
      const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}) };
      return figuresOf(await lighthouse(server.baseUrl + path, flags, desktop ? desktopConfig : undefined));
    };
    // Every page three times before measuring, and one Lighthouse run thrown away, so the server has
    // compiled and cached what it serves and the first page measured is not the one that paid for it.
    for (let round = 0; round < 3; round++) {
      for (const page of pages) await fetch(server.baseUrl + page.path, { headers: page.cookie ? { cookie: page.cookie } : {} });
    }
    await measure(pages[0]!.path, undefined, false);

    console.log(`Pages: Lighthouse 12.2.3, Chromium headless; mobile preset ${RUNS} runs each, then desktop once; goal score ≥ 90 (/docs ≥ 80), LCP ≤ 2.5 s, CLS ≤ 0.1`);
    console.log('| page | mobile score | LCP | CLS | TBT | JavaScript | desktop score / CLS | goal |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const page of pages) {
      const mobile: PageFigures[] = [];
      for (let run = 0; run < RUNS; run++) mobile.push(await measure(page.path, page.cookie, false));
      const desktop = await measure(page.path, page.cookie, true);
      const met = mobile.every((run) => run.score >= page.goal.score && (page.goal !== GOAL || (run.lcpMs <= GOAL.lcpMs && run.cls <= GOAL.cls)));
      const each = (pick: (run: PageFigures) => string) => mobile.map(pick).join(' / ');
      console.log(
        `| ${page.name} | ${each((run) => String(run.score))} | ${each((run) => `${(run.lcpMs / 1000).toFixed(1)} s`)} | ${each((run) => run.cls.toFixed(2))} | ` +
          `${each((run) => `${Math.round(run.tbtMs)} ms`)} | ${mobile[0]!.scriptKb} KB | ${desktop.score} / ${desktop.cls.toFixed(2)} | ${met ? 'met' : 'NOT met'} |`,
      );
    }
  } finally {
    chrome.kill();
    await stopInvalidationListener();
    await db.$disconnect();
    await server.stop();
    await configured.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
