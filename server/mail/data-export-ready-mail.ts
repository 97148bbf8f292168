import { createElement } from 'react';
import type { Tx } from '../db';
import { env } from '../env';
import { formatEmailDate } from './email-date';
import { recordEmail, type SendEmailResult } from './send-email';

const DATA_EXPORT_READY_EMAIL_KIND = 'data-export-ready';

/** The requester's e-mail that their data export is ready, recorded in the transaction that makes it Ready; delivered after the commit. */
export async function recordDataExportReadyEmail(db: Tx, input: { to: string; storeName: string; expiresAt: Date }): Promise<SendEmailResult> {
  const { DataExportReadyEmail } = await import('../../emails/data-export-ready');
  return recordEmail(db, {
    to: input.to,
    kind: DATA_EXPORT_READY_EMAIL_KIND,
    subject: `Your export of ${input.storeName}'s data is ready`,
    template: createElement(DataExportReadyEmail, { storeName: input.storeName, exportPageUrl: `${env().publicBaseUrl}/portal/export`, keptUntil: formatEmailDate(input.expiresAt) }),
  });
}
