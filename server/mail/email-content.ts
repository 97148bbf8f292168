import { z } from 'zod';
import { open, seal } from '../crypto/secret-box';

/** The secret box's purpose for rendered e-mail bodies waiting in the deliver-email job's data. */
export const EMAIL_CONTENT_SEAL_PURPOSE = 'email-content';

/** A rendered body: it may carry a sign-in code or a claim link, so it is kept only sealed. */
export interface EmailContent {
  html: string;
  text: string;
}

const emailContentSchema = z.object({ html: z.string(), text: z.string() });

export function sealEmailContent(content: EmailContent): string {
  return seal(EMAIL_CONTENT_SEAL_PURPOSE, JSON.stringify({ html: content.html, text: content.text }));
}

/** Throws (SecretBoxError) when the value does not open under APP_SECRET or APP_SECRET_PREVIOUS. */
export function openEmailContent(sealed: string): EmailContent {
  return emailContentSchema.parse(JSON.parse(open(EMAIL_CONTENT_SEAL_PURPOSE, sealed)));
}
