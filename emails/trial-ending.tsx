import { Text } from '@react-email/components';
import { EmailAction, EmailLayout, mutedParagraphStyle, paragraphStyle } from './layout';

export interface TrialEndingEmailProps {
  offeringName: string;
  sellerName: string;
  /** When the days free end, as the buyer reads it. */
  endsOn: string;
  /** What is billed then ("$45.00 / month"). */
  priceLine: string;
  licensePageUrl: string;
}

/** A few days before a free trial converts: when, and what will be billed. */
export function TrialEndingEmail({ offeringName, sellerName, endsOn, priceLine, licensePageUrl }: TrialEndingEmailProps) {
  return (
    <EmailLayout preview={`Your ${offeringName} trial ends on ${endsOn}`} heading="Your free trial ends soon">
      <Text style={paragraphStyle}>
        Your free trial of {offeringName} from {sellerName} ends on {endsOn}. From then on you are billed {priceLine}, and the license keeps working.
      </Text>
      <Text style={paragraphStyle}>Nothing to do if you keep it. To stop before you are billed, cancel the subscription from your licenses.</Text>
      <EmailAction href={licensePageUrl} label="Open your licenses" />
      <Text style={mutedParagraphStyle}>Questions about the subscription go to {sellerName}.</Text>
    </EmailLayout>
  );
}

TrialEndingEmail.PreviewProps = { offeringName: 'Team Monthly', sellerName: 'Demo Studio Team', endsOn: '11 December 2026', priceLine: '$45.00 / month', licensePageUrl: 'http://localhost:3000/licenses#license-0195f0c2-demo' } satisfies TrialEndingEmailProps;
