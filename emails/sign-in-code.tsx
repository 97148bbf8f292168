import { Text } from '@react-email/components';
import type { CSSProperties } from 'react';
import { EmailLayout, mutedParagraphStyle, paragraphStyle } from './layout';

export interface SignInCodeEmailProps {
  code: string;
  expiresInMinutes: number;
  /** A guest checkout: what the code confirms the purchase of. */
  purchase?: { offeringName: string; storeName: string };
}

const codeStyle: CSSProperties = {
  backgroundColor: '#f1f5f9',
  borderRadius: '6px',
  display: 'inline-block',
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: '28px',
  fontWeight: 700,
  letterSpacing: '4px',
  lineHeight: '36px',
  margin: '0 0 16px',
  padding: '8px 16px',
};

export function SignInCodeEmail({ code, expiresInMinutes, purchase }: SignInCodeEmailProps) {
  const minutes = expiresInMinutes === 1 ? '1 minute' : `${expiresInMinutes} minutes`;
  return (
    <EmailLayout preview={purchase ? `Your code to buy ${purchase.offeringName} is ${code}` : `Your sign-in code is ${code}`} heading={purchase ? 'Confirm your e-mail address' : 'Your sign-in code'}>
      {purchase ? (
        <Text style={paragraphStyle}>
          Your code to buy {purchase.offeringName} from {purchase.storeName} is {code}. Enter it on the storefront: it confirms this address,
          and your license and receipt are kept under it (an account is made for it if there is none).
        </Text>
      ) : (
        <Text style={paragraphStyle}>Your sign-in code is {code}. Enter it where you asked to sign in.</Text>
      )}
      {/* The code alone, large and easy to copy; kept as one run of digits for screen readers. */}
      <Text style={codeStyle}>{code}</Text>
      <Text style={paragraphStyle}>It expires in {minutes} and can be used once.</Text>
      <Text style={mutedParagraphStyle}>
        If you did not ask for this code, you can ignore this e-mail; nobody can sign in with your address without it.
      </Text>
    </EmailLayout>
  );
}

SignInCodeEmail.PreviewProps = { code: '123456', expiresInMinutes: 10 } satisfies SignInCodeEmailProps;
