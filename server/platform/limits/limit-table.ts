import { env } from '../../env';

// Every rate limit of the service, with its number, in one table (DESIGN "Limits"; spec "Limits").
// The "Limits" table of docs/api/README.md lists the same rows; change both together.

export interface LimitRule {
  /** Points (usually requests) one key may spend per window. */
  points: number;
  /** The window, in whole seconds (Redis keeps TTLs in whole seconds). */
  durationSeconds: number;
  /** Once refused, the key stays refused this many seconds instead of until the window ends. */
  blockDurationSeconds?: number;
}

interface LimitDefinition extends Omit<LimitRule, 'points'> {
  /** A number, or read from the configuration when the configuration names it. */
  points: number | (() => number);
  /** What one key of the limit stands for. */
  per: string;
  /** The first sentence of the refusal message; the wait is appended. */
  refusal: string;
}

export const LIMIT_TABLE = {
  /** The coarse limit ahead of every credential check (REST prefixes and /identity); spec: "not shown". */
  ip: {
    points: () => env().RATE_LIMIT_IP_PER_MINUTE,
    durationSeconds: 60,
    per: 'client IP address',
    refusal: 'Too many requests from this address.',
  },
  /** Spec: POST /licensing/runtime/GenerateLicenseAuthorization, 300 per minute per license. */
  runtimeAuthorization: {
    points: 300,
    durationSeconds: 60,
    per: 'license (the one the runtime token names)',
    refusal: 'Too many authorization requests for this license.',
  },
  /** Spec: POST /consumption/runtime/messages, 1200 per minute per license. */
  consumption: {
    points: 1200,
    durationSeconds: 60,
    per: 'license',
    refusal: 'Too many consumption messages for this license.',
  },
  /**
   * Spec: at most 5 claim e-mails per address per hour across all sellers. Above it the checkout
   * still succeeds and returns the link; only the e-mail is withheld. Not counted by a limiter: the
   * count is made from the Email rows when the e-mail is recorded (recordEmail in
   * server/mail/send-email.ts, under a lock per address), in the dev outbox mode as with SMTP, so it
   * holds across instances and without Redis. These numbers are the ones it counts with.
   */
  claimEmail: {
    points: 5,
    durationSeconds: 60 * 60,
    per: 'e-mail address, across all sellers',
    refusal: 'Too many claim e-mails were sent to this address.',
  },
  /**
   * Invitation e-mails (sent and resent) to one address across all sellers: an Admin cannot turn
   * the team page into a way of mailing someone without end. Counted like claimEmail, from the Email
   * rows; over it the invitation (or resend) is refused and changes nothing.
   */
  invitationEmail: {
    points: 5,
    durationSeconds: 60 * 60,
    per: 'e-mail address, across all sellers',
    refusal: 'Too many invitations were sent to this address; try again in an hour.',
  },
  /**
   * Claim links minted for one checkout (its first, and one per replay of its RequestId). Each is a
   * stored token that opens the claim, so they are not minted without bound.
   */
  claimLinks: {
    points: 30,
    durationSeconds: 60 * 60,
    per: 'checkout (free embedded checkout)',
    refusal: 'Too many claim links were minted for this checkout.',
  },
  /**
   * Devices activated or deactivated on one license (docs/api/runtime.md "Devices"): only changes
   * count (a device activated again, a heartbeat or an authorization does not), so an app that
   * activates at every start is never refused, while a leaked code cannot cycle through machines.
   */
  deviceChurn: {
    points: 30,
    durationSeconds: 60 * 60,
    per: 'license (the one the runtime token names)',
    refusal: 'Too many device activations and deactivations for this license.',
  },
  /**
   * License codes issued for one seat, by its seller or its buyer: each is a credential, so a seat's
   * codes are not churned without bound (revoked ones stay on record).
   */
  seatCodes: {
    points: 20,
    durationSeconds: 60 * 60,
    per: 'seat',
    refusal: 'Too many license codes were issued for this seat.',
  },
  /**
   * Sign-in codes e-mailed to one address, the short burst: every code sent counts, whatever the way
   * in (native initiate + challenge, a resend, the portal, the sign-in page). server/identity/email-sign-in.
   */
  signInCode: {
    points: 5,
    durationSeconds: 15 * 60,
    per: 'e-mail address',
    refusal: 'Too many codes were sent to this address.',
  },
  /** Sign-in codes e-mailed to one address per hour, counted like `signInCode`. */
  signInCodeHourly: {
    points: 10,
    durationSeconds: 60 * 60,
    per: 'e-mail address',
    refusal: 'Too many codes were sent to this address.',
  },
  /**
   * Codes tried for one address per hour, across all its codes and sign-ins (each code also has 5
   * tries of its own). Counted before the code is checked, so parallel guesses cannot pass it; once
   * spent, even the right code is refused until the window ends.
   */
  signInCodeTry: {
    points: 10,
    durationSeconds: 60 * 60,
    per: 'e-mail address',
    refusal: 'Too many wrong codes were entered for this address.',
  },
  /** Sign-ins started from one client IP (/identity authorize and initiate, the sign-in page's and the portal's code requests): each stores a row. */
  signInStart: {
    points: 30,
    durationSeconds: 60,
    per: 'client IP address',
    refusal: 'Too many sign-ins were started from this address.',
  },
  /** Delivery e-mails resent for one license from the seller's license page: each is an e-mail to the buyer with a sign-in link. */
  licenseEmails: {
    points: 5,
    durationSeconds: 60 * 60,
    per: 'license',
    refusal: 'Too many license e-mails were sent for this license.',
  },
  /** Guest checkouts (pay first, verify after) opened from one client IP: each opens a session at the processor. */
  guestCheckouts: {
    points: 20,
    durationSeconds: 60 * 60,
    per: 'client IP address',
    refusal: 'Too many checkouts were started from this address.',
  },
} as const satisfies Record<string, LimitDefinition>;

export type LimitName = keyof typeof LIMIT_TABLE;

export const LIMIT_NAMES = Object.keys(LIMIT_TABLE) as [LimitName, ...LimitName[]];

/** What one key of a limit stands for and how a refusal starts (for messages and documentation). */
export function limitDescription(name: LimitName): { per: string; refusal: string } {
  const { per, refusal } = LIMIT_TABLE[name];
  return { per, refusal };
}

/**
 * Body size limits per route family, enforced while the body is read (docs/api/README.md "Limits"): by the REST
 * app's edge, and by the MCP transport for its own reads.
 */
export const BODY_LIMIT_BYTES = {
  '/purchase': 16 * 1024,
  '/licensing-mgmt': 64 * 1024,
  '/licensing': 16 * 1024,
  '/consumption': 1024 * 1024,
  '/mcp': 256 * 1024,
  '/identity': 16 * 1024,
  // Stripe's events carry whole objects (a Checkout Session with its line items).
  '/payments/stripe': 512 * 1024,
} as const;
export const DEFAULT_BODY_LIMIT = 16 * 1024;
