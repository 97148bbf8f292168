import type { Metadata } from 'next';
import Link from 'next/link';
import { RegisterForm } from './register-form';

export const metadata: Metadata = { title: 'Register as a seller' };

export default function RegisterPage() {
  return (
    <div className="space-y-4">
      <RegisterForm />
      <p className="text-center text-sm text-slate-600">
        Already registered? <Link href="/login" className="text-indigo-700 underline">Sign in</Link>
      </p>
    </div>
  );
}
