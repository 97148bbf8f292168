import Link from 'next/link';
import type { MemberPermission } from '@licensing/core';
import { kit } from '@/app/core';
import { portalMe } from '@/app/trpc-server';

// The portal's one way of following a member's role (docs/buyers-and-sellers.md "What each role sees"):
// a page asks `mayDo` whether to show a control, and puts one `RoleNotice` where the controls the
// role lacks would be. The procedures refuse the same members on their own; this only spares a
// member the forms they cannot send.

/** Whether the signed-in member's role holds `permission` (portal.me's permissions; per request, cached). */
export async function mayDo(permission: MemberPermission): Promise<boolean> {
  return (await portalMe())?.permissions.includes(permission) ?? false;
}

type RoleNoticeProps = {
  /** What the hidden controls need; with several, the notice names the first the role lacks. */
  needs: MemberPermission | MemberPermission[];
  /** A page that exists only for what the role lacks: the notice is the page, under this heading. */
  page?: string;
  /** Where to go instead (with `page`). */
  back?: { href: string; label: string };
};

/** The polite "your role cannot …; ask …" notice, or nothing when the role holds every permission in `needs`. */
export async function RoleNotice({ needs, page, back }: RoleNoticeProps) {
  const me = await portalMe();
  if (!me?.role) return null;
  const lacking = [needs].flat().find((permission) => !me.permissions.includes(permission));
  if (!lacking) return null;
  const sentence = kit.roleRefusal(me.role, lacking);
  const notice = (
    <p data-testid="role-notice" className="max-w-2xl rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950">
      {sentence}
    </p>
  );
  if (!page) return notice;
  return (
    <section className="space-y-4" aria-labelledby="role-notice-heading">
      <h1 id="role-notice-heading" className="text-3xl font-bold tracking-tight">
        {page}
      </h1>
      {notice}
      {back && (
        <p>
          <Link href={back.href} className="font-medium text-indigo-700 underline">
            {back.label}
          </Link>
        </p>
      )}
    </section>
  );
}
