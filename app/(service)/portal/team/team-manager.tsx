'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import { useRefetchAfterChange } from '@/app/refetch-after-change';
import { useTRPC } from '@/app/trpc-provider';
import { buttonSecondary } from '@/app/components/buttons';
import { LoadFailure } from '@/app/components/load-failure';
import { ConfirmRevoke } from '@/app/components/confirm-revoke';
import { signOutTo } from '@/app/components/sign-out';
import { FormattedDate, FormattedDateTime } from '@/app/components/formatted';
import { ROLE_SUMMARIES, SELLER_ROLES } from '@/server/entry/shared';

type Role = (typeof SELLER_ROLES)[number];

/** The roles as the selects offer them (README "Roles" says what each may do), most powerful first. */
const ROLES: { role: Role; does: string }[] = SELLER_ROLES.map((role) => ({ role, does: ROLE_SUMMARIES[role] }));

const buttonPrimary =
  'rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-500 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-60';
const select = 'max-w-full rounded-md border border-slate-300 bg-white px-3 py-2 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200';

interface TeamManagerProps {
  /** The signed-in member's role, and what it lets them do (portal.me's permissions). */
  role: Role;
  mayWrite: boolean;
  mayTransfer: boolean;
}

/** The roles this member may grant: an Owner any, an Admin any but Owner, others none. */
const grantable = (role: Role) => (role === 'Owner' ? ROLES : role === 'Admin' ? ROLES.filter((entry) => entry.role !== 'Owner') : []);

export function TeamManager(props: TeamManagerProps) {
  return (
    <div className="space-y-10">
      <Members {...props} />
      {props.mayWrite && <InviteForm role={props.role} />}
      <Invitations {...props} />
      {props.mayTransfer && <TransferOwnership />}
      <LeaveStore />
    </div>
  );
}

function Members({ role, mayWrite }: TeamManagerProps) {
  const trpc = useTRPC();
  const members = useQuery(trpc.team.members.queryOptions());
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} aria-busy={members.isPending} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold">
        Members
      </h2>
      {members.isPending && <p className="text-slate-600">Loading members…</p>}
      {members.isError && <LoadFailure what="the members" message={members.error.message} retry={() => void members.refetch()} />}
      {members.isSuccess && (
        <ul aria-label="Members" className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white shadow-sm">
          {members.data.map((member) => (
            <MemberRow key={member.id} member={member} actorRole={role} mayWrite={mayWrite} />
          ))}
        </ul>
      )}
    </section>
  );
}

interface ListedMember {
  id: string;
  email: string;
  role: Role;
  since: Date;
  you: boolean;
}

