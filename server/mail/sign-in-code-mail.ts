import { createElement } from 'react';
import type { Db } from '../db';
import { sendEmail, type SendEmailResult } from './send-email';

const SIGN_IN_CODE_EMAIL_KIND = 'sign-in-code';

export interface SendSignInCodeEmailInput {
  to: string;
  code: string;
  expiresInMinutes: number;
  /** A guest checkout's code names what it buys, so the e-mail says why it came. */
  purchase?: SignInCodePurchase;
}

export interface SignInCodePurchase {
  offeringName: string;
  storeName: string;
}

/** The one-time code of a sign-in (portal, guest checkout or native authentication), e-mailed to the address signing in. */
export async function sendSignInCodeEmail(ctx: { db: Db }, input: SendSignInCodeEmailInput): Promise<SendEmailResult> {
  const { SignInCodeEmail } = await import('../../emails/sign-in-code');
  return sendEmail(ctx, {
    to: input.to,
    kind: SIGN_IN_CODE_EMAIL_KIND,
    // Not in the subject: the code is a secret, and the subject is kept on the row (and shown in mail lists).
    subject: input.purchase ? `Your code to buy ${input.purchase.offeringName}` : 'Your sign-in code',
    template: createElement(SignInCodeEmail, { code: input.code, expiresInMinutes: input.expiresInMinutes, purchase: input.purchase }),
  });
}
