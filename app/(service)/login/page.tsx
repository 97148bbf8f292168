import type { Metadata } from 'next';
import Link from 'next/link';
import { EmailCodeSignIn } from '@/app/components/email-code-sign-in';

export const metadata: Metadata = { title: 'Sign in' };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string; email?: string }> }) {
  const { callbackUrl, email } = await searchParams;
  // Only same-site paths: a sign-in link must not send the person elsewhere. Asked for nothing, a
  // buyer lands on their licenses and a seller on the portal (/home decides once signed in).
  const target = callbackUrl?.startsWith('/') && !callbackUrl.startsWith('//') ? callbackUrl : '/home';
  return (
    <div className="space-y-4">
      <EmailCodeSignIn
        title="Sign in"
        intro="No password: we e-mail you a one-time code. Buyers and sellers sign in the same way."
        submitLabel="Sign in"
        callbackUrl={target}
        defaultEmail={typeof email === 'string' && email.length <= 254 ? email : undefined}
      />
      <p className="text-center text-sm text-slate-600">
        Selling software? <Link href="/register" className="text-indigo-700 underline">Register as a seller</Link>
      </p>
    </div>
  );
}