function MemberRow({ member, actorRole, mayWrite }: { member: ListedMember; actorRole: Role; mayWrite: boolean }) {
  const trpc = useTRPC();
  const refetchAfterChange = useRefetchAfterChange();
  const selectId = useId();
  const refresh = () => refetchAfterChange(trpc.team.members.queryKey());
  const changeRole = useMutation(trpc.team.changeRole.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.team.removeMember.mutationOptions({ onSuccess: refresh }));
  // Only an Owner changes or removes an Owner; one's own row is left to "Leave the store".
  const mayTouch = mayWrite && !member.you && (member.role !== 'Owner' || actorRole === 'Owner');
  const roles = grantable(actorRole);

  return (
    <li data-testid="member-row" className="flex flex-col gap-3 p-4 text-sm md:flex-row md:items-center md:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="font-medium [overflow-wrap:anywhere]">
          {member.email}
          {member.you && <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal text-slate-700">you</span>}
        </p>
        <p className="text-slate-600">
          Member since <FormattedDate value={member.since} />
        </p>
      </div>
      <div className="flex min-w-0 flex-wrap items-center gap-3">
        {mayTouch ? (
          <>
            <label htmlFor={selectId} className="sr-only">
              Role of {member.email}
            </label>
            <select
              id={selectId}
              value={member.role}
              disabled={changeRole.isPending}
              onChange={(event) => changeRole.mutate({ memberId: member.id, role: event.target.value as Role })}
              className={select}
            >
              {roles.map((entry) => (
                <option key={entry.role} value={entry.role}>
                  {entry.role}
                </option>
              ))}
            </select>
            <ConfirmRevoke
              name={member.email}
              action="Remove"
              busyText="Removing…"
              failure="Could not remove"
              question={<>Remove {member.email} from the store? They are signed out of the portal at once.</>}
              confirmText="Remove member"
              busy={remove.isPending}
              error={remove.error?.message ?? null}
              onConfirm={() => remove.mutate({ memberId: member.id })}
              onCancel={() => remove.reset()}
            />
          </>
        ) : (
          <span data-testid="member-role" className="font-medium">
            {member.role}
          </span>
        )}
      </div>
      {changeRole.error && (
        <p role="alert" className="text-sm text-red-700 md:basis-full">
          Could not change the role: {changeRole.error.message}
        </p>
      )}
    </li>
  );
}

function InviteForm({ role }: { role: Role }) {
  const trpc = useTRPC();
  const refetchAfterChange = useRefetchAfterChange();
  const roles = grantable(role);
  const [email, setEmail] = useState('');
  const [invitedRole, setInvitedRole] = useState<Role>('Viewer');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const id = useId();
  const invite = useMutation(
    trpc.team.invite.mutationOptions({
      onSuccess: async (sent) => {
        setEmail('');
        setSentTo(sent.email);
        await refetchAfterChange(trpc.team.invitations.queryKey());
      },
    }),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (email.trim() === '' || invite.isPending) return;
    setSentTo(null);
    invite.mutate({ email: email.trim(), role: invitedRole });
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Invite a person
      </h2>
      <form onSubmit={submit} className="mt-3 flex flex-col gap-4 md:flex-row md:items-end">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor={`${id}-email`} className="text-sm font-medium text-slate-700">
            E-mail address
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            className="rounded-md border border-slate-300 px-3 py-2 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200"
          />
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={`${id}-role`} className="text-sm font-medium text-slate-700">
            Role
          </label>
          <select id={`${id}-role`} value={invitedRole} onChange={(event) => setInvitedRole(event.target.value as Role)} className={select}>
            {roles.map((entry) => (
              <option key={entry.role} value={entry.role}>
                {entry.role}: {entry.does}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonPrimary} disabled={invite.isPending || email.trim() === ''}>
          {invite.isPending ? 'Sending…' : 'Send invitation'}
        </button>
      </form>
      {sentTo && (
        <p role="status" className="mt-3 text-sm text-emerald-800">
          Invitation sent to <span className="[overflow-wrap:anywhere]">{sentTo}</span>. The link works for 7 days.
        </p>
      )}
      {invite.error && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          Could not invite: {invite.error.message}
        </p>
      )}
    </section>
  );
}

const STATE_TEXT = { open: 'Open', expired: 'Expired', accepted: 'Accepted', revoked: 'Revoked' } as const;

function Invitations({ role, mayWrite }: TeamManagerProps) {
  const trpc = useTRPC();
  const invitations = useQuery(trpc.team.invitations.queryOptions());
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} aria-busy={invitations.isPending} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold">
        Invitations
      </h2>
      {invitations.isPending && <p className="text-slate-600">Loading invitations…</p>}
      {invitations.isError && <LoadFailure what="the invitations" message={invitations.error.message} retry={() => void invitations.refetch()} />}
      {invitations.isSuccess && invitations.data.length === 0 && (
        <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-slate-600">No invitations yet.</p>
      )}
      {invitations.isSuccess && invitations.data.length > 0 && (
        <ul aria-label="Invitations" className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white shadow-sm">
          {invitations.data.map((invitation) => (
            <InvitationRow key={invitation.id} invitation={invitation} mayChange={mayWrite && (invitation.role !== 'Owner' || role === 'Owner')} />
          ))}
        </ul>
      )}
    </section>
  );
}

interface ListedInvitation {
  id: string;
  email: string;
  role: Role;
  state: keyof typeof STATE_TEXT;
  invitedBy: string;
  sentAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
}

