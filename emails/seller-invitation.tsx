import { Button, Text } from '@react-email/components';
import { EmailLayout, mutedParagraphStyle, paragraphStyle } from './layout';

export interface SellerInvitationEmailProps {
  storeName: string;
  role: string;
  invitedBy: string;
  invitationUrl: string;
  /** When the link stops working, already formatted (e.g. "9 December 2026"). */
  expiresOn: string;
}

const buttonStyle = { backgroundColor: '#4f46e5', borderRadius: '6px', color: '#ffffff', fontWeight: 600, padding: '10px 16px', textDecoration: 'none' };

/** An invitation to join a seller's team with a role (docs/buyers-and-sellers.md "Team and roles"). */
export function SellerInvitationEmail({ storeName, role, invitedBy, invitationUrl, expiresOn }: SellerInvitationEmailProps) {
  return (
    <EmailLayout preview={`${invitedBy} invited you to ${storeName} as ${role}`} heading={`Join ${storeName} as ${role}`}>
      <Text style={paragraphStyle}>
        {invitedBy} invited this e-mail address to the team of {storeName} in the seller portal, with the role {role}.
      </Text>
      <Button href={invitationUrl} style={buttonStyle}>
        See the invitation
      </Button>
      <Text style={paragraphStyle}>Or open this address: {invitationUrl}</Text>
      <Text style={mutedParagraphStyle}>
        Sign in with this e-mail address to accept. The link works until {expiresOn}. If you did not expect this, ignore the e-mail: nothing happens
        unless you accept.
      </Text>
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
