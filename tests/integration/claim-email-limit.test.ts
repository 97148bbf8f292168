import crypto from 'node:crypto';
import { createElement } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '@/server/api-keys/create-api-key';
import { LicenseClassification } from '@/server/catalog/catalog-enums';
import { CLAIM_EMAIL_KIND } from '@/server/checkout/claim/record-claim-email';
import { createEmbeddedCheckout } from '@/server/checkout/create-embedded-checkout';
import { handleRest } from '@/server/http/rest-app';
import { listOutbox } from '@/server/mail/list-outbox';
import { recordEmail } from '@/server/mail/send-email';
import { limitRule } from '@/server/platform/limits/limits';
import { ClaimLinkEmail } from '@/emails/claim-link';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { inProcessCore } from '../support/in-process-core';

// The claim e-mail limit (spec: at most 5 claim e-mails per address per hour, across all sellers) in
// the default set-up: no SMTP_URL, so the Email rows are the dev outbox and the delivery itself. The
// limit is decided when the e-mail is recorded, from the rows already recorded for the address, in
// the claim's transaction: the sixth is recorded `withheld`, without a body, while the checkout
// answers 200 with its ClaimUrl as usual. (The same rule with SMTP: embedded-checkout.test.ts.)

const setup = inProcessCore();

const uniqueAddress = (label: string) => `${label}-${crypto.randomBytes(4).toString('hex')}@example.test`;
const tokenOf = (claimUrl: string) => new URL(claimUrl).pathname.split('/').pop()!;

type Offering = Awaited<ReturnType<typeof createOffering>>;

interface Shop {
  sellerId: string;
  issuerClientId: string;
  key: string;
  /** Free one-seat offerings of the seller, each its own claim (no newer checkout replaces another's). */
  offerings: Offering[];
}

let shops: Shop[];

async function openShop(name: string, offeringCount: number): Promise<Shop> {
  const seller = await createSeller(setup.database.db, { contactName: name });
  const product = await createProduct(setup.database.db, seller.id, { name: `${name} Suite` });
  const offerings: Offering[] = [];
  for (let index = 0; index < offeringCount; index++) {
    offerings.push(await createOffering(setup.database.db, product, { name: `Free ${index + 1}`, classification: LicenseClassification.Perpetual, priceMinor: null }));
  }
  const { key } = await createApiKey({ db: setup.database.db }, { sellerId: seller.id, label: 'backend' });
  return { sellerId: seller.id, issuerClientId: seller.issuerClientId, key, offerings };
}

interface Session {
  SessionId: string;
  SessionUrl: string | null;
  ClaimUrl?: string;
}

/** POST /licensing/checkout/embedded through the one REST handler; expects 200. */
async function checkout(shop: Shop, offering: Offering, address: string): Promise<Session> {
  const response = await handleRest(
    new Request('http://localhost/licensing/checkout/embedded', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'dub-apiKey': shop.key },
      body: JSON.stringify({ RequestId: crypto.randomUUID(), OfferingId: offering.id, CorrelationId: 'tenant-1', CustomerEmail: address }),
    }),
  );
  expect(response.status, await response.clone().text()).toBe(200);
  const session = (await response.json()) as Session;
  expect(session).toMatchObject({ SessionUrl: null, ClaimUrl: expect.any(String) });
  return session;
}

const claimEmailRows = (address: string) =>
  setup.database.db.email.findMany({ where: { to: address.toLowerCase(), kind: CLAIM_EMAIL_KIND }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });

const statusesOf = async (address: string) => (await claimEmailRows(address)).map((row) => row.status).sort();

/** Moves every claim e-mail of `address` to before the limit's window. */
async function backdate(address: string): Promise<void> {
  const { durationSeconds } = limitRule('claimEmail');
  await setup.database.db.email.updateMany({ where: { to: address, kind: CLAIM_EMAIL_KIND }, data: { createdAt: new Date(Date.now() - (durationSeconds + 60) * 1000) } });
}

