'use client';

import { useRouter } from 'next/navigation';
import { ShownOnceSecret } from '@/app/components/shown-once-secret';

/** The license code of the purchase just made: copy it now; the app that bought it keeps its own. */
export function LicenseCodeBox({ code, offeringName }: { code: string; offeringName: string }) {
  const router = useRouter();
  return (
    <ShownOnceSecret
      heading="Your license code — shown here once; keep it in a safe place"
      fieldLabel="License code"
      value={code}
      testId="license-code-box"
      valueTestId="license-code"
      onDismiss={() => router.replace('/licenses')}
    >
      The license code for <span className="font-medium">{offeringName}</span>. Enter it in the app if it asks for one. Treat it like a password: anyone who
      has it can use your license.
    </ShownOnceSecret>
  );
}
