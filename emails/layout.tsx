import { Body, Button, Container, Head, Heading, Hr, Html, Preview, Section, Text } from '@react-email/components';
import type { CSSProperties, ReactNode } from 'react';

const SERVICE_NAME = 'Licensing service';

export interface EmailLayoutProps {
  /** The line mail clients show beside the subject; it is left out of the plain-text version. */
  preview: string;
  heading: string;
  children: ReactNode;
}

// Inline styles only: many mail clients drop <style> blocks and class names.
const body: CSSProperties = {
  backgroundColor: '#f8fafc',
  color: '#0f172a',
  fontFamily: '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
  margin: 0,
  padding: '24px 0',
};
const container: CSSProperties = {
  backgroundColor: '#ffffff',
  border: '1px solid #e2e8f0',
  borderRadius: '8px',
  maxWidth: '560px',
  padding: '32px',
};
const serviceName: CSSProperties = { color: '#475569', fontSize: '14px', fontWeight: 600, margin: '0 0 16px' };
const heading: CSSProperties = { fontSize: '22px', fontWeight: 700, lineHeight: '1.3', margin: '0 0 16px' };
const divider: CSSProperties = { borderColor: '#e2e8f0', margin: '32px 0 16px' };
const footer: CSSProperties = { color: '#64748b', fontSize: '12px', lineHeight: '1.5', margin: 0 };

/** The frame every e-mail of the service shares: service name, heading, content, footer. */
export function EmailLayout({ preview, heading: title, children }: EmailLayoutProps) {
  return (
    <Html lang="en" dir="ltr">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={body}>
        <Container style={container}>
          <Text style={serviceName}>{SERVICE_NAME}</Text>
          <Heading as="h1" style={heading}>
            {title}
          </Heading>
          <Section>{children}</Section>
          <Hr style={divider} />
          <Text style={footer}>Sent by {SERVICE_NAME}. This is an automated message; replies are not read.</Text>
        </Container>
      </Body>
    </Html>
  );
}

export const paragraphStyle: CSSProperties = { fontSize: '16px', lineHeight: '1.5', margin: '0 0 16px' };
export const mutedParagraphStyle: CSSProperties = { ...paragraphStyle, color: '#475569', fontSize: '14px' };

const buttonStyle: CSSProperties = { backgroundColor: '#4f46e5', borderRadius: '6px', color: '#ffffff', fontWeight: 600, padding: '10px 16px', textDecoration: 'none' };

/** The e-mail's one action as a button; `withAddress` writes the address out too, for mail clients that show no buttons. */
export function EmailAction({ href, label, withAddress = false }: { href: string; label: string; withAddress?: boolean }) {
  return (
    <>
      <Button href={href} style={buttonStyle}>
        {label}
      </Button>
      {withAddress && <Text style={paragraphStyle}>Or open this address: {href}</Text>}
    </>
  );
}

/** The close of an e-mail whose link is accepted after signing in with the address it was sent to (a claim, an invitation). */
export function AcceptWithThisAddress({ expiresOn }: { expiresOn: string }) {
  return (
    <Text style={mutedParagraphStyle}>
      Sign in with this e-mail address to accept. The link works until {expiresOn}. If you did not expect this, ignore the e-mail: nothing happens unless
      you accept.
    </Text>
  );
}
