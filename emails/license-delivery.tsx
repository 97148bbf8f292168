import { Link, Text } from '@react-email/components';
import { EmailAction, EmailLayout, mutedParagraphStyle, paragraphStyle } from './layout';

export interface LicenseDeliveryEmailProps {
  offeringName: string;
  sellerName: string;
  licensePageUrl: string;
  receiptUrl: string;
}

/** After a paid checkout: where the buyer finds the license (spec "Events": the delivery e-mail). */
export function LicenseDeliveryEmail({ offeringName, sellerName, licensePageUrl, receiptUrl }: LicenseDeliveryEmailProps) {
  return (
    <EmailLayout preview={`Your ${offeringName} license is ready`} heading="Your license is ready">
      <Text style={paragraphStyle}>
        Thank you for your purchase of {offeringName} from {sellerName}. Your license is active.
      </Text>
      <EmailAction href={licensePageUrl} label="Open your licenses" withAddress />
      <Text style={paragraphStyle}>
        Your receipt, with the order number and what you paid: <Link href={receiptUrl}>{receiptUrl}</Link>
      </Text>
      <Text style={mutedParagraphStyle}>Sign in with this e-mail address to see the license, its features and its license codes.</Text>
    </EmailLayout>
  );
}

LicenseDeliveryEmail.PreviewProps = { offeringName: 'Pro Monthly', sellerName: 'Demo Studio Team', licensePageUrl: 'http://localhost:3000/licenses#license-0195f0c2-demo', receiptUrl: 'http://localhost:3000/orders/0195f0c2-demo' } satisfies LicenseDeliveryEmailProps;
