import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, db } from '@/server/db';
import { resetEnvForTests } from '@/server/env';
import { startBrowserSession } from '@/server/identity/browser-sessions';
import { deliverDueEmails } from '@/server/mail/deliver-email';
import { closeLimits } from '@/server/platform/limits/limits';
import { changeTeam } from '@/server/sellers/members/member-changes';
import { appRouter } from '@/server/trpc/app-router';
import { createSeller } from '../support/factories';
import { rememberProcessConfig } from '../support/process-config';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../support/smtp';
import { trpcRefusalOf } from '../support/refusal';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// A seller's team (docs/buyers-and-sellers.md "Team and roles") through the team router, as the
// portal's pages call it, over this file's PostgreSQL and a real SMTP server: invitations by e-mail
// (one mail with a link valid 7 days; a resend kills the old link; revoke; accept only with the
// invited address), who may grant and touch which role, the last Owner, the transfer of ownership,
// and a removal that ends the member's portal sessions. Every refusal leaves the database as it was.

const restoreConfig = rememberProcessConfig(['DATABASE_URL', 'APP_SECRET', 'SMTP_URL', 'PUBLIC_BASE_URL']);
let database: TestDatabase;
let smtp: TestSmtpServer;
const BASE_URL = 'http://team.example.test';
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  [database, smtp] = await Promise.all([createTestDatabase(), startTestSmtpServer()]);
  Object.assign(process.env, { DATABASE_URL: database.url, APP_SECRET: crypto.randomBytes(32).toString('base64url'), SMTP_URL: smtp.url, PUBLIC_BASE_URL: BASE_URL });
  resetEnvForTests();
  await closeLimits();
});
afterAll(async () => {
  await closeDb();
  await Promise.all([database?.drop(), smtp?.stop()]);
  restoreConfig();
});

type Session = { accountId: string; email: string; sessionId?: string };
const as = (session: Session | null) => appRouter.createCaller({ db: database.db, session }).team;

async function person(label = 'person'): Promise<Session> {
  const account = await database.db.account.create({ data: { email: `${label}-${crypto.randomBytes(4).toString('hex')}@example.test` } });
  return { accountId: account.id, email: account.email };
}

async function memberOf(sellerId: string, role: 'Owner' | 'Admin' | 'Developer' | 'Support' | 'Viewer', label: string = role.toLowerCase()) {
  const session = await person(label);
  const member = await database.db.sellerMember.create({ data: { sellerId, accountId: session.accountId, role } });
  return { ...session, memberId: member.id };
}

async function team() {
  const seller = await createSeller(database.db, { legalName: 'Team Store Ltd' });
  await database.db.seller.update({ where: { id: seller.id }, data: { storeName: 'Team Store' } });
  const owner = await memberOf(seller.id, 'Owner');
  return { seller, owner };
}


