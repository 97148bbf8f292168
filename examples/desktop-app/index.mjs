// A desktop app's licensing, end to end with @licensing/sdk: the buyer signs in with the e-mailed
// code, buys an offering (a free one completes at once; a paid one prints the payment page and
// waits), the license code is stored, and the app activates this machine, authorizes, checks
// features locally, reports usage, and checks out an offline license file it saves with the
// service's keys. Without the service (LICENSING_OFFLINE=1, or when it cannot be reached) the app
// runs from the saved file, verified with no network. Run it against a local `npm start` (see
// README.md beside this file).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline/promises';
import { LicenseFileError, LicensingApiError, NativeSignIn, PurchaseClient, RuntimeClient, verifyLicenseFile } from '@licensing/sdk';

const baseUrl = process.env.LICENSING_BASE_URL ?? 'http://localhost:3000';
const licensingUrl = `${baseUrl}/licensing`;
const issuerClientId = process.env.LICENSING_SELLER ?? 'demo';
const offeringId = process.env.LICENSING_OFFERING ?? '0192f000-0000-7000-8000-000000000101'; // the demo seller's free "Community"
const codeFile = process.env.LICENSE_CODE_FILE ?? path.join(os.homedir(), '.licensing-desktop-app', 'license-code');
const offline = process.env.LICENSING_OFFLINE === '1';
// Everything the app keeps lives beside the license code.
const dataDir = path.dirname(codeFile);
const saved = {
  machineId: path.join(dataDir, 'machine-id'),
  licenseFile: path.join(dataDir, 'license-file.jws'),
  jwks: path.join(dataDir, 'runtime-jwks.json'),
  lastSeen: path.join(dataDir, 'last-seen'),
};
/** Separates this app's device fingerprints from other apps' on the same machine. */
const appId = 'com.example.desktop-app';
const OFFLINE_DAYS = 7;
const ask = readline.createInterface({ input: process.stdin, output: process.stdout });

function save(file, text) {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, text, { mode: 0o600 });
}

/** The machine's id: its host name and a random id stored once. Never sent: the library sends only its hash. */
function machineId() {
  if (!fs.existsSync(saved.machineId)) save(saved.machineId, crypto.randomUUID());
  return `${os.hostname()}/${fs.readFileSync(saved.machineId, 'utf8').trim()}`;
}

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
  save(codeFile, result.encodedCredential);
  console.log(`License ${result.licenseId} stored in ${codeFile}`);
  return result.encodedCredential;
}

/** Online: this machine activated, the seat authorized, features checked and used, an offline file checked out and saved. */
async function runOnline(licenseCode) {
  const runtime = new RuntimeClient({
    licensingUrl,
    consumptionUrl: `${baseUrl}/consumption`,
    licenseCode,
    device: { machineId: machineId(), appId, name: os.hostname(), platform: `${os.platform()}-${os.arch()}` },
    retry: { attempts: 3, baseDelayMs: 250 }, // a desktop app falls back to its offline file soon
  });
  try {
    // Activating again is the same device; on a license limited to N devices, the N+1th is DeviceLimitReached.
    const device = await runtime.activate();
    console.log(`Device ${device.deviceId} activated (${device.mode}, ${device.activeDevices} of ${device.maxDevices ?? 'any number of'} devices)`);
    const authorization = await runtime.authorize();
    console.log(`Authorized until ${authorization.expiresUtc}: ${authorization.features.map((feature) => feature.featureKey).join(', ') || 'no features'}`);
    for (const feature of authorization.features) {
      const decision = runtime.check(feature.featureKey);
      console.log(`  ${feature.featureKey}: ${decision.reason}${decision.remaining != null ? ` (${decision.remaining} left)` : ''}`);
      if (decision.allowed) runtime.record(feature.featureKey, 1);
    }
    // A file for the days without network, and the keys that verify it (an app may ship its seller's JWKS instead).
    const { licenseFile, file, jwks } = await runtime.checkOutLicenseFile(OFFLINE_DAYS * 86_400);
    save(saved.licenseFile, licenseFile);
    save(saved.jwks, JSON.stringify(jwks));
    save(saved.lastSeen, file.verifiedUtc);
    console.log(`License file checked out until ${file.expiresUtc}, saved in ${saved.licenseFile}`);
  } finally {
    await runtime.close(); // sends the usage recorded above, stops the timers
  }
  console.log('Usage reported. Done.');
}

/** Offline: the saved license file, verified with the saved JWKS and this machine's id, no network at all. */
async function runOffline() {
  if (!fs.existsSync(saved.licenseFile)) throw new Error('No license file saved yet: run once with the service reachable.');
  const lastSeenUtc = fs.existsSync(saved.lastSeen) ? fs.readFileSync(saved.lastSeen, 'utf8').trim() : null;
  const file = await verifyLicenseFile(fs.readFileSync(saved.licenseFile, 'utf8'), {
    jwks: JSON.parse(fs.readFileSync(saved.jwks, 'utf8')),
    licensingUrl,
    machineId: machineId(),
    appId,
    lastSeenUtc, // a clock set back before it is refused (ClockSetBack)
  });
  save(saved.lastSeen, file.verifiedUtc);
  console.log(`License file verified offline, valid until ${file.expiresUtc}: ${file.features.map((feature) => feature.featureKey).join(', ') || 'no features'}`);
  for (const feature of file.features) {
    const decision = file.check(feature.featureKey);
    console.log(`  ${feature.featureKey}: ${decision.reason}${decision.remaining != null ? ` (${decision.remaining} left)` : ''}`);
  }
  console.log('Offline. Done.');
}

try {
  if (offline) await runOffline();
  else {
    const licenseCode = await obtainLicenseCode();
    try {
      await runOnline(licenseCode);
    } catch (error) {
      // No answer (network, 5xx, 429 after the retries): the saved file, if any, keeps the app working.
      if (!(error instanceof LicensingApiError && error.retryable && fs.existsSync(saved.licenseFile))) throw error;
      console.log(`The service cannot be reached (${error.code}); using the saved license file.`);
      await runOffline();
    }
  }
} catch (error) {
  if (error instanceof LicensingApiError) console.error(`${error.code}: ${error.message} (correlation id ${error.correlationId})`);
  else if (error instanceof LicenseFileError) console.error(`The saved license file was refused (${error.reason}): ${error.message}`);
  else console.error(error);
  process.exitCode = 1;
} finally {
  ask.close();
}
