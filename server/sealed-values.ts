import { sealedCheckoutCredentials } from './checkout/get-checkout-result';
import { sealedSigningKeys } from './keys/signing-keys';
import { sealedManagementAnswers } from './licensing/management-request';
import { sealedQueuedEmails } from './mail/deliver-email';
import { sealedWebhookSecrets } from './events/webhooks/webhook-endpoints';

// Every kind of value the service stores sealed under APP_SECRET: each is defined in its own domain
// room, beside the code that seals it; `npm run admin -- reseal-secrets` re-seals what this names.
// A new sealed value is one more line here.
export const SEALED_VALUES = [sealedSigningKeys, sealedCheckoutCredentials, sealedQueuedEmails, sealedManagementAnswers, sealedWebhookSecrets] as const;
