import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { api } from '@/app/trpc-server';
import type { OutboxEmail, RecordedEmailStatus } from '@licensing/core';
import { FormattedDateTime } from '@/app/components/formatted';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Dev outbox', robots: { index: false, follow: false } };

const NEWEST_EMAIL_COUNT = 50;

const statusBadgeClass: Record<RecordedEmailStatus, string> = {
  outbox: 'bg-indigo-50 text-indigo-800 ring-indigo-200',
  sent: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
  queued: 'bg-amber-50 text-amber-800 ring-amber-200',
  withheld: 'bg-slate-100 text-slate-700 ring-slate-300',
};

export default async function DevOutboxPage() {
  // The layout refuses first (a real 404); checked again here (and by the procedure) so the page never renders without it.
  const access = await api.devOutbox.access();
  if (!access.readable) notFound();

  const emails = await api.devOutbox.list({ limit: NEWEST_EMAIL_COUNT });

  return (
    <div className="space-y-8">
      <header className="space-y-2">
        <p className="text-sm uppercase tracking-wide text-slate-500">Operator</p>
        <h1 className="text-3xl font-bold tracking-tight">Dev outbox</h1>
        <p className="max-w-3xl text-slate-600">
          {access.delivers
            ? 'SMTP_URL is set, so e-mails are delivered over SMTP; this page still lists the newest e-mails the service recorded, with their delivery status. Their bodies are not kept: they carry sign-in codes and claim links.'
            : 'SMTP_URL is not set, so the e-mails the service sends (sign-in codes, claim links) are kept here instead of being delivered. Newest first.'}
        </p>
      </header>

      {emails.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          No e-mails yet. Sign in or claim a free offering and the e-mail appears here.
        </p>
      ) : (
        <ol className="space-y-4" aria-label="E-mails, newest first">
          {emails.map((email) => (
            <OutboxEntry key={email.id} email={email} />
          ))}
        </ol>
      )}
    </div>
  );
}

function OutboxEntry({ email }: { email: OutboxEmail }) {
  const headingId = `email-${email.id}`;
  return (
    <li data-testid="outbox-email">
      <article aria-labelledby={headingId} className="space-y-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2 id={headingId} className="text-lg font-semibold break-words">
            {email.subject}
          </h2>
          <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${statusBadgeClass[email.status]}`}>
            {email.status}
          </span>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-500">To</dt>
          <dd className="break-all">{email.to}</dd>
          <dt className="text-slate-500">Kind</dt>
          <dd>{email.kind}</dd>
          <dt className="text-slate-500">Time</dt>
          <dd>
            <FormattedDateTime value={email.createdAt} />
          </dd>
          {email.error && (
            <>
              <dt className="text-slate-500">{email.status === 'withheld' ? 'Why' : 'Error'}</dt>
              <dd className={email.status === 'withheld' ? 'text-slate-700' : 'text-red-700'}>{email.error}</dd>
            </>
          )}
        </dl>
        {email.status === 'withheld' ? (
          <p className="text-sm text-slate-500">Not delivered: the address reached the limit of this kind of e-mail, so nothing was sent and no body was kept.</p>
        ) : email.text === null ? (
          <p className="text-sm text-slate-500">Body not kept: e-mails delivered over SMTP keep no copy of what they carry.</p>
        ) : (
          <pre className="overflow-x-auto rounded bg-slate-50 p-4 text-sm whitespace-pre-wrap text-slate-800">{email.text}</pre>
        )}
        {email.html !== null && (
          <details>
            <summary className="cursor-pointer text-sm text-indigo-700 underline">Show the HTML version</summary>
            {/* Sandboxed with no permissions: the HTML is shown as the recipient would see it, and runs nothing. */}
            <iframe
              sandbox=""
              srcDoc={email.html}
              title={`HTML version of “${email.subject}”`}
              className="mt-3 h-[32rem] w-full rounded border border-slate-200 bg-white"
            />
          </details>
        )}
      </article>
    </li>
  );
}
