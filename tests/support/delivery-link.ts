import type { Page } from 'playwright-core';
import type { TestSmtpServer } from './smtp';

/**
 * A guest who paid proves their address: the delivery e-mail's "Show your license codes" link,
 * opened in `page` and continued, signs them in and lands on the purchase's codes. Returns the link.
 */
export async function continueWithDeliveryLink(page: Page, smtp: TestSmtpServer, input: { baseUrl: string; email: string; offeringName: string }): Promise<string> {
  const mail = await smtp.waitForMail((candidate) => candidate.to.includes(input.email) && candidate.subject.startsWith(`Your ${input.offeringName} license`));
  const link = new RegExp(`${input.baseUrl}/login/link/[A-Za-z0-9_-]+`).exec(mail.html)![0];
  await page.goto(link);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((current) => current.pathname === '/licenses' && current.searchParams.has('session'));
  return link;
}
