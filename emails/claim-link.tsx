import { Button, Text } from '@react-email/components';
import { EmailLayout, mutedParagraphStyle, paragraphStyle } from './layout';

export interface ClaimLinkEmailProps {
  productName: string;
  offeringName: string;
  sellerName: string;
  claimUrl: string;
  /** When the link stops working, already formatted (e.g. "29 November 2026"). */
  expiresOn: string;
}

const buttonStyle = { backgroundColor: '#4f46e5', borderRadius: '6px', color: '#ffffff', fontWeight: 600, padding: '10px 16px', textDecoration: 'none' };

/** The free embedded checkout's claim link (spec "Embedded checkout" rule 2), a fallback to the seller's own redirect. */
export function ClaimLinkEmail({ productName, offeringName, sellerName, claimUrl, expiresOn }: ClaimLinkEmailProps) {
  return (
    <EmailLayout preview={`${sellerName} is giving you a ${productName} license`} heading={`Accept your ${productName} license`}>
      <Text style={paragraphStyle}>
        {sellerName} has set aside a {productName} license ({offeringName}) for this e-mail address. Nothing is charged.
      </Text>
      <Button href={claimUrl} style={buttonStyle}>
        Accept the license
      </Button>
      <Text style={paragraphStyle}>Or open this address: {claimUrl}</Text>
      <Text style={mutedParagraphStyle}>
        Sign in with this e-mail address to accept. The link works until {expiresOn}. If you did not expect this, ignore the e-mail: nothing happens
        unless you accept.
      </Text>
    </EmailLayout>
  );
}

ClaimLinkEmail.PreviewProps = {
  productName: 'Demo Studio',
  offeringName: 'Team (per seat)',
  sellerName: 'Demo Studio Team',
  claimUrl: 'http://localhost:3000/claim/example',
  expiresOn: '29 November 2026',
} satisfies ClaimLinkEmailProps;
