import { Text } from '@react-email/components';
import { EmailLayout, mutedParagraphStyle, paragraphStyle } from './layout';

export interface LicenseCodeEmailProps {
  offeringName: string;
  sellerName: string;
  /** The seller's label of the code (the machine or person it is for). */
  label: string;
  code: string;
}

const codeStyle = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: '12px', wordBreak: 'break-all' as const, backgroundColor: '#f1f5f9', padding: '12px', borderRadius: '6px' };

/** A license code the seller issued for the customer, sent from the seller's license page. */
export function LicenseCodeEmail({ offeringName, sellerName, label, code }: LicenseCodeEmailProps) {
  return (
    <EmailLayout preview={`A license code for ${offeringName}`} heading="Your new license code">
      <Text style={paragraphStyle}>
        {sellerName} issued a license code for {offeringName} ({label}). Enter it in the app when it asks for one:
      </Text>
      <Text style={codeStyle}>{code}</Text>
      <Text style={mutedParagraphStyle}>Treat it like a password: anyone who has it can use this seat. If you did not expect it, tell {sellerName}.</Text>
    </EmailLayout>
  );
}

LicenseCodeEmail.PreviewProps = { offeringName: 'Pro Monthly', sellerName: 'Demo Studio Team', label: 'Ada’s laptop', code: 'SVC_LIC_eyJhbGciOiJFUzI1NiIs…' } satisfies LicenseCodeEmailProps;