/** Sends what is queued (the deliver-email job's own run) and returns the invitation mail that arrived for `to`. */
async function invitationMailTo(to: string, after = 0): Promise<{ mail: ReceivedMail; token: string }> {
  await deliverDueEmails({ db: database.db });
  const mail = await smtp.waitForMail((received) => received.to === to && smtp.messages.indexOf(received) >= after);
  const match = new RegExp(`${BASE_URL.replaceAll('.', '\\.')}/invitations/([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match) throw new Error(`no invitation link in: ${mail.text}`);
  return { mail, token: match[1]! };
}

const teamRows = async (sellerId: string) => ({
  members: await database.db.sellerMember.findMany({ where: { sellerId }, orderBy: { id: 'asc' }, select: { id: true, accountId: true, role: true } }),
  invitations: await database.db.sellerInvitation.findMany({ where: { sellerId }, orderBy: { id: 'asc' } }),
});

describe('inviting', () => {
  it('an invite records an open invitation valid 7 days and sends one e-mail whose link opens it; only a hash of the token is stored', async () => {
    const { seller, owner } = await team();
    const invitee = `new-${crypto.randomBytes(4).toString('hex')}@example.test`;
    const before = Date.now();
    const sent = await as(owner).invite({ email: invitee.toUpperCase(), role: 'Developer' });
    expect(sent).toMatchObject({ email: invitee, role: 'Developer' });
    expect(sent.expiresAt.getTime() - before).toBeGreaterThanOrEqual(7 * DAY_MS - 1000);
    expect(sent.expiresAt.getTime() - before).toBeLessThanOrEqual(7 * DAY_MS + 5000);

    const { mail, token } = await invitationMailTo(invitee);
    expect(mail.subject).toBe(`${owner.email} invited you to Team Store as Developer`);
    expect(smtp.messages.filter((received) => received.to === invitee)).toHaveLength(1);
    const row = await database.db.sellerInvitation.findUniqueOrThrow({ where: { id: sent.invitationId } });
    expect(row).toMatchObject({ sellerId: seller.id, email: invitee, role: 'Developer', invitedById: owner.accountId, acceptedAt: null, revokedAt: null });
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.tokenHash).not.toContain(token);

    const view = await as(null).invitation({ token });
    expect(view).toMatchObject({ state: 'open', details: { storeName: 'Team Store', email: invitee, role: 'Developer', invitedBy: owner.email } });
    expect((await as(owner).invitations()).map((listed) => [listed.email, listed.state])).toEqual([[invitee, 'open']]);
  });

  it('at most 5 invitation e-mails an hour reach one address across sellers: the 6th (a resend here) is RateLimited and changes nothing', async () => {
    const invitee = `limited-${crypto.randomBytes(4).toString('hex')}@example.test`;
    const sent = [];
    for (let store = 0; store < 3; store += 1) {
      const { owner } = await team();
      sent.push({ owner, invitation: await as(owner).invite({ email: invitee, role: 'Viewer' }) });
    }
    await as(sent[0]!.owner).resendInvitation({ invitationId: sent[0]!.invitation.invitationId });
    await as(sent[1]!.owner).resendInvitation({ invitationId: sent[1]!.invitation.invitationId });
    const last = sent[2]!;
    const before = await database.db.sellerInvitation.findUniqueOrThrow({ where: { id: last.invitation.invitationId } });
    expect(await trpcRefusalOf(as(last.owner).resendInvitation({ invitationId: last.invitation.invitationId }))).toMatchObject({ code: 'TOO_MANY_REQUESTS', apiCode: 'RateLimited' });
    expect(await database.db.sellerInvitation.findUniqueOrThrow({ where: { id: last.invitation.invitationId } })).toEqual(before);
    expect(await database.db.email.count({ where: { to: invitee } })).toBe(5);
  });

  it('a second invite of an open address is a conflict (InvitationOpen) and an invite of a member is refused (AlreadyMember); nothing changes', async () => {
    const { seller, owner } = await team();
    const admin = await memberOf(seller.id, 'Admin');
    await as(owner).invite({ email: 'twice@example.test', role: 'Viewer' });
    const rows = await teamRows(seller.id);
    const emails = await database.db.email.count();

    expect(await trpcRefusalOf(as(owner).invite({ email: 'twice@example.test', role: 'Admin' }))).toMatchObject({ code: 'CONFLICT', apiCode: 'InvitationOpen' });
    expect(await trpcRefusalOf(as(owner).invite({ email: admin.email, role: 'Viewer' }))).toMatchObject({ code: 'CONFLICT', apiCode: 'AlreadyMember' });
    expect(await trpcRefusalOf(as(owner).invite({ email: 'not an address', role: 'Viewer' }))).toMatchObject({ code: 'BAD_REQUEST', apiCode: 'ValidationError' });
    expect(await teamRows(seller.id)).toEqual(rows);
    expect(await database.db.email.count()).toBe(emails);
  });

  it('an Admin may invite Admin, Developer, Support and Viewer but never Owner; a Developer may not invite at all', async () => {
    const { seller } = await team();
    const admin = await memberOf(seller.id, 'Admin');
    const developer = await memberOf(seller.id, 'Developer');
    for (const role of ['Admin', 'Developer', 'Support', 'Viewer'] as const) await as(admin).invite({ email: `${role.toLowerCase()}-by-admin@example.test`, role });
    const rows = await teamRows(seller.id);

    expect(await trpcRefusalOf(as(admin).invite({ email: 'owner-by-admin@example.test', role: 'Owner' }))).toMatchObject({ code: 'FORBIDDEN', apiCode: 'RoleForbidden' });
    expect(await trpcRefusalOf(as(developer).invite({ email: 'by-developer@example.test', role: 'Viewer' }))).toMatchObject({
      code: 'FORBIDDEN',
      apiCode: 'RoleForbidden',
      message: 'Your role (Developer) cannot invite, change or remove members; ask an Owner or Admin of the store.',
    });
    expect(await teamRows(seller.id)).toEqual(rows);
  });

  it('the link works 7 days: after them the invitation lists as expired, cannot be accepted, and a new invite of the address replaces it', async () => {
    const { seller, owner } = await team();
    const invitee = await person('late');
    const sent = await as(owner).invite({ email: invitee.email, role: 'Support' });
    const { token } = await invitationMailTo(invitee.email);
    // Seven days and a minute later.
    await database.db.sellerInvitation.update({ where: { id: sent.invitationId }, data: { sentAt: new Date(Date.now() - 7 * DAY_MS - 120_000), expiresAt: new Date(Date.now() - 60_000) } });

    expect((await as(null).invitation({ token })).state).toBe('expired');
    expect((await as(owner).invitations())[0]).toMatchObject({ id: sent.invitationId, state: 'expired' });
    expect(await trpcRefusalOf(as(invitee).acceptInvitation({ token }))).toMatchObject({ code: 'CONFLICT', apiCode: 'InvitationClosed' });
    expect(await database.db.sellerMember.count({ where: { sellerId: seller.id, accountId: invitee.accountId } })).toBe(0);

    const again = await as(owner).invite({ email: invitee.email, role: 'Viewer' });
    expect(again.invitationId).toBe(sent.invitationId);
    expect(await database.db.sellerInvitation.count({ where: { sellerId: seller.id } })).toBe(1);
    expect((await as(null).invitation({ token })).state).toBe('unknown');
  });
});

describe('resend and revoke', () => {
  it('a resend sends a new link with 7 new days, and the old link names nothing any more', async () => {
    const { owner } = await team();
    const invitee = await person('resent');
    const sent = await as(owner).invite({ email: invitee.email, role: 'Viewer' });
    const first = await invitationMailTo(invitee.email);
    await database.db.sellerInvitation.update({ where: { id: sent.invitationId }, data: { sentAt: new Date(Date.now() - 6 * DAY_MS), expiresAt: new Date(Date.now() + DAY_MS) } });

    const resent = await as(owner).resendInvitation({ invitationId: sent.invitationId });
    expect(resent.expiresAt.getTime()).toBeGreaterThan(Date.now() + 7 * DAY_MS - 5000);
    const second = await invitationMailTo(invitee.email, smtp.messages.indexOf(first.mail) + 1);
    expect(second.token).not.toBe(first.token);

    expect((await as(null).invitation({ token: first.token })).state).toBe('unknown');
    expect(await trpcRefusalOf(as(invitee).acceptInvitation({ token: first.token }))).toMatchObject({ code: 'NOT_FOUND', apiCode: 'NotFound' });
    expect((await as(null).invitation({ token: second.token })).state).toBe('open');
  });

  it('a revoked invitation says so on its link and cannot be accepted, resent or revoked again', async () => {
    const { seller, owner } = await team();
    const invitee = await person('revoked');
    const sent = await as(owner).invite({ email: invitee.email, role: 'Viewer' });
    const { token } = await invitationMailTo(invitee.email);
    await as(owner).revokeInvitation({ invitationId: sent.invitationId });
    const rows = await teamRows(seller.id);

    expect(await as(null).invitation({ token })).toMatchObject({ state: 'revoked', details: { revokedAt: expect.any(Date) } });
    expect(await trpcRefusalOf(as(invitee).acceptInvitation({ token }))).toMatchObject({ code: 'CONFLICT', apiCode: 'InvitationClosed' });
    expect(await trpcRefusalOf(as(owner).resendInvitation({ invitationId: sent.invitationId }))).toMatchObject({ apiCode: 'InvitationClosed' });
    expect(await trpcRefusalOf(as(owner).revokeInvitation({ invitationId: sent.invitationId }))).toMatchObject({ apiCode: 'InvitationClosed' });
    expect(await teamRows(seller.id)).toEqual(rows);
  });

  it('another seller’s invitation is NotFound to resend or revoke, and an Admin cannot revoke an invitation as Owner', async () => {
    const { seller, owner } = await team();
    const other = await team();
    const admin = await memberOf(seller.id, 'Admin');
    const ownerInvite = await as(owner).invite({ email: 'future-owner@example.test', role: 'Owner' });
    const rows = await teamRows(seller.id);
    expect(await trpcRefusalOf(as(other.owner).revokeInvitation({ invitationId: ownerInvite.invitationId }))).toMatchObject({ apiCode: 'NotFound' });
    expect(await trpcRefusalOf(as(other.owner).resendInvitation({ invitationId: ownerInvite.invitationId }))).toMatchObject({ apiCode: 'NotFound' });
    expect(await trpcRefusalOf(as(admin).revokeInvitation({ invitationId: ownerInvite.invitationId }))).toMatchObject({ apiCode: 'RoleForbidden' });
    expect(await teamRows(seller.id)).toEqual(rows);
  });
});

describe('accepting', () => {
  it('signed in with the invited address, accept makes the membership with the role and marks the invitation accepted; a second accept answers the same', async () => {
    const { seller, owner } = await team();
    const invitee = await person('accepts');
    // Through the process's own client, whose connections carry who acts to the audit triggers.
    const audited = (session: Session) => appRouter.createCaller({ db: db(), session }).team;
    const sent = await audited(owner).invite({ email: invitee.email, role: 'Support' });
    const { token } = await invitationMailTo(invitee.email);

    expect(await audited(invitee).acceptInvitation({ token })).toEqual({ sellerId: seller.id, role: 'Support' });
    expect(await as(invitee).acceptInvitation({ token })).toEqual({ sellerId: seller.id, role: 'Support' });
    expect(await database.db.sellerMember.findMany({ where: { sellerId: seller.id, accountId: invitee.accountId }, select: { role: true } })).toEqual([{ role: 'Support' }]);
    expect(await database.db.sellerInvitation.findUniqueOrThrow({ where: { id: sent.invitationId } })).toMatchObject({ acceptedAccountId: invitee.accountId, acceptedAt: expect.any(Date) });
    expect((await as(null).invitation({ token })).state).toBe('accepted');
    // The portal acts for the person as that role now.
    const me = await appRouter.createCaller({ db: database.db, session: invitee }).portal.me();
    expect(me).toMatchObject({ role: 'Support', seller: { id: seller.id } });
    // The seller's audit log has the invitation (the owner's doing) and the joining (the invitee's), never the address in its changes.
    const entries = await database.db.auditEntry.findMany({ where: { sellerId: seller.id }, orderBy: { sequence: 'asc' } });
    expect(entries.map((entry) => [entry.action, entry.actorLabel])).toEqual([
      ['invitation.created', owner.email],
      ['invitation.updated', invitee.email],
      ['member.created', invitee.email],
    ]);
    expect(JSON.stringify(entries.map((entry) => entry.changes))).not.toContain(invitee.email);
  });

  it('signed in with another address, accept is refused (InvitationForAnotherAddress) and nothing is made; signed out it is UNAUTHORIZED', async () => {
    const { seller, owner } = await team();
    const invitee = await person('invited');
    const stranger = await person('stranger');
    await as(owner).invite({ email: invitee.email, role: 'Admin' });
    const { token } = await invitationMailTo(invitee.email);
    const rows = await teamRows(seller.id);

    const refused = await trpcRefusalOf(as(stranger).acceptInvitation({ token }));
    expect(refused).toMatchObject({ code: 'FORBIDDEN', apiCode: 'InvitationForAnotherAddress' });
    expect(refused.message).toContain(invitee.email);
    expect(await trpcRefusalOf(as(null).acceptInvitation({ token }))).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await trpcRefusalOf(as(stranger).acceptInvitation({ token: 'no-such-token' }))).toMatchObject({ apiCode: 'NotFound' });
    expect(await teamRows(seller.id)).toEqual(rows);
  });

  it('a person who already sells keeps acting for their oldest membership after accepting another store', async () => {
    const first = await team();
    const { owner } = await team();
    await as(owner).invite({ email: first.owner.email, role: 'Viewer' });
    const { token } = await invitationMailTo(first.owner.email);
    await as(first.owner).acceptInvitation({ token });
    const me = await appRouter.createCaller({ db: database.db, session: first.owner }).portal.me();
    expect(me).toMatchObject({ role: 'Owner', seller: { id: first.seller.id } });
  });
});

describe('members', () => {
  it('lists the members with e-mail, role and since, the caller marked; a Viewer may read it', async () => {
    const { seller, owner } = await team();
    const viewer = await memberOf(seller.id, 'Viewer');
    const members = await as(viewer).members();
    expect(members.map((member) => [member.email, member.role, member.you])).toEqual([
      [owner.email, 'Owner', false],
      [viewer.email, 'Viewer', true],
    ]);
    expect(members[0]!.since).toBeInstanceOf(Date);
    expect(await trpcRefusalOf(as(viewer).changeRole({ memberId: owner.memberId, role: 'Viewer' }))).toMatchObject({ apiCode: 'RoleForbidden' });
  });

  it('an Admin changes and removes other roles but cannot change or remove an Owner nor make anyone Owner; nothing changes on refusal', async () => {
    const { seller, owner } = await team();
    const admin = await memberOf(seller.id, 'Admin');
    const developer = await memberOf(seller.id, 'Developer');
    expect(await as(admin).changeRole({ memberId: developer.memberId, role: 'Support' })).toEqual({ role: 'Support' });
    const rows = await teamRows(seller.id);

    expect(await trpcRefusalOf(as(admin).changeRole({ memberId: owner.memberId, role: 'Admin' }))).toMatchObject({ code: 'FORBIDDEN', apiCode: 'RoleForbidden' });
    expect(await trpcRefusalOf(as(admin).removeMember({ memberId: owner.memberId }))).toMatchObject({ code: 'FORBIDDEN', apiCode: 'RoleForbidden' });
    expect(await trpcRefusalOf(as(admin).changeRole({ memberId: developer.memberId, role: 'Owner' }))).toMatchObject({ code: 'FORBIDDEN', apiCode: 'RoleForbidden' });
    expect(await trpcRefusalOf(as(admin).transferOwnership({ memberId: developer.memberId }))).toMatchObject({ code: 'FORBIDDEN', apiCode: 'RoleForbidden' });
    expect(await teamRows(seller.id)).toEqual(rows);
  });

  it('the last Owner cannot be demoted, removed or leave (LastOwner); with a second Owner they can', async () => {
    const { seller, owner } = await team();
    const rows = await teamRows(seller.id);
    expect(await trpcRefusalOf(as(owner).changeRole({ memberId: owner.memberId, role: 'Admin' }))).toMatchObject({ code: 'CONFLICT', apiCode: 'LastOwner' });
    expect(await trpcRefusalOf(as(owner).removeMember({ memberId: owner.memberId }))).toMatchObject({ code: 'CONFLICT', apiCode: 'LastOwner' });
    expect(await trpcRefusalOf(as(owner).leave())).toMatchObject({ code: 'CONFLICT', apiCode: 'LastOwner' });
    expect(await teamRows(seller.id)).toEqual(rows);

    const second = await memberOf(seller.id, 'Owner', 'second-owner');
    await as(owner).leave();
    expect(await database.db.sellerMember.findMany({ where: { sellerId: seller.id }, select: { accountId: true, role: true } })).toEqual([{ accountId: second.accountId, role: 'Owner' }]);
  });

  it('the database keeps an Owner too: a change that would leave none is refused at its commit as LastOwner', async () => {
    const { seller, owner } = await team();
    const refused = await changeTeam(database.db, seller.id, (tx) => tx.sellerMember.delete({ where: { id: owner.memberId } })).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ code: 'LastOwner' });
    expect(await database.db.sellerMember.count({ where: { sellerId: seller.id, role: 'Owner' } })).toBe(1);
  });

  it('transfer ownership: the other member becomes Owner and the Owner Admin, in one step', async () => {
    const { seller, owner } = await team();
    const developer = await memberOf(seller.id, 'Developer');
    await as({ ...owner }).transferOwnership({ memberId: developer.memberId });
    expect(Object.fromEntries((await database.db.sellerMember.findMany({ where: { sellerId: seller.id } })).map((member) => [member.accountId, member.role]))).toEqual({
      [owner.accountId]: 'Admin',
      [developer.accountId]: 'Owner',
    });
    expect(await trpcRefusalOf(as(owner).transferOwnership({ memberId: developer.memberId }))).toMatchObject({ apiCode: 'RoleForbidden' });
  });

  it('removing a member ends their portal sessions in the same transaction (member_removed); other people’s sessions live on', async () => {
    const { seller, owner } = await team();
    const support = await memberOf(seller.id, 'Support');
    const lifetimeSeconds = 3600;
    const theirs = await Promise.all([1, 2].map(() => database.db.$transaction((tx) => startBrowserSession(tx, { accountId: support.accountId, lifetimeSeconds }))));
    const ownersSession = await database.db.$transaction((tx) => startBrowserSession(tx, { accountId: owner.accountId, lifetimeSeconds }));

    expect(await as(owner).removeMember({ memberId: support.memberId })).toEqual({ sessionsEnded: 2 });
    expect(await database.db.sellerMember.count({ where: { id: support.memberId } })).toBe(0);
    const ended = await database.db.browserSession.findMany({ where: { id: { in: theirs } } });
    expect(ended.map((session) => [session.endedAt instanceof Date, session.endReason])).toEqual([
      [true, 'member_removed'],
      [true, 'member_removed'],
    ]);
    expect(await database.db.browserSession.findUniqueOrThrow({ where: { id: ownersSession } })).toMatchObject({ endedAt: null, endReason: null });
  });

  it('leaving ends the leaver’s sessions too; a refused removal ends none', async () => {
    const { seller, owner } = await team();
    const admin = await memberOf(seller.id, 'Admin');
    const viewer = await memberOf(seller.id, 'Viewer');
    const ownerSession = await database.db.$transaction((tx) => startBrowserSession(tx, { accountId: owner.accountId, lifetimeSeconds: 3600 }));
    const viewerSession = await database.db.$transaction((tx) => startBrowserSession(tx, { accountId: viewer.accountId, lifetimeSeconds: 3600 }));

    expect(await trpcRefusalOf(as(admin).removeMember({ memberId: owner.memberId }))).toMatchObject({ apiCode: 'RoleForbidden' });
    expect(await database.db.browserSession.findUniqueOrThrow({ where: { id: ownerSession } })).toMatchObject({ endedAt: null });

    expect(await as(viewer).leave()).toEqual({ sessionsEnded: 1 });
    expect(await database.db.browserSession.findUniqueOrThrow({ where: { id: viewerSession } })).toMatchObject({ endReason: 'member_removed', endedAt: expect.any(Date) });
    expect(await database.db.sellerMember.count({ where: { id: viewer.memberId } })).toBe(0);
  });
});
