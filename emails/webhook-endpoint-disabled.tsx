import { Text } from '@react-email/components';
import { EmailAction, EmailLayout, mutedParagraphStyle, paragraphStyle } from './layout';

export interface WebhookEndpointDisabledEmailProps {
  storeName: string;
  url: string;
  failingSince: string;
  lastError: string;
  webhooksUrl: string;
}

/** A seller's webhook endpoint failed for five days and was disabled. */
export function WebhookEndpointDisabledEmail({ storeName, url, failingSince, lastError, webhooksUrl }: WebhookEndpointDisabledEmailProps) {
  return (
    <EmailLayout preview={`Webhooks to ${url} are paused`} heading="A webhook endpoint was disabled">
      <Text style={paragraphStyle}>
        Deliveries to {url} ({storeName}) have failed since {failingSince}, so the endpoint was disabled. The last answer: {lastError}
      </Text>
      <Text style={paragraphStyle}>Events keep being recorded: once the endpoint answers again, enable it and resend what it missed, or read them from the events feed.</Text>
      <EmailAction href={webhooksUrl} label="Open your webhooks" />
      <Text style={mutedParagraphStyle}>You receive this because you are a member of {storeName} on the licensing service.</Text>
    </EmailLayout>
  );
}

WebhookEndpointDisabledEmail.PreviewProps = {
  storeName: 'Demo Studio Team',
  url: 'https://backend.example.com/webhooks',
  failingSince: '20 November 2026',
  lastError: 'The endpoint answered 502.',
  webhooksUrl: 'http://localhost:3000/portal/webhooks',
} satisfies WebhookEndpointDisabledEmailProps;
