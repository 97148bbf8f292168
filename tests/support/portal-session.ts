import type { Browser, BrowserContext, Page } from 'playwright-core';

// Signs a person in to the portal over HTTP as a browser would: the tRPC code request, next-auth's
// CSRF token, then its credentials callback with the e-mailed code. Returns the Cookie header.

function cookiesOf(response: Response): string[] {
  return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
}

export async function trpcMutation<T>(baseUrl: string, procedure: string, input: unknown, cookie = ''): Promise<T> {
  const response = await fetch(`${baseUrl}/api/trpc/${procedure}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ json: input }),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`${procedure} answered ${response.status}: ${JSON.stringify(body)}`);
  return body.result.data.json as T;
}

export async function portalSignIn(
  baseUrl: string,
  email: string,
  nextCode: (email: string) => Promise<string>,
  options: { registerAs?: string } = {},
): Promise<string> {
  const { continuationToken } = await trpcMutation<{ continuationToken: string }>(baseUrl, 'auth.requestSignInCode', { email });
  const code = await nextCode(email);
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  const { csrfToken } = await csrf.json();
  const fields: Record<string, string> = { csrfToken, continuationToken, code, json: 'true' };
  if (options.registerAs) Object.assign(fields, { register: 'true', legalName: options.registerAs });
  const callback = await fetch(`${baseUrl}/api/auth/callback/email-code`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookiesOf(csrf).join('; ') },
    body: new URLSearchParams(fields).toString(),
  });
  const session = cookiesOf(callback).find((cookie) => cookie.includes('session-token='));
  if (!session) throw new Error(`No portal session (status ${callback.status}): ${await callback.text()}`);
  return session;
}

/** A page in a new browser context that carries a portal session cookie (`name=value`, as portalSignIn returns it). */
export async function portalPage(
  browser: Browser,
  baseUrl: string,
  cookie: string,
  viewport: { width: number; height: number },
  options: { defaultTimeoutMs?: number; acceptDownloads?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, acceptDownloads: options.acceptDownloads });
  const [name, ...value] = cookie.split('=');
  await context.addCookies([{ name: name!, value: value.join('='), url: baseUrl }]);
  const page = await context.newPage();
  if (options.defaultTimeoutMs) page.setDefaultTimeout(options.defaultTimeoutMs);
  return { context, page };
}
