import { Text } from '@react-email/components';
import { AcceptWithThisAddress, EmailAction, EmailLayout, paragraphStyle } from './layout';

export interface SellerInvitationEmailProps {
  storeName: string;
  role: string;
  invitedBy: string;
  invitationUrl: string;
  /** When the link stops working, already formatted (e.g. "9 December 2026"). */
  expiresOn: string;
}

/** An invitation to join a seller's team with a role (docs/buyers-and-sellers.md "Team and roles"). */
export function SellerInvitationEmail({ storeName, role, invitedBy, invitationUrl, expiresOn }: SellerInvitationEmailProps) {
  return (
    <EmailLayout preview={`${invitedBy} invited you to ${storeName} as ${role}`} heading={`Join ${storeName} as ${role}`}>
      <Text style={paragraphStyle}>
        {invitedBy} invited this e-mail address to the team of {storeName} in the seller portal, with the role {role}.
      </Text>
      <EmailAction href={invitationUrl} label="See the invitation" withAddress />
      <AcceptWithThisAddress expiresOn={expiresOn} />
    </EmailLayout>
  );
}

SellerInvitationEmail.PreviewProps = {
  storeName: 'Demo Studio',
  role: 'Developer',
  invitedBy: 'owner@example.com',
  invitationUrl: 'http://localhost:3000/invitations/example',
  expiresOn: '9 December 2026',
} satisfies SellerInvitationEmailProps;
