import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eraseBuyerAccount } from '@/server/identity/erase-buyer';
import { mintSignInLink, peekSignInLink, SIGN_IN_LINK_SECONDS, signInWithLink } from '@/server/identity/sign-in-links';
import { inProcessCore } from '../support/in-process-core';

// E-mailed sign-in links (server/identity/sign-in-links.ts) at the service level against a real
// database: once, within the hour, to the path they were minted for, stored only as an HMAC.

const BASE_URL = 'http://sign-in-links.test';
const setup = inProcessCore({ PUBLIC_BASE_URL: BASE_URL });
const ctx = () => ({ db: setup.database.db });
const account = () => setup.database.db.account.create({ data: { email: `link-${crypto.randomBytes(4).toString('hex')}@example.com` } });
const mint = (accountId: string, path = '/licenses?session=abc', now?: Date) => setup.database.db.$transaction((tx) => mintSignInLink(tx, { accountId, path, now }));
const tokenOf = (url: string) => url.slice(`${BASE_URL}/login/link/`.length);

describe('sign-in links: the delivery e-mail’s way straight to the codes', () => {
  it('a link signs its account in once, to its path, with a session and the sign-in’s record; its token is not stored', async () => {
    const me = await account();
    const url = await mint(me.id);
    expect(url).toMatch(new RegExp(`^${BASE_URL}/login/link/[A-Za-z0-9_-]{43}$`));
    const token = tokenOf(url);
    expect(await peekSignInLink(ctx(), { token })).toEqual({ state: 'open', path: '/licenses?session=abc' });
    // Looking spends nothing.
    expect((await peekSignInLink(ctx(), { token })).state).toBe('open');
    const row = await setup.database.db.signInLink.findFirstOrThrow({ where: { accountId: me.id } });
    expect(row.tokenHash).not.toContain(token);

    const signedIn = await signInWithLink(ctx(), { token, origin: { ipAddress: '203.0.113.9', userAgent: 'test' } });
    expect(signedIn).toMatchObject({ accountId: me.id, email: me.email, path: '/licenses?session=abc' });
    expect(await setup.database.db.browserSession.findUniqueOrThrow({ where: { id: signedIn.sessionId } })).toMatchObject({ accountId: me.id, endedAt: null });
    expect((await setup.database.db.signInLink.findUniqueOrThrow({ where: { id: row.id } })).usedAt).toBeInstanceOf(Date);

    await expect(signInWithLink(ctx(), { token })).rejects.toThrow('expired or was already used');
    expect((await peekSignInLink(ctx(), { token })).state).toBe('used');
    expect(await setup.database.db.browserSession.count({ where: { accountId: me.id } })).toBe(1);
  });

  it('two presses at once make one session: the link is spent by exactly one', async () => {
    const me = await account();
    const token = tokenOf(await mint(me.id));
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => signInWithLink(ctx(), { token })));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(await setup.database.db.browserSession.count({ where: { accountId: me.id } })).toBe(1);
  });

  it('a link past its hour is refused and says so; an unknown or malformed token is unknown and signs nobody in', async () => {
    const me = await account();
    const minted = new Date(Date.now() - (SIGN_IN_LINK_SECONDS + 1) * 1000);
    const token = tokenOf(await mint(me.id, '/licenses', minted));
    expect((await peekSignInLink(ctx(), { token })).state).toBe('expired');
    await expect(signInWithLink(ctx(), { token })).rejects.toThrow('expired or was already used');
    for (const bad of [crypto.randomBytes(32).toString('base64url'), '', 'a'.repeat(101), 'not a token!']) {
      expect(await peekSignInLink(ctx(), { token: bad })).toEqual({ state: 'unknown', path: null });
      await expect(signInWithLink(ctx(), { token: bad })).rejects.toThrow();
    }
    expect(await setup.database.db.browserSession.count({ where: { accountId: me.id } })).toBe(0);
  });

  it('a link leads only to a same-site path', async () => {
    const me = await account();
    for (const path of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) await expect(mint(me.id, path)).rejects.toThrow('same-site path');
    expect(await setup.database.db.signInLink.count({ where: { accountId: me.id } })).toBe(0);
  });

  it('erasing the account deletes its links', async () => {
    const me = await account();
    const token = tokenOf(await mint(me.id));
    await eraseBuyerAccount(ctx(), { accountId: me.id, by: 'buyer' });
    expect(await setup.database.db.signInLink.count({ where: { accountId: me.id } })).toBe(0);
    await expect(signInWithLink(ctx(), { token })).rejects.toThrow();
  });
});
