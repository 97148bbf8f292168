import { createElement } from 'react';
import type { WebhookEndpoint } from '@/generated/prisma/client';
import { storefrontName } from '../../catalog/seller-profile';
import type { Tx } from '../../db';
import { env } from '../../env';
import { formatEmailDate } from '../../mail/email-date';
import { recordEmail } from '../../mail/send-email';

const ENDPOINT_DISABLED_EMAIL_KIND = 'webhook-endpoint-disabled';

/** Tells every member of the seller that the endpoint was disabled; recorded in the transaction that disables it. */
export async function recordEndpointDisabledEmails(tx: Tx, endpoint: WebhookEndpoint, input: { failingSince: Date; lastError: string }): Promise<number> {
  const seller = await tx.seller.findUniqueOrThrow({ where: { id: endpoint.sellerId }, include: { members: { include: { account: { select: { email: true } } } } } });
  const { WebhookEndpointDisabledEmail } = await import('../../../emails/webhook-endpoint-disabled');
  for (const member of seller.members) {
    await recordEmail(tx, {
      to: member.account.email,
      kind: ENDPOINT_DISABLED_EMAIL_KIND,
      subject: `Webhooks to ${new URL(endpoint.url).host} were disabled`,
      template: createElement(WebhookEndpointDisabledEmail, {
        storeName: storefrontName(seller),
        url: endpoint.url,
        failingSince: formatEmailDate(input.failingSince),
        lastError: input.lastError,
        webhooksUrl: `${env().publicBaseUrl}/portal/webhooks`,
      }),
    });
  }
  return seller.members.length;
}
