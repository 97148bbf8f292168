import { Text } from '@react-email/components';
import { AcceptWithThisAddress, EmailAction, EmailLayout, paragraphStyle } from './layout';

export interface ClaimLinkEmailProps {
  productName: string;
  offeringName: string;
  sellerName: string;
  claimUrl: string;
  /** When the link stops working, already formatted (e.g. "29 November 2026"). */
  expiresOn: string;
}

/** The free embedded checkout's claim link (spec "Embedded checkout" rule 2), a fallback to the seller's own redirect. */
export function ClaimLinkEmail({ productName, offeringName, sellerName, claimUrl, expiresOn }: ClaimLinkEmailProps) {
  return (
    <EmailLayout preview={`${sellerName} is giving you a ${productName} license`} heading={`Accept your ${productName} license`}>
      <Text style={paragraphStyle}>
        {sellerName} has set aside a {productName} license ({offeringName}) for this e-mail address. Nothing is charged.
      </Text>
      <EmailAction href={claimUrl} label="Accept the license" withAddress />
      <AcceptWithThisAddress expiresOn={expiresOn} />
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
