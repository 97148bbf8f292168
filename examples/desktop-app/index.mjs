// A desktop app's licensing, end to end with @licensing/sdk: the buyer signs in with the e-mailed
// code, buys an offering (a free one completes at once; a paid one prints the payment page and
// waits), the license code is stored, and the app authorizes, checks features locally and reports
// usage. Run it against a local `npm start` (see README.md beside this file).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline/promises';
import { LicensingApiError, NativeSignIn, PurchaseClient, RuntimeClient } from '@licensing/sdk';

const baseUrl = process.env.LICENSING_BASE_URL ?? 'http://localhost:3000';
const issuerClientId = process.env.LICENSING_SELLER ?? 'demo';
const offeringId = process.env.LICENSING_OFFERING ?? '0192f000-0000-7000-8000-000000000101'; // the demo seller's free "Community"
const codeFile = process.env.LICENSE_CODE_FILE ?? path.join(os.homedir(), '.licensing-desktop-app', 'license-code');
const ask = readline.createInterface({ input: process.stdin, output: process.stdout });

async function obtainLicenseCode() {
  if (fs.existsSync(codeFile)) return fs.readFileSync(codeFile, 'utf8').trim();
  const email = process.env.LICENSING_EMAIL ?? (await ask.question('Your e-mail address: '));
  const signIn = new NativeSignIn({ baseUrl });
  const { sentTo } = await signIn.start(email);
  const code = await ask.question(`Code sent to ${sentTo ?? email}: `);
  await signIn.complete(code);

  const purchase = new PurchaseClient({ baseUrl, getAccessToken: signIn.getAccessToken });
  const offering = await purchase.getOffering(issuerClientId, offeringId);
  console.log(`Buying "${offering.offering.name}" from ${issuerClientId}…`);
  const session = await purchase.createCheckout({ issuerClientId, offeringId, originContext: 'web' });
  if (session.sessionUrl) console.log(`Pay here, then come back: ${session.sessionUrl}`);
  const result = await purchase.waitForCheckout(session.sessionId);
  if (result.status !== 'completed' || !result.encodedCredential) throw new Error(`The purchase did not complete (${result.status}${result.error ? `: ${result.error}` : ''}).`);
  fs.mkdirSync(path.dirname(codeFile), { recursive: true });
  fs.writeFileSync(codeFile, result.encodedCredential, { mode: 0o600 });
  console.log(`License ${result.licenseId} stored in ${codeFile}`);
  return result.encodedCredential;
}

try {
  const licenseCode = await obtainLicenseCode();
  const runtime = new RuntimeClient({ licensingUrl: `${baseUrl}/licensing`, consumptionUrl: `${baseUrl}/consumption`, licenseCode });
  const authorization = await runtime.authorize();
  console.log(`Authorized until ${authorization.expiresUtc}: ${authorization.features.map((feature) => feature.featureKey).join(', ') || 'no features'}`);
  for (const feature of authorization.features) {
    const decision = runtime.check(feature.featureKey);
    console.log(`  ${feature.featureKey}: ${decision.reason}${decision.remaining != null ? ` (${decision.remaining} left)` : ''}`);
    if (decision.allowed) runtime.record(feature.featureKey, 1);
  }
  await runtime.close(); // sends the usage recorded above
  console.log('Usage reported. Done.');
} catch (error) {
  console.error(error instanceof LicensingApiError ? `${error.code}: ${error.message} (correlation id ${error.correlationId})` : error);
  process.exitCode = 1;
} finally {
  ask.close();
}
