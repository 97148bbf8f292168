import type { ReceivedMail, TestSmtpServer } from './smtp';

/** A sign-in code's e-mail: the portal's and the app's, or a guest checkout's that names the purchase. */
const CODE_SUBJECT = /^(Your sign-in code$|Your code to buy )/;

/** Reads sign-in codes from the test SMTP server, each message once (other e-mails to the address are passed over). */
export function codeReader(smtp: TestSmtpServer) {
  const used = new Set<ReceivedMail>();
  return async function nextCode(email: string): Promise<string> {
    const mail = await smtp.waitForMail((candidate) => candidate.to.includes(email) && CODE_SUBJECT.test(candidate.subject) && !used.has(candidate));
    used.add(mail);
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    if (!code) throw new Error(`No code in the e-mail to ${email}: ${mail.text}`);
    return code;
  };
}

export const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

export const PURCHASE_SCOPE = 'api://licensing/checkout.purchase openid offline_access';

/** A running service, in its own process or in this one: where it lives and how to ask it. */
export interface Service {
  baseUrl: string;
  fetch: (input: string | URL, init?: RequestInit) => Promise<Response>;
}

/** A step of a sign-in that must succeed: a refusal (a limit's 429, say) fails here, saying so, not later as an e-mail that never came. */
async function expectOk(step: string, response: Response): Promise<{ continuation_token: string }> {
  const body = await response.json();
  if (response.status !== 200) throw new Error(`The sign-in's ${step} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/** Native authentication (spec sign-in option B): initiate, challenge, token with grant_type=oob. */
export async function nativeSignIn(service: string | Service, email: string, nextCode: (email: string) => Promise<string>) {
  const { baseUrl, fetch } = typeof service === 'string' ? { baseUrl: service, fetch: globalThis.fetch } : service;
  const authority = `${baseUrl}/identity/oauth2/v2.0`;
  const initiated = await expectOk('initiate', await fetch(`${authority}/initiate`, form({ client_id: 'service-app-client', username: email, challenge_type: 'oob redirect' })));
  const challenged = await expectOk(
    'challenge',
    await fetch(`${authority}/challenge`, form({ client_id: 'service-app-client', continuation_token: initiated.continuation_token, challenge_type: 'oob redirect' })),
  );
  const code = await nextCode(email);
  const response = await fetch(
    `${authority}/token`,
    form({ client_id: 'service-app-client', grant_type: 'oob', oob: code, continuation_token: challenged.continuation_token, scope: PURCHASE_SCOPE }),
  );
  return { response, body: await response.json(), code, continuationToken: challenged.continuation_token };
}
