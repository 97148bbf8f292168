import { Link, Text } from '@react-email/components';
import { EmailLayout, mutedParagraphStyle, paragraphStyle } from './layout';

export interface RefundIssuedEmailProps {
  offeringName: string;
  sellerName: string;
  /** The refunded amount as the buyer reads it ("$10.00"). */
  amount: string;
  /** Whether the license was revoked with the refund. */
  licenseRevoked: boolean;
  receiptUrl: string;
}

/** After a refund of an order: how much comes back and what became of the license. */
export function RefundIssuedEmail({ offeringName, sellerName, amount, licenseRevoked, receiptUrl }: RefundIssuedEmailProps) {
  return (
    <EmailLayout preview={`${sellerName} refunded ${amount}`} heading="Your refund is on its way">
      <Text style={paragraphStyle}>
        {sellerName} refunded {amount} of your purchase of {offeringName}. It goes back to the way you paid; banks usually take 5 to 10 days to show it.
      </Text>
      <Text style={paragraphStyle}>
        {licenseRevoked ? `The ${offeringName} license was ended with the refund: its license codes no longer work.` : `Your ${offeringName} license keeps working.`}
      </Text>
      <Text style={paragraphStyle}>
        Your receipt, with the refund: <Link href={receiptUrl}>{receiptUrl}</Link>
      </Text>
      <Text style={mutedParagraphStyle}>Questions about the refund go to {sellerName}.</Text>
    </EmailLayout>
  );
}

RefundIssuedEmail.PreviewProps = { offeringName: 'Pro Monthly', sellerName: 'Demo Studio Team', amount: '$15.00', licenseRevoked: true, receiptUrl: 'http://localhost:3000/orders/0195f0c2-demo' } satisfies RefundIssuedEmailProps;
