import crypto from 'node:crypto';
import { expect } from 'vitest';
import { decodeLicenseCode } from '@/server/licensing/codes/runtime-token';

// A seller backend's calls over real HTTP, for files that drive a running instance through the
// management API and the runtime path: a write with a fresh RequestId unless the body names one,
// the answer read as 200 or as a refusal, and a seat's authorization with its license code.

/** POST under the account API key; the body gets a new RequestId unless it brings its own. */
export function postWithKey(baseUrl: string, apiKey: string, path: string, body: Record<string, unknown> = {}) {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'dub-apiKey': apiKey },
    body: JSON.stringify({ RequestId: crypto.randomUUID(), ...body }),
  });
}

/** The body of a 200 (the test fails with the body when the status is another). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- by default a test reads the body it then asserts; callers that want it checked name T
export async function ok<T = any>(response: Response): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return JSON.parse(text) as T;
}

/** The ApiError of a refusal with this status and Code. */
export async function refused(response: Response, status: number, code: string): Promise<{ Message: string; Details?: { Field: string; Message: string; Code: string }[] }> {
  const body = await response.json();
  expect([response.status, body.Code], JSON.stringify(body)).toEqual([status, code]);
  return body;
}

/** GenerateLicenseAuthorization for a license with one of its codes (the runtime token it carries). */
export function authorizeWithCode(baseUrl: string, licenseId: string, code: string) {
  return fetch(`${baseUrl}/licensing/runtime/GenerateLicenseAuthorization`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${decodeLicenseCode(code)}` },
    body: JSON.stringify({ RequestId: crypto.randomUUID(), LicenseId: licenseId }),
  });
}
