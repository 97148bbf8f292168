'use client';

import { signOutTo } from '@/app/components/sign-out';

export function SignOutButton() {
  return (
    <button type="button" onClick={() => signOutTo('/login')} className="text-sm text-slate-600 underline hover:text-slate-900">
      Sign out
    </button>
  );
}