beforeAll(async () => {
  shops = [await openShop('First Vendor', 10), await openShop('Second Vendor', 2), await openShop('Third Vendor', 2)];
});

describe('claim e-mail limit in the dev outbox (no SMTP_URL)', () => {
  it('the limit is the spec\'s: 5 claim e-mails per address per hour', () => {
    expect(limitRule('claimEmail')).toMatchObject({ points: 5, durationSeconds: 3600 });
  });

  it('the sixth claim e-mail within an hour to one address (across sellers) is withheld without a body; all six creates answer 200 with a ClaimUrl', async () => {
    const address = uniqueAddress('popular');
    const [first, second, third] = shops as [Shop, Shop, Shop];
    const creates: [Shop, Offering][] = [
      [first, first.offerings[0]!],
      [first, first.offerings[1]!],
      [second, second.offerings[0]!],
      [second, second.offerings[1]!],
      [third, third.offerings[0]!],
      [third, third.offerings[1]!],
    ];
    const sessions: Session[] = [];
    for (const [shop, offering] of creates) sessions.push(await checkout(shop, offering, address));
    expect(new Set(sessions.map((session) => session.SessionId)).size).toBe(6);
    // Every claim is open, the sixth too: only its e-mail is withheld.
    expect(await setup.database.db.claimIntent.count({ where: { email: address, status: 'open' } })).toBe(6);

    const rows = await claimEmailRows(address);
    expect(rows).toHaveLength(6);
    const delivered = rows.filter((row) => row.status === 'outbox');
    expect(delivered).toHaveLength(5);
    expect(delivered.every((row) => row.text !== null && row.html !== null && row.limitName === 'claimEmail')).toBe(true);
    for (const session of sessions.slice(0, 5)) expect(delivered.some((row) => row.text!.includes(tokenOf(session.ClaimUrl!)))).toBe(true);
    expect(rows.filter((row) => row.status === 'withheld')).toEqual([
      expect.objectContaining({ html: null, text: null, content: null, limitName: 'claimEmail', sentAt: null, error: 'Withheld: the claimEmail limit of this address is reached.' }),
    ]);
    // The sixth link is in no e-mail: not delivered, and not kept to be read later.
    const sixthToken = tokenOf(sessions[5]!.ClaimUrl!);
    expect(rows.some((row) => [row.text, row.html, row.content].some((body) => body?.includes(sixthToken)))).toBe(false);

    // The dev outbox lists it as withheld, with nothing to open.
    const listed = (await listOutbox({ db: setup.database.db }, { limit: 200 })).filter((email) => email.to === address);
    expect(listed.map((email) => email.status).sort()).toEqual(['outbox', 'outbox', 'outbox', 'outbox', 'outbox', 'withheld']);
    expect(listed.find((email) => email.status === 'withheld')).toMatchObject({ text: null, html: null, error: expect.stringContaining('claimEmail') });
  });

  it('the limit is per address: after one address reached it, a claim e-mail to another address is delivered', async () => {
    const full = uniqueAddress('full');
    const [first] = shops as [Shop];
    for (const offering of first.offerings.slice(0, 6)) await checkout(first, offering, full);
    expect(await statusesOf(full)).toEqual(['outbox', 'outbox', 'outbox', 'outbox', 'outbox', 'withheld']);

    const other = uniqueAddress('other');
    const session = await checkout(first, first.offerings[6]!, other);
    const [row] = await claimEmailRows(other);
    expect(row).toMatchObject({ status: 'outbox', error: null });
    expect(row!.text).toContain(tokenOf(session.ClaimUrl!));
  });

  it('an address counts as one whatever its letter case: the sixth claim e-mail, to another spelling of the address, is withheld', async () => {
    const address = uniqueAddress('casing');
    const [first, second] = shops as [Shop, Shop];
    for (const offering of first.offerings.slice(0, 3)) await checkout(first, offering, address);
    // Over REST the address is normalised before anything else; a service call gets it as spelled.
    await checkout(second, second.offerings[0]!, address.toUpperCase());
    const mixed = address.replace(/^./, (letter) => letter.toUpperCase()).replace('@example', '@EXAMPLE');
    const asSpelled = (shop: Shop, offering: Offering, spelling: string) =>
      createEmbeddedCheckout(
        { db: setup.database.db },
        { offeringId: offering.id, correlationId: 'tenant-1', customerEmail: spelling, sellerId: shop.sellerId, keyIssuerClientId: shop.issuerClientId },
      );
    expect((await asSpelled(second, second.offerings[1]!, mixed)).claimUrl).toEqual(expect.any(String));
    expect(await statusesOf(address)).toEqual(['outbox', 'outbox', 'outbox', 'outbox', 'outbox']);
    expect((await asSpelled(first, first.offerings[3]!, address.toUpperCase())).claimUrl).toEqual(expect.any(String));
    expect(await statusesOf(address)).toEqual(['outbox', 'outbox', 'outbox', 'outbox', 'outbox', 'withheld']);
  });

  it('ten claim e-mails recorded at once to one address (ten concurrent checkouts): exactly five are delivered, five withheld', async () => {
    const address = uniqueAddress('crowd');
    const [first] = shops as [Shop];
    const sessions = await Promise.all(first.offerings.slice(0, 10).map((offering) => checkout(first, offering, address)));
    expect(new Set(sessions.map((session) => session.SessionId)).size).toBe(10);
    const rows = await claimEmailRows(address);
    expect(rows).toHaveLength(10);
    expect(rows.filter((row) => row.status !== 'withheld')).toHaveLength(5);
    expect(rows.filter((row) => row.status === 'withheld').every((row) => row.text === null && row.html === null && row.content === null)).toBe(true);
  });

  it('ten limited e-mails recorded at once outside any transaction (each in one of its own): exactly five are not withheld', async () => {
    const address = uniqueAddress('alone');
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        recordEmail(setup.database.db, {
          to: address,
          kind: CLAIM_EMAIL_KIND,
          subject: `Claim ${index}`,
          limit: 'claimEmail',
          template: createElement(ClaimLinkEmail, { productName: 'Suite', offeringName: 'Free', sellerName: 'Vendor', claimUrl: `https://x.test/claim/${index}`, expiresOn: 'soon' }),
        }),
      ),
    );
    expect(results.filter((result) => result.status === 'outbox')).toHaveLength(5);
    expect(results.filter((result) => result.status === 'withheld')).toHaveLength(5);
    expect(await statusesOf(address)).toEqual([...Array(5).fill('outbox'), ...Array(5).fill('withheld')]);
  });

  it('a claim e-mail older than the hour does not count: with five recorded before the window, the next five are delivered and the one after is withheld', async () => {
    const address = uniqueAddress('later');
    const [first] = shops as [Shop];
    for (const offering of first.offerings.slice(0, 5)) await checkout(first, offering, address);
    await backdate(address);
    for (const offering of first.offerings.slice(5, 10)) await checkout(first, offering, address);
    const recent = (await claimEmailRows(address)).slice(5);
    expect(recent.map((row) => row.status)).toEqual(Array(5).fill('outbox'));
    await checkout(first, first.offerings[0]!, address);
    const rows = await claimEmailRows(address);
    expect(rows).toHaveLength(11);
    expect(rows.at(-1)).toMatchObject({ status: 'withheld', text: null, html: null });
  });

  it('a withheld claim e-mail does not count: an address with only withheld e-mails in the hour still gets the next one', async () => {
    const address = uniqueAddress('withheld-only');
    await setup.database.db.email.createMany({
      data: Array.from({ length: 6 }, () => ({ to: address, subject: 'Held', kind: CLAIM_EMAIL_KIND, status: 'withheld' as const, limitName: 'claimEmail' })),
    });
    const [first] = shops as [Shop];
    const session = await checkout(first, first.offerings[0]!, address);
    const delivered = (await claimEmailRows(address)).filter((row) => row.status === 'outbox');
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.text).toContain(tokenOf(session.ClaimUrl!));
  });
});
