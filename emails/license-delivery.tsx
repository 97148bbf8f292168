import { Link, Text } from '@react-email/components';
import { EmailAction, EmailLayout, mutedParagraphStyle, paragraphStyle } from './layout';

export interface LicenseDeliveryEmailProps {
  offeringName: string;
  sellerName: string;
  /** A sign-in link (single use, an hour) straight to the license codes. */
  codesUrl: string;
  /** Where to download the product (the seller's links), if it has any. */
  downloads: { platform: string; url: string }[];
  licensePageUrl: string;
  receiptUrl: string;
}

/** After a paid checkout: where the buyer finds the license (spec "Events": the delivery e-mail). */
export function LicenseDeliveryEmail({ offeringName, sellerName, codesUrl, downloads, licensePageUrl, receiptUrl }: LicenseDeliveryEmailProps) {
  return (
    <EmailLayout preview={`Your ${offeringName} license is ready`} heading="Your license is ready">
      <Text style={paragraphStyle}>
        Thank you for your purchase of {offeringName} from {sellerName}. Your license is active.
      </Text>
      <EmailAction href={codesUrl} label="Show your license codes" withAddress />
      <Text style={mutedParagraphStyle}>
        This button signs you in once, for the next hour, without a code. Afterwards, sign in with this e-mail address on your licenses page:{' '}
        <Link href={licensePageUrl}>{licensePageUrl}</Link>
      </Text>
      {downloads.length > 0 && (
        <Text style={paragraphStyle}>
          Download it:{' '}
          {downloads.map((download, index) => (
            <span key={download.url}>
              {index > 0 && ' · '}
              <Link href={download.url}>{download.platform}</Link>
            </span>
          ))}
        </Text>
      )}
      <Text style={paragraphStyle}>
        Your receipt, with the order number and what you paid: <Link href={receiptUrl}>{receiptUrl}</Link>
      </Text>
    </EmailLayout>
  );
}

LicenseDeliveryEmail.PreviewProps = {
  offeringName: 'Pro Monthly',
  sellerName: 'Demo Studio Team',
  codesUrl: 'http://localhost:3000/login/link/demo-token',
  downloads: [{ platform: 'Windows', url: 'https://downloads.example.com/pro-setup.exe' }],
  licensePageUrl: 'http://localhost:3000/licenses#license-0195f0c2-demo',
  receiptUrl: 'http://localhost:3000/orders/0195f0c2-demo',
} satisfies LicenseDeliveryEmailProps;
