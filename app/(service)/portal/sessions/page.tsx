import type { Metadata } from 'next';
import { SessionsManager } from './sessions-manager';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Your sessions' };

// Sign-in is checked by the portal layout; every person, seller or not, has their own sessions.
export default function SessionsPage() {
  return (
    <div className="space-y-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">Your sessions</h1>
        <p className="max-w-2xl text-slate-600">
          Each browser you signed in with. Sign out one you do not recognise, or every one but this: it is signed out at its
          next request, everywhere.
        </p>
      </header>
      <SessionsManager />
    </div>
  );
}