function InvitationRow({ invitation, mayChange }: { invitation: ListedInvitation; mayChange: boolean }) {
  const trpc = useTRPC();
  const refetchAfterChange = useRefetchAfterChange();
  const refresh = () => refetchAfterChange(trpc.team.invitations.queryKey(), trpc.team.members.queryKey());
  const resend = useMutation(trpc.team.resendInvitation.mutationOptions({ onSuccess: refresh }));
  const revoke = useMutation(trpc.team.revokeInvitation.mutationOptions({ onSuccess: refresh }));
  const changeable = mayChange && (invitation.state === 'open' || invitation.state === 'expired');

  return (
    <li data-testid="invitation-row" data-state={invitation.state} className="flex flex-col gap-3 p-4 text-sm md:flex-row md:items-center md:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="font-medium [overflow-wrap:anywhere]">
          {invitation.email} <span className="font-normal text-slate-600">as {invitation.role}</span>
        </p>
        <p className="text-slate-600">
          <span data-testid="invitation-state" className="font-medium text-slate-800">
            {STATE_TEXT[invitation.state]}
          </span>
          {' · '}
          {invitation.state === 'accepted' && invitation.acceptedAt && (
            <>
              accepted <FormattedDateTime value={invitation.acceptedAt} />
            </>
          )}
          {invitation.state === 'revoked' && invitation.revokedAt && (
            <>
              revoked <FormattedDateTime value={invitation.revokedAt} />
            </>
          )}
          {invitation.state === 'open' && (
            <>
              sent <FormattedDateTime value={invitation.sentAt} />, works until <FormattedDateTime value={invitation.expiresAt} />
            </>
          )}
          {invitation.state === 'expired' && (
            <>
              expired <FormattedDateTime value={invitation.expiresAt} />
            </>
          )}
          <span className="[overflow-wrap:anywhere]"> · by {invitation.invitedBy}</span>
        </p>
      </div>
      {changeable && (
        <div className="flex min-w-0 flex-wrap items-start gap-3">
          <button type="button" className={buttonSecondary} disabled={resend.isPending} onClick={() => resend.mutate({ invitationId: invitation.id })}>
            {resend.isPending ? 'Sending…' : 'Resend'}
            <span className="sr-only"> the invitation to {invitation.email}</span>
          </button>
          <ConfirmRevoke
            name={`the invitation to ${invitation.email}`}
            question={<>Revoke the invitation to {invitation.email}? Its link stops working at once.</>}
            confirmText="Revoke invitation"
            busy={revoke.isPending}
            error={revoke.error?.message ?? null}
            onConfirm={() => revoke.mutate({ invitationId: invitation.id })}
            onCancel={() => revoke.reset()}
          />
        </div>
      )}
      {resend.isSuccess && (
        <p role="status" className="text-sm text-emerald-800 md:basis-full">
          Sent again with a new link; the old link no longer works.
        </p>
      )}
      {resend.error && (
        <p role="alert" className="text-sm text-red-700 md:basis-full">
          Could not resend: {resend.error.message}
        </p>
      )}
    </li>
  );
}

function TransferOwnership() {
  const trpc = useTRPC();
  const refetchAfterChange = useRefetchAfterChange();
  const members = useQuery(trpc.team.members.queryOptions());
  const router = useRouter();
  const [memberId, setMemberId] = useState('');
  const id = useId();
  const transfer = useMutation(
    trpc.team.transferOwnership.mutationOptions({
      onSuccess: async () => {
        await refetchAfterChange(trpc.team.members.queryKey());
        // The page's controls follow the role, which is Admin now.
        router.refresh();
      },
    }),
  );
  const others = members.data?.filter((member) => !member.you) ?? [];
  const chosen = others.find((member) => member.id === memberId);

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Transfer ownership
      </h2>
      <p className="text-sm text-slate-600">The member you choose becomes Owner, and you become Admin.</p>
      {others.length === 0 ? (
        <p className="text-sm text-slate-600">Invite someone first: there is no other member to hand the store to.</p>
      ) : (
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex min-w-0 flex-col gap-1">
            <label htmlFor={`${id}-member`} className="text-sm font-medium text-slate-700">
              New Owner
            </label>
            <select id={`${id}-member`} value={memberId} onChange={(event) => setMemberId(event.target.value)} className={select}>
              <option value="">Choose a member</option>
              {others.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.email} ({member.role})
                </option>
              ))}
            </select>
          </div>
          {chosen && (
            <ConfirmRevoke
              name={chosen.email}
              action="Transfer"
              busyText="Transferring…"
              failure="Could not transfer"
              question={<>Make {chosen.email} the Owner? You become Admin.</>}
              confirmText="Transfer ownership"
              busy={transfer.isPending}
              error={transfer.error?.message ?? null}
              onConfirm={() => transfer.mutate({ memberId: chosen.id })}
              onCancel={() => transfer.reset()}
            />
          )}
        </div>
      )}
    </section>
  );
}

function LeaveStore() {
  const trpc = useTRPC();
  const leave = useMutation(
    trpc.team.leave.mutationOptions({
      // Leaving ended this person's portal sessions; the cookie goes too, and they sign in again from the start.
      onSuccess: () => signOutTo('/login'),
    }),
  );
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Leave the store
      </h2>
      <p className="text-sm text-slate-600">You lose access to this store’s portal and are signed out everywhere. The last Owner cannot leave.</p>
      <ConfirmRevoke
        name="the store"
        action="Leave"
        busyText="Leaving…"
        failure="Could not leave"
        question={<>Leave this store? Someone must invite you again to come back.</>}
        confirmText="Leave the store"
        busy={leave.isPending}
        error={leave.error?.message ?? null}
        onConfirm={() => leave.mutate()}
        onCancel={() => leave.reset()}
      />
    </section>
  );
}

