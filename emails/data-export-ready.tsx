import { Link, Text } from '@react-email/components';
import { EmailLayout, mutedParagraphStyle, paragraphStyle } from './layout';

export interface DataExportReadyEmailProps {
  storeName: string;
  /** Where the portal lists the export and its download. */
  exportPageUrl: string;
  /** The last day the file can be downloaded, as e-mails write dates ("26 November 2026"). */
  keptUntil: string;
}

/** To the member who asked for a data export, once its ZIP is ready. */
export function DataExportReadyEmail({ storeName, exportPageUrl, keptUntil }: DataExportReadyEmailProps) {
  return (
    <EmailLayout preview={`The data export of ${storeName} is ready`} heading="Your export is ready">
      <Text style={paragraphStyle}>
        The export of {storeName}&apos;s data you asked for is ready: a ZIP of CSV files with the catalog, customers, licenses, orders and usage per day.
      </Text>
      <Text style={paragraphStyle}>
        Download it from the portal (sign in as yourself): <Link href={exportPageUrl}>{exportPageUrl}</Link>
      </Text>
      <Text style={mutedParagraphStyle}>The file is kept until {keptUntil}, then deleted. You can request a new export at any time.</Text>
    </EmailLayout>
  );
}

DataExportReadyEmail.PreviewProps = { storeName: 'Demo Studio Team', exportPageUrl: 'http://localhost:3000/portal/export', keptUntil: '26 November 2026' } satisfies DataExportReadyEmailProps;
