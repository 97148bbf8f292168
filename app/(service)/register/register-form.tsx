'use client';

import { EmailCodeSignIn, fieldClass } from '@/app/components/email-code-sign-in';
import { formText } from '@/app/components/form-text';

export function RegisterForm() {
  return (
    <EmailCodeSignIn
      title="Register as a seller"
      intro="Tell us who you are; we e-mail you a code to confirm your address. You choose your store's name, logo and storefront address next."
      submitLabel="Create my seller account"
      callbackUrl="/portal/settings?registered=1"
      extraFields={
        <>
          <label className="block text-sm font-medium">
            Legal name
            <input name="legalName" autoComplete="organization" maxLength={200} className={fieldClass} />
          </label>
          <label className="block text-sm font-medium">
            Contact name
            <input name="contactName" autoComplete="name" maxLength={200} className={fieldClass} />
          </label>
        </>
      }
      collectExtra={(form) => ({ register: 'true', legalName: formText(form, 'legalName').trim(), contactName: formText(form, 'contactName').trim() })}
      validate={(extra) => (extra.legalName || extra.contactName ? null : 'Enter a legal name or a contact name.')}
    />
  );
}
