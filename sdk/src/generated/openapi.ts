// Generated from the service's /openapi.json by `npm run sdk:types`; do not edit.
export type paths = {
    "/checkout/local/{sessionId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The local processor's page: Cancel (fails the checkout, "Payment was cancelled.", then 303 to the cancel URL) */
        post: operations["cancelLocalCheckout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/checkout/local/{sessionId}/discount": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The local processor's page: a discount code (applied to the pending checkout, then 303 back to the page saying whether) */
        post: operations["applyLocalCheckoutDiscount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/checkout/local/{sessionId}/pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The local processor's page: Pay (settles the checkout, then 303 to the success URL) */
        post: operations["payLocalCheckout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/checkout/return/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Where the processor's page sends the buyer back: settles a paid checkout, then 303 to the seller's ReturnUrl with session_id */
        get: operations["returnFromCheckout"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/consumption/runtime/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A batch of metered usage of the token's seat (durable when answered)
         * @description Body: LicenseId (the token's license; another is 400 ValidationError before ingestion), BatchId (GUID, the idempotency key: a batch sent again is counted once and answered Duplicate true) and 1 to 1000 Items {FeatureKey, Units (1 to 1e9), TimeUtc}. A 200 means committed to PostgreSQL. Usage under a revoked credential is kept but dropped (Dropped true): never counted or billed.
         */
        post: operations["ingestUsage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This reference, as a page */
        get: operations["apiReference"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs/{asset}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The reference page's stylesheets and scripts */
        get: operations["apiReferenceAsset"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process answers */
        get: operations["liveness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/identity/.well-known/openid-configuration": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** OpenID discovery document of the sign-in authority */
        get: operations["openIdConfiguration"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/identity/discovery/v2.0/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The JWKS that verifies buyer tokens */
        get: operations["identityJwks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/identity/oauth2/v2.0/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Start an authorization code flow with PKCE (query: client_id, redirect_uri, response_type=code, scope, state, code_challenge, code_challenge_method=S256): 303 to the sign-in page, or to the redirect URI with an error */
        get: operations["authorize"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/identity/oauth2/v2.0/challenge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Native authentication: send the one-time code of a started sign-in */
        post: operations["challenge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/identity/oauth2/v2.0/initiate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Native authentication: start a sign-in by e-mail */
        post: operations["initiate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/identity/oauth2/v2.0/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Tokens: grant_type authorization_code (with code_verifier), refresh_token (rotating), or oob (native authentication) */
        post: operations["token"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/identity/sign-in/code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The sign-in page's second form: the code from the e-mail (303 back to the app, or to the page with an error) */
        post: operations["submitSignInCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/identity/sign-in/email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The sign-in page's first form: the address to send a code to (303 to the page's code step) */
        post: operations["submitSignInEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/licensing-mgmt/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The seller's audit log, oldest first, after a cursor (kept 400 days)
         * @description Who changed what, when and from where: one entry per change made in the portal, through this API, the MCP tools or by the operator, and one per portal sign-in. `after` is the Sequence of the last entry read (NextCursor of the previous page); `limit` 1 to 100, 50 by default. `actor` (account or key id, e-mail address or key label), `action`, `targetId`, `from` and `to` (ISO 8601) narrow it. Entries never change and are never deleted before 400 days.
         */
        get: operations["listAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/licensing-mgmt/discounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The seller's discount codes by code (A to Z), after a cursor
         * @description `after` is the Code of the last discount read (NextCursor of the previous page); `limit` 1 to 100, 50 by default.
         */
        get: operations["listDiscounts"];
        put?: never;
        /**
         * Make a discount code: a percent or an amount per currency, once, forever or for some months
         * @description Code: 3 to 32 letters, digits, `-` or `_`, case-insensitive (answered upper case); a code the seller already has, in any case, is 409 DiscountCodeInUse. Kind `percent` takes PercentOff (1-100); kind `amount` takes Amounts (1 to 10, one per currency, minor units of that currency). Duration `once` (default), `forever` or `repeating` with DurationMonths (1-36). ExpiresUtc must lie in the future. OfferingIds: the seller's own, empty for all. What the code takes off and the code itself cannot be changed later.
         */
        post: operations["createDiscount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/licensing-mgmt/discounts/{discountId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One discount code, with its redemptions */
        get: operations["getDiscount"];
        put?: never;
        post?: never;
        /** Remove a discount code; orders that redeemed it keep the code they redeemed */
        delete: operations["deleteDiscount"];
        options?: never;
        head?: never;
        /**
         * Change a discount code: Name, ExpiresUtc, MaxRedemptions, OfferingIds (what is left out stays)
         * @description null clears Name, ExpiresUtc or MaxRedemptions; a past ExpiresUtc stops the code at once. MaxRedemptions below the Redemptions held now is ValidationError. Code, Kind, PercentOff, Amounts, Duration and DurationMonths are fixed at creation: sending one is ValidationError naming it (create a new code instead).
         */
        patch: operations["updateDiscount"];
        trace?: never;
    };
    "/licensing-mgmt/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The seller's events, oldest first, after a cursor (kept 30 days)
         * @description `after` is the Sequence of the last event read (NextCursor of the previous page); `limit` 1 to 100, 50 by default.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/licensing-mgmt/licenses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The seller's licenses bound to a tenant (correlationId), in pages (limit, cursor) */
        get: operations["findLicensesByCorrelationId"];
        put?: never;
        /**
         * Create a license directly, bound to a tenant (no checkout, nothing charged)
         * @description Any number of Seats (1 to 1000) of an active offering of the seller; CorrelationId is the tenant id. A one-seat license answers its code once in EncodedCredential.
         */
        post: operations["createLicense"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/licensing-mgmt/licenses/{licenseId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One license (Status, features, term); 404 when another seller issued it */
        get: operations["getLicense"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/licensing-mgmt/licenses/{licenseId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a license for good */
        post: operations["cancelLicense"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/licensing-mgmt/licenses/{licenseId}/change-offering": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move a license to another offering of its product, now (prorated) or at the end of its period */
        post: operations["changeLicenseOffering"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/licensing-mgmt/licenses/{licenseId}/change-offering/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel the plan change scheduled for the end of the license’s period (404 NotFound when none is) */
        post: operations["cancelLicenseOfferingChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/licensing-mgmt/licenses/{licenseId}/codes/{codeId}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke a license code (refused CredentialRevoked at its next authorization) */
        post: operations["revokeLicenseCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/licensing-mgmt/licenses/{licenseId}/devices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every device of a license, by seat, deactivated ones included
         * @description `Active`: the device holds a place on its seat now (not deactivated and, when floating, its lease not lapsed). `MaxDevices` is per seat (null: any number).
         */
        get: operations["listLicenseDevices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/licensing-mgmt/licenses/{licenseId}/devices/{deviceId}/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Free a device's place on its seat (the app may activate it again while a place is free) */
        post: operations["deactivateLicenseDevice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/licensing-mgmt/licenses/{licenseId}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resume a suspended or paused license */
        post: operations["resumeLicense"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/licensing-mgmt/licenses/{licenseId}/seats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every seat of a license, retired ones included */
        get: operations["listLicenseSeats"];
        put?: never;
        /** Add seats to an active subscription or trial (without codes; prorated for the rest of the period) */
        post: operations["addSeats"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/licensing-mgmt/licenses/{licenseId}/seats/{seatId}/codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Issue a license code for a live seat, with a label (shown once) */
        post: operations["issueSeatCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/licensing-mgmt/licenses/{licenseId}/seats/{seatId}/retire": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Retire a seat for good (its codes are revoked; the last live seat cannot be retired) */
        post: operations["retireSeat"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/licensing-mgmt/licenses/{licenseId}/suspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Suspend a license: every seat is refused at its next authorization */
        post: operations["suspendLicense"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/licensing-mgmt/licenses/{licenseId}/tenant": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Bind a license sold elsewhere to a tenant (refused when another tenant holds it) */
        post: operations["bindLicenseToTenant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/licensing-mgmt/orders/{orderId}/refunds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refund an order, whole or in part
         * @description Amount (major units of the order currency, like BaseRate) defaults to everything left to refund; more than that is ValidationError naming Amount. License: `revoke` (the default for a refund of the whole order: the license is cancelled and its codes are refused at their next authorization) or `keep` (the default for a partial refund). The refund is made at the processor after the answer (Status `pending`, then `succeeded`), once, whatever is retried. Idempotent by RequestId.
         */
        post: operations["refundOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/licensing-mgmt/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The seller's webhook endpoints (never their secrets) */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Add a webhook endpoint; its signing secret (whsec_…) is in this answer only
         * @description Url: absolute https; hosts that are or resolve to loopback, private or link-local addresses are refused. EventTypes: empty for every type.
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/licensing-mgmt/webhook-endpoints/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One webhook endpoint */
        get: operations["getWebhookEndpoint"];
        put?: never;
        post?: never;
        /** Remove a webhook endpoint and its pending deliveries */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        /** Change a webhook endpoint: Url, EventTypes, Description, Enabled (what is left out stays) */
        patch: operations["updateWebhookEndpoint"];
        trace?: never;
    };
    "/licensing-mgmt/webhook-endpoints/{endpointId}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A new signing secret (in this answer only); the old one signs beside it for 24 hours */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/licensing-mgmt/webhook-endpoints/{endpointId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a ping event to this endpoint (signed and retried like any event; not in the events feed) */
        post: operations["sendWebhookTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/licensing/checkout/embedded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check out an offering for a customer from the seller's backend (idempotent by RequestId)
         * @description Paid: SessionUrl is the processor's hosted page (CustomerEmail as the customer e-mail); the license comes at payment. Free or trial: SessionUrl is null and ClaimUrl is the claim link, also e-mailed to CustomerEmail (at most 5 claim e-mails per address per hour); the license comes when the buyer signs in with that address and accepts. A replay with the same RequestId answers with the same session (free: a newly minted ClaimUrl, no second e-mail); with another OfferingId, Quantity, CorrelationId or CustomerEmail it is 409 RequestIdMismatch.
         */
        post: operations["createEmbeddedCheckout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/licensing/checkout/session/result": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The result of one of the seller's embedded checkouts; poll while pending
         * @description A known session of this seller answers 200, failed too. Unknown, older than 90 days, another seller's, or a purchase-API checkout: 404 NotFound. On a seat-based (tenant) checkout SeatIds names the seats; EncodedCredential is present only for a one-seat purchase.
         */
        post: operations["getEmbeddedCheckoutResult"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/licensing/runtime/.well-known/jwks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every runtime signing key version that has ever signed */
        get: operations["getRuntimeJwks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/licensing/runtime/.well-known/openid-configuration": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Issuer, JWKS address, audience and scope of runtime tokens */
        get: operations["getRuntimeConfiguration"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/licensing/runtime/ActivateDevice": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The token's seat takes a place for this device (again: the same device)
         * @description Fingerprint: 16-256 printable characters the app derives from the machine (a hash of a machine id, never the id itself). A seat holds at most its license's MaxDevices devices at once: one more is 403 DeviceLimitReached. A floating device holds a lease of 600 s from now, renewed by Heartbeat. Only a device that takes a place counts against the license's churn limit (30 activations and deactivations an hour).
         */
        post: operations["activateDevice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/licensing/runtime/CheckOutLicenseFile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A signed license file for this device, verified by the app with no network
         * @description `LicenseFile` is a compact JWS (ES256, `typ` `license-file+jwt`, keys in the runtime JWKS) of the other fields, bound to the Fingerprint. TtlSeconds (3600 to 7776000) is capped by the license's MaxOfflineDays and its term; a license whose offering allows no offline use is 403 AuthorizationDenied, OfflineNotOffered. When the license limits devices, the device must be activated (else AuthorizationDenied, DeviceNotActivated). Counted against the authorization limit.
         */
        post: operations["checkOutLicenseFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/licensing/runtime/DeactivateDevice": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The device gives its place on the seat back
         * @description An unknown Fingerprint is 404 NotFound; a device deactivated already answers as it stands. A revoked code may still deactivate.
         */
        post: operations["deactivateDevice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/licensing/runtime/GenerateLicenseAuthorization": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A signed authorization of the token's seat: what it may do for the next ten minutes
         * @description `Authorization` is a compact JWS (ES256, `typ` `license-authorization+jwt`, keys in the runtime JWKS) of the other fields; verify it before trusting them. Refresh before `ExpiresUtc` (at half-life): changes to the seat, its codes and the license reach a running seat at its next refresh. Denials are 403 AuthorizationDenied with the reason first in Message: SeatRetired, LicenseSuspended, Disputed, LicenseCancelled, Refunded, DisputeLost, LicensePaused, Expired. An Authorization header that is not a Bearer JWT is refused as a gateway would: 401 with WWW-Authenticate and no body.
         */
        post: operations["generateLicenseAuthorization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/licensing/runtime/Heartbeat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The device is seen now: a floating lease runs 600 s from now
         * @description Send one at half the lease (every 300 s). A lease that lapsed takes its place again if one is free, else 403 DeviceLimitReached; a device deactivated (by the buyer, the seller, a revoked code) or never activated is 403 AuthorizationDenied, DeviceNotActivated: activate it again.
         */
        post: operations["heartbeatDevice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The MCP endpoint for agents (JSON-RPC over Streamable HTTP; anonymous catalog tools, seller tools with the account API key) */
        post: operations["mcp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics (from loopback, or with `Authorization: Bearer <METRICS_TOKEN>`) */
        get: operations["metrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document (OpenAPI 3.1) */
        get: operations["openApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payments/stripe/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stripe's event deliveries (account and Connect endpoints), verified by Stripe-Signature before anything is read */
        post: operations["receiveStripeEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/purchase/{issuerClientId}/offerings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A seller's storefront: listed products and offerings (cached 90 s)
         * @description `checkout` is a reserved issuerClientId (no seller can take it): `/purchase/checkout/{sessionId}` is the checkout read, never a storefront.
         */
        get: operations["getStorefront"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/purchase/{issuerClientId}/offerings/{offeringId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One listed offering with its product and resolved features (cached 90 s) */
        get: operations["getOfferingDetail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/purchase/checkout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Check out an offering as the signed-in buyer (idempotent by RequestId) */
        post: operations["createPurchaseCheckout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/purchase/checkout/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The checkout's durable result, readable by its buyer only; poll while pending */
        get: operations["getPurchaseCheckoutResult"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: the database answers, migrations are applied, the instance is not stopping */
        get: operations["readiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type webhooks = {
    "allowance.exhausted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The allowance.exhausted event */
        post: operations["allowanceExhaustedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "checkout.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The checkout.completed event */
        post: operations["checkoutCompletedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "checkout.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The checkout.failed event */
        post: operations["checkoutFailedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "claim.expired": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The claim.expired event */
        post: operations["claimExpiredEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "device.activated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The device.activated event */
        post: operations["deviceActivatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "device.deactivated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The device.deactivated event */
        post: operations["deviceDeactivatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "dispute.closed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The dispute.closed event */
        post: operations["disputeClosedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "dispute.opened": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The dispute.opened event */
        post: operations["disputeOpenedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "license_code.issued": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The license_code.issued event */
        post: operations["licenseCodeIssuedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "license_code.revoked": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The license_code.revoked event */
        post: operations["licenseCodeRevokedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "license.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The license.created event */
        post: operations["licenseCreatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "license.plan_changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The license.plan_changed event */
        post: operations["licensePlanChangedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "license.renewed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The license.renewed event */
        post: operations["licenseRenewedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "license.status_changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The license.status_changed event */
        post: operations["licenseStatusChangedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.refunded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The order.refunded event */
        post: operations["orderRefundedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    ping: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A test event sent by POST …/webhook-endpoints/{id}/test (not in the events feed) */
        post: operations["pingEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "seat.added": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The seat.added event */
        post: operations["seatAddedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "seat.retired": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The seat.retired event */
        post: operations["seatRetiredEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type components = {
    schemas: {
        JsonWebKeySet: {
            keys: ({
                alg?: string;
                crv?: string;
                kid: string;
                kty: string;
                use?: string;
                x?: string;
                y?: string;
            } & {
                [key: string]: unknown;
            })[];
        };
        RuntimeConfiguration: {
            audience: string;
            issuer: string;
            jwks_uri: string;
            scopes_supported: string[];
            token_signing_alg_values_supported: string[];
        } & {
            [key: string]: unknown;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
    cancelLocalCheckout: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Where the browser goes next. */
            303: {
                headers: {
                    /** @description The next page. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A page: no checkout at this address. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description A page: too many requests. */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this browser in again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description A page: something went wrong. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    applyLocalCheckoutDiscount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Where the browser goes next. */
            303: {
                headers: {
                    /** @description The next page. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A page: no checkout at this address. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description A page: too many requests. */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this browser in again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description A page: something went wrong. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    payLocalCheckout: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Where the browser goes next. */
            303: {
                headers: {
                    /** @description The next page. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A page: no checkout at this address. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description A page: too many requests. */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this browser in again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description A page: something went wrong. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    returnFromCheckout: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Where the browser goes next. */
            303: {
                headers: {
                    /** @description The next page. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A page: no checkout at this address. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description A page: too many requests. */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this browser in again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description A page: something went wrong. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    ingestUsage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description A GUID, not all zeros.
                     */
                    BatchId: string;
                    Items: {
                        FeatureKey: string;
                        /** Format: date-time */
                        TimeUtc: string;
                        Units: number;
                    }[];
                    LicenseId: string;
                };
            };
        };
        responses: {
            /** @description The batch is durable (or was already). */
            200: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        BatchId: string;
                        Dropped: boolean;
                        Duplicate: boolean;
                        Items: number;
                    };
                };
            };
            /** @description ApiError: `InvalidPayload`, `ValidationError` */
            400: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "InvalidPayload" | "ValidationError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RuntimeTokenMissing`, `RuntimeTokenInvalid`. An Authorization header that is not a Bearer JWT is refused as a gateway would: 401 with WWW-Authenticate and no body. */
            401: {
                headers: {
                    /** @description The Bearer challenge of the runtime paths. */
                    "WWW-Authenticate"?: string;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RuntimeTokenMissing" | "RuntimeTokenInvalid";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `CredentialUnknown` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "CredentialUnknown";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `PayloadTooLarge` */
            413: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "PayloadTooLarge";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    apiReference: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description ApiError `MethodNotAllowed`, with Allow. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    apiReferenceAsset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                asset: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such file. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description ApiError `MethodNotAllowed`, with Allow. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    liveness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{"Status": "ok"}` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description ApiError `MethodNotAllowed`, with Allow. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    openIdConfiguration: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The discovery document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description An OAuth error: `invalid_request`, `invalid_grant`, `unsupported_grant_type`, … */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The OAuth error code (RFC 6749 5.2). */
                        error: string;
                        error_description?: string;
                    };
                };
            };
            /** @description `slow_down` or `temporarily_unavailable`: a limit; see Retry-After. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The OAuth error code (RFC 6749 5.2). */
                        error: string;
                        error_description?: string;
                    };
                };
            };
            /** @description `server_error`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The OAuth error code (RFC 6749 5.2). */
                        error: string;
                        error_description?: string;
                    };
                };
            };
            /** @description `temporarily_unavailable`: the database cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The OAuth error code (RFC 6749 5.2). */
                        error: string;
                        error_description?: string;
                    };
                };
            };
        };
    };
    identityJwks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The public keys. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description An OAuth error: `invalid_request`, `invalid_grant`, `unsupported_grant_type`, … */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The OAuth error code (RFC 6749 5.2). */
                        error: string;
                        error_description?: string;
                    };
                };
            };
            /** @description `slow_down` or `temporarily_unavailable`: a limit; see Retry-After. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The OAuth error code (RFC 6749 5.2). */
                        error: string;
                        error_description?: string;
                    };
                };
            };
            /** @description `server_error`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The OAuth error code (RFC 6749 5.2). */
                        error: string;
                        error_description?: string;
                    };
                };
            };
            /** @description `temporarily_unavailable`: the database cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The OAuth error code (RFC 6749 5.2). */
                        error: string;
                        error_description?: string;
                    };
                };
            };
        };
    };
    authorize: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the sign-in page, or back to the redirect URI with an error. */
            303: {
                headers: {
                    /** @description Where the browser goes next. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An OAuth error: `invalid_request`, `invalid_grant`, `unsupported_grant_type`, … */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The OAuth error code (RFC 6749 5.2). */
                        error: string;
                        error_description?: string;
                    };
                };
            };
            /** @description `slow_down` or `temporarily_unavailable`: a limit; see Retry-After. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The OAuth error code (RFC 6749 5.2). */
                        error: string;
                        error_description?: string;
                    };
                };
            };
            /** @description `server_error`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The OAuth error code (RFC 6749 5.2). */
                        error: string;
                        error_description?: string;
                    };
                };
            };
            /** @description `temporarily_unavailable`: the database cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The OAuth error code (RFC 6749 5.2). */
                        error: string;
                        error_description?: string;
                    };
                };
            };
        };
    };
    challenge: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description `oob` (or `redirect`). */
                    challenge_type?: string;
                    /** @description The app's client id. */
                    client_id?: string;
                    /** @description From initiate. */
                    continuation_token?: string;
                };
            };
        };
        responses: {
            /** @description `continuation_token`, `challenge_type`, where the code went, its length. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description An OAuth error: `invalid_request`, `invalid_grant`, `unsupported_grant_type`, … */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The OAuth error code (RFC 6749 5.2). */
                        error: string;
                        error_description?: string;
                    };
                };
            };
            /** @description `invalid_client`: an unknown client_id. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The OAuth error code (RFC 6749 5.2). */
                        error: string;
                        error_description?: string;
                    };
                };
            };
            /** @description `slow_down` or `temporarily_unavailable`: a limit; see Retry-After. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The OAuth error code (RFC 6749 5.2). */
                        error: string;
                        error_description?: string;
                    };
                };
            };
            /** @description `server_error`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The OAuth error code (RFC 6749 5.2). */
                        error: string;
                        error_description?: string;
                    };
                };
            };
            /** @description `temporarily_unavailable`: the database cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The OAuth error code (RFC 6749 5.2). */
                        error: string;
                        error_description?: string;
                    };
                };
            };
        };
    };
    initiate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description `oob redirect`. */
                    challenge_type?: string;
                    /** @description The app's client id. */
                    client_id?: string;
                    /** @description The e-mail address. */
                    username?: string;
                };
            };
        };
        responses: {
            /** @description `continuation_token`, or `challenge_type: redirect`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description An OAuth error: `invalid_request`, `invalid_grant`, `unsupported_grant_type`, … */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The OAuth error code (RFC 6749 5.2). */
                        error: string;
                        error_description?: string;
                    };
                };
            };
            /** @description `invalid_client`: an unknown client_id. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The OAuth error code (RFC 6749 5.2). */
                        error: string;
                        error_description?: string;
                    };
                };
            };
            /** @description `slow_down` or `temporarily_unavailable`: a limit; see Retry-After. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The OAuth error code (RFC 6749 5.2). */
                        error: string;
                        error_description?: string;
                    };
                };
            };
            /** @description `server_error`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The OAuth error code (RFC 6749 5.2). */
                        error: string;
                        error_description?: string;
                    };
                };
            };
            /** @description `temporarily_unavailable`: the database cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The OAuth error code (RFC 6749 5.2). */
                        error: string;
                        error_description?: string;
                    };
                };
            };
        };
    };
    token: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description The app's client id. */
                    client_id?: string;
                    /** @description authorization_code. */
                    code?: string;
                    /** @description authorization_code (PKCE). */
                    code_verifier?: string;
                    /** @description oob. */
                    continuation_token?: string;
                    /** @description `authorization_code`, `refresh_token` or `oob`. */
                    grant_type?: string;
                    /** @description oob: the one-time code. */
                    oob?: string;
                    /** @description authorization_code. */
                    redirect_uri?: string;
                    /** @description refresh_token. */
                    refresh_token?: string;
                    /** @description Optional. */
                    scope?: string;
                };
            };
        };
        responses: {
            /** @description `access_token`, `refresh_token`, `expires_in`, `token_type`, `scope`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description An OAuth error: `invalid_request`, `invalid_grant`, `unsupported_grant_type`, … */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The OAuth error code (RFC 6749 5.2). */
                        error: string;
                        error_description?: string;
                    };
                };
            };
            /** @description `invalid_client`: an unknown client_id. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The OAuth error code (RFC 6749 5.2). */
                        error: string;
                        error_description?: string;
                    };
                };
            };
            /** @description `slow_down` or `temporarily_unavailable`: a limit; see Retry-After. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The OAuth error code (RFC 6749 5.2). */
                        error: string;
                        error_description?: string;
                    };
                };
            };
            /** @description `server_error`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The OAuth error code (RFC 6749 5.2). */
                        error: string;
                        error_description?: string;
                    };
                };
            };
            /** @description `temporarily_unavailable`: the database cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The OAuth error code (RFC 6749 5.2). */
                        error: string;
                        error_description?: string;
                    };
                };
            };
        };
    };
    submitSignInCode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description The one-time code. */
                    code?: string;
                    /** @description The pending authorization. */
                    request?: string;
                    /** @description The masked address shown. */
                    to?: string;
                };
            };
        };
        responses: {
            /** @description Back to the app with the authorization code, or to the page with an error. */
            303: {
                headers: {
                    /** @description Where the browser goes next. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An OAuth error: `invalid_request`, `invalid_grant`, `unsupported_grant_type`, … */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The OAuth error code (RFC 6749 5.2). */
                        error: string;
                        error_description?: string;
                    };
                };
            };
            /** @description `slow_down` or `temporarily_unavailable`: a limit; see Retry-After. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The OAuth error code (RFC 6749 5.2). */
                        error: string;
                        error_description?: string;
                    };
                };
            };
            /** @description `server_error`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The OAuth error code (RFC 6749 5.2). */
                        error: string;
                        error_description?: string;
                    };
                };
            };
            /** @description `temporarily_unavailable`: the database cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The OAuth error code (RFC 6749 5.2). */
                        error: string;
                        error_description?: string;
                    };
                };
            };
        };
    };
    submitSignInEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description The e-mail address. */
                    email?: string;
                    /** @description The pending authorization. */
                    request?: string;
                };
            };
        };
        responses: {
            /** @description To the code step, or to the page with an error. */
            303: {
                headers: {
                    /** @description Where the browser goes next. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An OAuth error: `invalid_request`, `invalid_grant`, `unsupported_grant_type`, … */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The OAuth error code (RFC 6749 5.2). */
                        error: string;
                        error_description?: string;
                    };
                };
            };
            /** @description `slow_down` or `temporarily_unavailable`: a limit; see Retry-After. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The OAuth error code (RFC 6749 5.2). */
                        error: string;
                        error_description?: string;
                    };
                };
            };
            /** @description `server_error`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The OAuth error code (RFC 6749 5.2). */
                        error: string;
                        error_description?: string;
                    };
                };
            };
            /** @description `temporarily_unavailable`: the database cannot be reached; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The OAuth error code (RFC 6749 5.2). */
                        error: string;
                        error_description?: string;
                    };
                };
            };
        };
    };
    listAuditLog: {
        parameters: {
            query?: {
                action?: string;
                actor?: string;
                after?: number | null;
                from?: string | null;
                limit?: number;
                targetId?: string;
                to?: string | null;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of audit entries and the cursor of the next. */
            200: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        Entries: {
                            Action: string;
                            ActorId: string | null;
                            ActorLabel: string;
                            ActorRole: string | null;
                            ActorScopes: string[];
                            /** @enum {string} */
                            ActorType: "Member" | "ApiKey" | "Operator";
                            AtUtc: string;
                            Changes: {
                                [key: string]: {
                                    After?: unknown;
                                    Before?: unknown;
                                };
                            } | null;
                            CorrelationId: string | null;
                            Id: string;
                            IpAddress: string | null;
                            Operation: string;
                            Sequence: number;
                            /** @enum {string} */
                            Surface: "Portal" | "ManagementApi" | "Mcp" | "Operator";
                            TargetId: string;
                            TargetType: string;
                            UserAgent: string | null;
                        }[];
                        HasMore: boolean;
                        NextCursor: number;
                    };
                };
            };
            /** @description ApiError: `ValidationError` */
            400: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ValidationError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyMissing` */
            401: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyMissing";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyInvalid`, `ApiKeyScope` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyInvalid" | "ApiKeyScope";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    listDiscounts: {
        parameters: {
            query?: {
                after?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of discount codes and the cursor of the next. */
            200: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        Discounts: {
                            Amounts: {
                                AmountMinor: number;
                                Currency: string;
                            }[];
                            Code: string;
                            /** Format: date-time */
                            CreatedUtc: string;
                            DiscountId: string;
                            /** @enum {string} */
                            Duration: "once" | "forever" | "repeating";
                            DurationMonths: number | null;
                            /** Format: date-time */
                            ExpiresUtc: string | null;
                            /** @enum {string} */
                            Kind: "percent" | "amount";
                            MaxRedemptions: number | null;
                            Name: string | null;
                            OfferingIds: string[];
                            PercentOff: number | null;
                            Redemptions: number;
                            /** Format: date-time */
                            UpdatedUtc: string;
                        }[];
                        HasMore: boolean;
                        NextCursor: string | null;
                    };
                };
            };
            /** @description ApiError: `ValidationError` */
            400: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ValidationError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyMissing` */
            401: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyMissing";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyInvalid`, `ApiKeyScope` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyInvalid" | "ApiKeyScope";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    createDiscount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    Amounts?: {
                        AmountMinor: number;
                        Currency: string;
                    }[];
                    Code: string;
                    /**
                     * @description For subscriptions: `once` (the first payment), `forever` (every payment), `repeating` (the first DurationMonths months). A one-time purchase has one payment.
                     * @default once
                     * @enum {string}
                     */
                    Duration?: "once" | "forever" | "repeating";
                    /** @description 1 to 36, with duration `repeating` only. */
                    DurationMonths?: number | null;
                    /**
                     * Format: date-time
                     * @description No checkout redeems the code from then on; null: it never expires.
                     */
                    ExpiresUtc?: string | null;
                    /**
                     * @description `percent`: PercentOff of the price; `amount`: a fixed amount per currency (Amounts).
                     * @enum {string}
                     */
                    Kind: "percent" | "amount";
                    /** @description At most this many checkouts redeem the code (pending or completed); null: no limit. */
                    MaxRedemptions?: number | null;
                    /** @description The seller's own name for the code (portal, receipts); null: none. */
                    Name?: string | null;
                    /**
                     * @description The offerings the code applies to, all the seller's own; empty: every offering of the seller.
                     * @default []
                     */
                    OfferingIds?: string[];
                    /** @description 1 to 100, with kind `percent` only. */
                    PercentOff?: number | null;
                };
            };
        };
        responses: {
            /** @description The discount code. */
            201: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        Amounts: {
                            AmountMinor: number;
                            Currency: string;
                        }[];
                        Code: string;
                        /** Format: date-time */
                        CreatedUtc: string;
                        DiscountId: string;
                        /** @enum {string} */
                        Duration: "once" | "forever" | "repeating";
                        DurationMonths: number | null;
                        /** Format: date-time */
                        ExpiresUtc: string | null;
                        /** @enum {string} */
                        Kind: "percent" | "amount";
                        MaxRedemptions: number | null;
                        Name: string | null;
                        OfferingIds: string[];
                        PercentOff: number | null;
                        Redemptions: number;
                        /** Format: date-time */
                        UpdatedUtc: string;
                    };
                };
            };
            /** @description ApiError: `InvalidPayload`, `ValidationError` */
            400: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "InvalidPayload" | "ValidationError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyMissing` */
            401: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyMissing";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyInvalid`, `ApiKeyScope` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyInvalid" | "ApiKeyScope";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `DiscountCodeInUse` */
            409: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "DiscountCodeInUse";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `PayloadTooLarge` */
            413: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "PayloadTooLarge";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    getDiscount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                discountId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The discount code. */
            200: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        Amounts: {
                            AmountMinor: number;
                            Currency: string;
                        }[];
                        Code: string;
                        /** Format: date-time */
                        CreatedUtc: string;
                        DiscountId: string;
                        /** @enum {string} */
                        Duration: "once" | "forever" | "repeating";
                        DurationMonths: number | null;
                        /** Format: date-time */
                        ExpiresUtc: string | null;
                        /** @enum {string} */
                        Kind: "percent" | "amount";
                        MaxRedemptions: number | null;
                        Name: string | null;
                        OfferingIds: string[];
                        PercentOff: number | null;
                        Redemptions: number;
                        /** Format: date-time */
                        UpdatedUtc: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyMissing` */
            401: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyMissing";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyInvalid`, `ApiKeyScope` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyInvalid" | "ApiKeyScope";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `NotFound` */
            404: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "NotFound";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    deleteDiscount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                discountId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description ApiError: `ApiKeyMissing` */
            401: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyMissing";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyInvalid`, `ApiKeyScope` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyInvalid" | "ApiKeyScope";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `NotFound` */
            404: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "NotFound";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    updateDiscount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                discountId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Fixed at creation: sending it is 400 ValidationError naming it; create a new code instead. */
                    Amounts?: unknown;
                    /** @description Fixed at creation: sending it is 400 ValidationError naming it; create a new code instead. */
                    Code?: unknown;
                    /** @description Fixed at creation: sending it is 400 ValidationError naming it; create a new code instead. */
                    Duration?: unknown;
                    /** @description Fixed at creation: sending it is 400 ValidationError naming it; create a new code instead. */
                    DurationMonths?: unknown;
                    /**
                     * Format: date-time
                     * @description No checkout redeems the code from then on; null: it never expires.
                     */
                    ExpiresUtc?: string | null;
                    /** @description Fixed at creation: sending it is 400 ValidationError naming it; create a new code instead. */
                    Kind?: unknown;
                    /** @description At most this many checkouts redeem the code (pending or completed); null: no limit. */
                    MaxRedemptions?: number | null;
                    /** @description The seller's own name for the code (portal, receipts); null: none. */
                    Name?: string | null;
                    /** @description The offerings the code applies to, all the seller's own; empty: every offering of the seller. */
                    OfferingIds?: string[];
                    /** @description Fixed at creation: sending it is 400 ValidationError naming it; create a new code instead. */
                    PercentOff?: unknown;
                };
            };
        };
        responses: {
            /** @description The discount code as changed. */
            200: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        Amounts: {
                            AmountMinor: number;
                            Currency: string;
                        }[];
                        Code: string;
                        /** Format: date-time */
                        CreatedUtc: string;
                        DiscountId: string;
                        /** @enum {string} */
                        Duration: "once" | "forever" | "repeating";
                        DurationMonths: number | null;
                        /** Format: date-time */
                        ExpiresUtc: string | null;
                        /** @enum {string} */
                        Kind: "percent" | "amount";
                        MaxRedemptions: number | null;
                        Name: string | null;
                        OfferingIds: string[];
                        PercentOff: number | null;
                        Redemptions: number;
                        /** Format: date-time */
                        UpdatedUtc: string;
                    };
                };
            };
            /** @description ApiError: `InvalidPayload`, `ValidationError` */
            400: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "InvalidPayload" | "ValidationError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyMissing` */
            401: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyMissing";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyInvalid`, `ApiKeyScope` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyInvalid" | "ApiKeyScope";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `NotFound` */
            404: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "NotFound";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `PayloadTooLarge` */
            413: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "PayloadTooLarge";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                after?: number | null;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events and the cursor of the next. */
            200: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        Events: {
                            CreatedUtc: string;
                            Data: {
                                [key: string]: unknown;
                            };
                            Id: string;
                            LicenseId: string | null;
                            Sequence: number;
                            Type: string;
                        }[];
                        HasMore: boolean;
                        NextCursor: number;
                    };
                };
            };
            /** @description ApiError: `ValidationError` */
            400: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ValidationError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyMissing` */
            401: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyMissing";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyInvalid`, `ApiKeyScope` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyInvalid" | "ApiKeyScope";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    findLicensesByCorrelationId: {
        parameters: {
            query: {
                correlationId: string;
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Matching licenses, oldest first, and the cursor of the next page; none is an empty list. */
            200: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        Licenses: {
                            CorrelationId: string | null;
                            /** Format: date-time */
                            CreatedUtc: string;
                            Features: {
                                Allowance: number | null;
                                AllowancePeriodUnit: number | null;
                                DisplayName: string;
                                FeatureKey: string;
                                RateLimit: number | null;
                                /** @enum {string|null} */
                                ServiceAccessLevel: "Allowed" | "Denied" | null;
                            }[];
                            LicenseClassification: number;
                            LicenseId: string;
                            OfferingId: string;
                            ProductId: string;
                            SeatCount: number;
                            /** @enum {string} */
                            Status: "Trialing" | "Active" | "Paused" | "Suspended" | "Cancelled" | "Expired";
                            Term: {
                                /** Format: date-time */
                                EndUtc: string | null;
                                /** Format: date-time */
                                StartUtc: string;
                            };
                        }[];
                        NextCursor: string | null;
                    };
                };
            };
            /** @description ApiError: `ValidationError` */
            400: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ValidationError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyMissing` */
            401: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyMissing";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyInvalid`, `ApiKeyScope` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyInvalid" | "ApiKeyScope";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    createLicense: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    CorrelationId: string;
                    OfferingId: string;
                    /**
                     * Format: uuid
                     * @description A GUID, not all zeros.
                     */
                    RequestId: string;
                    Seats: number;
                };
            };
        };
        responses: {
            /** @description The license and its seats. */
            200: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        EncodedCredential: string | null;
                        License: {
                            CorrelationId: string | null;
                            /** Format: date-time */
                            CreatedUtc: string;
                            Features: {
                                Allowance: number | null;
                                AllowancePeriodUnit: number | null;
                                DisplayName: string;
                                FeatureKey: string;
                                RateLimit: number | null;
                                /** @enum {string|null} */
                                ServiceAccessLevel: "Allowed" | "Denied" | null;
                            }[];
                            LicenseClassification: number;
                            LicenseId: string;
                            OfferingId: string;
                            ProductId: string;
                            SeatCount: number;
                            /** @enum {string} */
                            Status: "Trialing" | "Active" | "Paused" | "Suspended" | "Cancelled" | "Expired";
                            Term: {
                                /** Format: date-time */
                                EndUtc: string | null;
                                /** Format: date-time */
                                StartUtc: string;
                            };
                        };
                        SeatIds: string[];
                    };
                };
            };
            /** @description ApiError: `InvalidPayload`, `ValidationError` */
            400: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "InvalidPayload" | "ValidationError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyMissing` */
            401: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyMissing";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyInvalid`, `ApiKeyScope` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyInvalid" | "ApiKeyScope";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `NotFound` */
            404: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "NotFound";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RequestIdMismatch` */
            409: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RequestIdMismatch";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `PayloadTooLarge` */
            413: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "PayloadTooLarge";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    getLicense: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                licenseId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The license. */
            200: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        CorrelationId: string | null;
                        /** Format: date-time */
                        CreatedUtc: string;
                        Features: {
                            Allowance: number | null;
                            AllowancePeriodUnit: number | null;
                            DisplayName: string;
                            FeatureKey: string;
                            RateLimit: number | null;
                            /** @enum {string|null} */
                            ServiceAccessLevel: "Allowed" | "Denied" | null;
                        }[];
                        LicenseClassification: number;
                        LicenseId: string;
                        OfferingId: string;
                        ProductId: string;
                        SeatCount: number;
                        /** @enum {string} */
                        Status: "Trialing" | "Active" | "Paused" | "Suspended" | "Cancelled" | "Expired";
                        Term: {
                            /** Format: date-time */
                            EndUtc: string | null;
                            /** Format: date-time */
                            StartUtc: string;
                        };
                    };
                };
            };
            /** @description ApiError: `ApiKeyMissing` */
            401: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyMissing";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyInvalid`, `ApiKeyScope` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyInvalid" | "ApiKeyScope";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `NotFound` */
            404: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "NotFound";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    cancelLicense: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                licenseId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description A GUID, not all zeros.
                     */
                    RequestId: string;
                };
            };
        };
        responses: {
            /** @description The license in its new status. */
            200: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        CorrelationId: string | null;
                        /** Format: date-time */
                        CreatedUtc: string;
                        Features: {
                            Allowance: number | null;
                            AllowancePeriodUnit: number | null;
                            DisplayName: string;
                            FeatureKey: string;
                            RateLimit: number | null;
                            /** @enum {string|null} */
                            ServiceAccessLevel: "Allowed" | "Denied" | null;
                        }[];
                        LicenseClassification: number;
                        LicenseId: string;
                        OfferingId: string;
                        ProductId: string;
                        SeatCount: number;
                        /** @enum {string} */
                        Status: "Trialing" | "Active" | "Paused" | "Suspended" | "Cancelled" | "Expired";
                        Term: {
                            /** Format: date-time */
                            EndUtc: string | null;
                            /** Format: date-time */
                            StartUtc: string;
                        };
                    };
                };
            };
            /** @description ApiError: `InvalidPayload`, `ValidationError` */
            400: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "InvalidPayload" | "ValidationError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyMissing` */
            401: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyMissing";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyInvalid`, `ApiKeyScope` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyInvalid" | "ApiKeyScope";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `NotFound` */
            404: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "NotFound";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RequestIdMismatch`, `StatusChangeRefused` */
            409: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RequestIdMismatch" | "StatusChangeRefused";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `PayloadTooLarge` */
            413: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "PayloadTooLarge";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    changeLicenseOffering: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                licenseId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    OfferingId: string;
                    /**
                     * Format: uuid
                     * @description A GUID, not all zeros.
                     */
                    RequestId: string;
                    /** @enum {string} */
                    When?: "now" | "period_end";
                };
            };
        };
        responses: {
            /** @description The license as it is now, and the plan change (applied, or scheduled for the end of the period). */
            200: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        CorrelationId: string | null;
                        /** Format: date-time */
                        CreatedUtc: string;
                        Features: {
                            Allowance: number | null;
                            AllowancePeriodUnit: number | null;
                            DisplayName: string;
                            FeatureKey: string;
                            RateLimit: number | null;
                            /** @enum {string|null} */
                            ServiceAccessLevel: "Allowed" | "Denied" | null;
                        }[];
                        LicenseClassification: number;
                        LicenseId: string;
                        OfferingId: string;
                        PlanChange: {
                            /** Format: date-time */
                            CreatedUtc: string;
                            Currency: string | null;
                            /** Format: date-time */
                            EffectiveUtc: string;
                            FromOfferingId: string;
                            FromUnitPriceMinor: number | null;
                            PlanChangeId: string;
                            ProrationMinor: number;
                            ProrationTaxMinor: number;
                            /** @enum {string} */
                            RequestedBy: "seller" | "buyer";
                            /** @enum {string} */
                            Status: "scheduled" | "applied" | "cancelled";
                            ToOfferingId: string;
                            UnitPriceMinor: number | null;
                            /** @enum {string} */
                            When: "now" | "period_end";
                        };
                        ProductId: string;
                        SeatCount: number;
                        /** @enum {string} */
                        Status: "Trialing" | "Active" | "Paused" | "Suspended" | "Cancelled" | "Expired";
                        Term: {
                            /** Format: date-time */
                            EndUtc: string | null;
                            /** Format: date-time */
                            StartUtc: string;
                        };
                    };
                };
            };
            /** @description ApiError: `InvalidPayload`, `ValidationError` */
            400: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "InvalidPayload" | "ValidationError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyMissing` */
            401: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyMissing";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyInvalid`, `ApiKeyScope` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyInvalid" | "ApiKeyScope";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `NotFound` */
            404: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "NotFound";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RequestIdMismatch`, `LicenseNotActive` */
            409: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RequestIdMismatch" | "LicenseNotActive";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `PayloadTooLarge` */
            413: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "PayloadTooLarge";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    cancelLicenseOfferingChange: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                licenseId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description A GUID, not all zeros.
                     */
                    RequestId: string;
                };
            };
        };
        responses: {
            /** @description The license, unchanged, and the plan change, now cancelled. */
            200: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        CorrelationId: string | null;
                        /** Format: date-time */
                        CreatedUtc: string;
                        Features: {
                            Allowance: number | null;
                            AllowancePeriodUnit: number | null;
                            DisplayName: string;
                            FeatureKey: string;
                            RateLimit: number | null;
                            /** @enum {string|null} */
                            ServiceAccessLevel: "Allowed" | "Denied" | null;
                        }[];
                        LicenseClassification: number;
                        LicenseId: string;
                        OfferingId: string;
                        PlanChange: {
                            /** Format: date-time */
                            CreatedUtc: string;
                            Currency: string | null;
                            /** Format: date-time */
                            EffectiveUtc: string;
                            FromOfferingId: string;
                            FromUnitPriceMinor: number | null;
                            PlanChangeId: string;
                            ProrationMinor: number;
                            ProrationTaxMinor: number;
                            /** @enum {string} */
                            RequestedBy: "seller" | "buyer";
                            /** @enum {string} */
                            Status: "scheduled" | "applied" | "cancelled";
                            ToOfferingId: string;
                            UnitPriceMinor: number | null;
                            /** @enum {string} */
                            When: "now" | "period_end";
                        };
                        ProductId: string;
                        SeatCount: number;
                        /** @enum {string} */
                        Status: "Trialing" | "Active" | "Paused" | "Suspended" | "Cancelled" | "Expired";
                        Term: {
                            /** Format: date-time */
                            EndUtc: string | null;
                            /** Format: date-time */
                            StartUtc: string;
                        };
                    };
                };
            };
            /** @description ApiError: `InvalidPayload`, `ValidationError` */
            400: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "InvalidPayload" | "ValidationError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyMissing` */
            401: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyMissing";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyInvalid`, `ApiKeyScope` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyInvalid" | "ApiKeyScope";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `NotFound` */
            404: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "NotFound";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RequestIdMismatch` */
            409: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RequestIdMismatch";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `PayloadTooLarge` */
            413: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "PayloadTooLarge";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    revokeLicenseCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                codeId: string;
                licenseId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description A GUID, not all zeros.
                     */
                    RequestId: string;
                };
            };
        };
        responses: {
            /** @description The revoked code. */
            200: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        CodeId: string;
                        /** Format: date-time */
                        RevokedUtc: string;
                        SeatId: string;
                    };
                };
            };
            /** @description ApiError: `InvalidPayload`, `ValidationError` */
            400: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "InvalidPayload" | "ValidationError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyMissing` */
            401: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyMissing";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyInvalid`, `ApiKeyScope` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyInvalid" | "ApiKeyScope";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `NotFound` */
            404: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "NotFound";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RequestIdMismatch` */
            409: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RequestIdMismatch";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `PayloadTooLarge` */
            413: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "PayloadTooLarge";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    listLicenseDevices: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                licenseId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The devices. */
            200: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        Devices: {
                            /** Format: date-time */
                            ActivatedUtc: string;
                            Active: boolean;
                            /** @enum {string|null} */
                            DeactivatedBy: "Device" | "Buyer" | "Seller" | "CodeRevoked" | "SeatRetired" | "LeaseLapsed" | null;
                            /** Format: date-time */
                            DeactivatedUtc: string | null;
                            DeviceId: string;
                            Fingerprint: string;
                            /** Format: date-time */
                            LastSeenUtc: string;
                            /** Format: date-time */
                            LeaseExpiresUtc: string | null;
                            LicenseId: string;
                            /** @enum {string} */
                            Mode: "NodeLocked" | "Floating";
                            Name: string | null;
                            Platform: string | null;
                            SeatId: string;
                        }[];
                        LicenseId: string;
                        MaxDevices: number | null;
                    };
                };
            };
            /** @description ApiError: `ApiKeyMissing` */
            401: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyMissing";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyInvalid`, `ApiKeyScope` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyInvalid" | "ApiKeyScope";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `NotFound` */
            404: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "NotFound";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    deactivateLicenseDevice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                deviceId: string;
                licenseId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description A GUID, not all zeros.
                     */
                    RequestId: string;
                };
            };
        };
        responses: {
            /** @description The device, deactivated. */
            200: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        ActivatedUtc: string;
                        Active: boolean;
                        /** @enum {string|null} */
                        DeactivatedBy: "Device" | "Buyer" | "Seller" | "CodeRevoked" | "SeatRetired" | "LeaseLapsed" | null;
                        /** Format: date-time */
                        DeactivatedUtc: string | null;
                        DeviceId: string;
                        Fingerprint: string;
                        /** Format: date-time */
                        LastSeenUtc: string;
                        /** Format: date-time */
                        LeaseExpiresUtc: string | null;
                        LicenseId: string;
                        /** @enum {string} */
                        Mode: "NodeLocked" | "Floating";
                        Name: string | null;
                        Platform: string | null;
                        SeatId: string;
                    };
                };
            };
            /** @description ApiError: `InvalidPayload`, `ValidationError` */
            400: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "InvalidPayload" | "ValidationError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyMissing` */
            401: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyMissing";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyInvalid`, `ApiKeyScope` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyInvalid" | "ApiKeyScope";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `NotFound` */
            404: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "NotFound";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RequestIdMismatch` */
            409: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RequestIdMismatch";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `PayloadTooLarge` */
            413: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "PayloadTooLarge";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    resumeLicense: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                licenseId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description A GUID, not all zeros.
                     */
                    RequestId: string;
                };
            };
        };
        responses: {
            /** @description The license in its new status. */
            200: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        CorrelationId: string | null;
                        /** Format: date-time */
                        CreatedUtc: string;
                        Features: {
                            Allowance: number | null;
                            AllowancePeriodUnit: number | null;
                            DisplayName: string;
                            FeatureKey: string;
                            RateLimit: number | null;
                            /** @enum {string|null} */
                            ServiceAccessLevel: "Allowed" | "Denied" | null;
                        }[];
                        LicenseClassification: number;
                        LicenseId: string;
                        OfferingId: string;
                        ProductId: string;
                        SeatCount: number;
                        /** @enum {string} */
                        Status: "Trialing" | "Active" | "Paused" | "Suspended" | "Cancelled" | "Expired";
                        Term: {
                            /** Format: date-time */
                            EndUtc: string | null;
                            /** Format: date-time */
                            StartUtc: string;
                        };
                    };
                };
            };
            /** @description ApiError: `InvalidPayload`, `ValidationError` */
            400: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "InvalidPayload" | "ValidationError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyMissing` */
            401: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyMissing";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyInvalid`, `ApiKeyScope` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyInvalid" | "ApiKeyScope";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `NotFound` */
            404: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "NotFound";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RequestIdMismatch`, `StatusChangeRefused` */
            409: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RequestIdMismatch" | "StatusChangeRefused";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `PayloadTooLarge` */
            413: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "PayloadTooLarge";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    listLicenseSeats: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                licenseId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The seats. */
            200: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        LicenseId: string;
                        Seats: {
                            Allowance: {
                                FeatureKey: string;
                                /** Format: date-time */
                                PeriodEndUtc: string | null;
                                Remaining: number | null;
                            }[];
                            /** Format: date-time */
                            CreatedUtc: string;
                            LicenseId: string;
                            /** @enum {string} */
                            LicenseStatus: "Trialing" | "Active" | "Paused" | "Suspended" | "Cancelled" | "Expired";
                            /** Format: date-time */
                            RetiredUtc: string | null;
                            SeatId: string;
                        }[];
                    };
                };
            };
            /** @description ApiError: `ApiKeyMissing` */
            401: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyMissing";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyInvalid`, `ApiKeyScope` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyInvalid" | "ApiKeyScope";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `NotFound` */
            404: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "NotFound";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    addSeats: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                licenseId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    Quantity: number;
                    /**
                     * Format: uuid
                     * @description A GUID, not all zeros.
                     */
                    RequestId: string;
                };
            };
        };
        responses: {
            /** @description The new seats and what they cost. */
            200: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        LicenseId: string;
                        Proration: {
                            AmountMinor: number;
                            Currency: string;
                            /** Format: date-time */
                            PeriodEndUtc: string;
                        } | null;
                        SeatIds: string[];
                    };
                };
            };
            /** @description ApiError: `InvalidPayload`, `ValidationError` */
            400: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "InvalidPayload" | "ValidationError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyMissing` */
            401: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyMissing";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyInvalid`, `ApiKeyScope` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyInvalid" | "ApiKeyScope";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `NotFound` */
            404: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "NotFound";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RequestIdMismatch`, `LicenseNotActive`, `SeatsFixed` */
            409: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RequestIdMismatch" | "LicenseNotActive" | "SeatsFixed";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `PayloadTooLarge` */
            413: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "PayloadTooLarge";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    issueSeatCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                licenseId: string;
                seatId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    Label: string;
                    /**
                     * Format: uuid
                     * @description A GUID, not all zeros.
                     */
                    RequestId: string;
                };
            };
        };
        responses: {
            /** @description The code, shown once. */
            200: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        CodeId: string;
                        /** Format: date-time */
                        CreatedUtc: string;
                        EncodedCredential: string;
                        Label: string;
                        LicenseId: string;
                        SeatId: string;
                    };
                };
            };
            /** @description ApiError: `InvalidPayload`, `ValidationError` */
            400: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "InvalidPayload" | "ValidationError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyMissing` */
            401: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyMissing";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyInvalid`, `ApiKeyScope` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyInvalid" | "ApiKeyScope";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `NotFound` */
            404: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "NotFound";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RequestIdMismatch`, `SeatRetired`, `LicenseNotActive` */
            409: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RequestIdMismatch" | "SeatRetired" | "LicenseNotActive";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `PayloadTooLarge` */
            413: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "PayloadTooLarge";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    retireSeat: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                licenseId: string;
                seatId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description A GUID, not all zeros.
                     */
                    RequestId: string;
                };
            };
        };
        responses: {
            /** @description The retired seat. */
            200: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        LicenseId: string;
                        /** Format: date-time */
                        RetiredUtc: string;
                        RevokedCodeIds: string[];
                        SeatId: string;
                    };
                };
            };
            /** @description ApiError: `InvalidPayload`, `ValidationError` */
            400: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "InvalidPayload" | "ValidationError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyMissing` */
            401: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyMissing";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyInvalid`, `ApiKeyScope` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyInvalid" | "ApiKeyScope";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `NotFound` */
            404: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "NotFound";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RequestIdMismatch`, `LicenseNotActive`, `SeatsFixed`, `LastLiveSeat` */
            409: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RequestIdMismatch" | "LicenseNotActive" | "SeatsFixed" | "LastLiveSeat";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `PayloadTooLarge` */
            413: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "PayloadTooLarge";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    suspendLicense: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                licenseId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description A GUID, not all zeros.
                     */
                    RequestId: string;
                };
            };
        };
        responses: {
            /** @description The license in its new status. */
            200: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        CorrelationId: string | null;
                        /** Format: date-time */
                        CreatedUtc: string;
                        Features: {
                            Allowance: number | null;
                            AllowancePeriodUnit: number | null;
                            DisplayName: string;
                            FeatureKey: string;
                            RateLimit: number | null;
                            /** @enum {string|null} */
                            ServiceAccessLevel: "Allowed" | "Denied" | null;
                        }[];
                        LicenseClassification: number;
                        LicenseId: string;
                        OfferingId: string;
                        ProductId: string;
                        SeatCount: number;
                        /** @enum {string} */
                        Status: "Trialing" | "Active" | "Paused" | "Suspended" | "Cancelled" | "Expired";
                        Term: {
                            /** Format: date-time */
                            EndUtc: string | null;
                            /** Format: date-time */
                            StartUtc: string;
                        };
                    };
                };
            };
            /** @description ApiError: `InvalidPayload`, `ValidationError` */
            400: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "InvalidPayload" | "ValidationError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyMissing` */
            401: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyMissing";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyInvalid`, `ApiKeyScope` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyInvalid" | "ApiKeyScope";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `NotFound` */
            404: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "NotFound";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RequestIdMismatch`, `StatusChangeRefused` */
            409: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RequestIdMismatch" | "StatusChangeRefused";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `PayloadTooLarge` */
            413: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "PayloadTooLarge";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    bindLicenseToTenant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                licenseId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    CorrelationId: string;
                    /**
                     * Format: uuid
                     * @description A GUID, not all zeros.
                     */
                    RequestId: string;
                };
            };
        };
        responses: {
            /** @description The license, bound. */
            200: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        CorrelationId: string | null;
                        /** Format: date-time */
                        CreatedUtc: string;
                        Features: {
                            Allowance: number | null;
                            AllowancePeriodUnit: number | null;
                            DisplayName: string;
                            FeatureKey: string;
                            RateLimit: number | null;
                            /** @enum {string|null} */
                            ServiceAccessLevel: "Allowed" | "Denied" | null;
                        }[];
                        LicenseClassification: number;
                        LicenseId: string;
                        OfferingId: string;
                        ProductId: string;
                        SeatCount: number;
                        /** @enum {string} */
                        Status: "Trialing" | "Active" | "Paused" | "Suspended" | "Cancelled" | "Expired";
                        Term: {
                            /** Format: date-time */
                            EndUtc: string | null;
                            /** Format: date-time */
                            StartUtc: string;
                        };
                    };
                };
            };
            /** @description ApiError: `InvalidPayload`, `ValidationError` */
            400: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "InvalidPayload" | "ValidationError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyMissing` */
            401: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyMissing";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyInvalid`, `ApiKeyScope` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyInvalid" | "ApiKeyScope";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `NotFound` */
            404: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "NotFound";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RequestIdMismatch`, `TenantMismatch` */
            409: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RequestIdMismatch" | "TenantMismatch";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `PayloadTooLarge` */
            413: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "PayloadTooLarge";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    refundOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order: the checkout (SessionId) that was paid. */
                orderId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    Amount?: number;
                    /** @enum {string} */
                    License?: "revoke" | "keep";
                    Reason?: string;
                    /**
                     * Format: uuid
                     * @description A GUID, not all zeros.
                     */
                    RequestId: string;
                };
            };
        };
        responses: {
            /** @description The refund, the order after it and the license status. */
            200: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        Amount: number;
                        /** Format: date-time */
                        CreatedUtc: string;
                        Currency: string;
                        /** @enum {string} */
                        License: "revoke" | "keep";
                        LicenseStatus: string | null;
                        Order: {
                            Amount: number;
                            Refundable: number;
                            Refunded: number;
                        };
                        OrderId: string;
                        Reason: string | null;
                        RefundId: string;
                        /** @enum {string} */
                        Source: "seller" | "processor";
                        /** @enum {string} */
                        Status: "pending" | "succeeded" | "failed";
                    };
                };
            };
            /** @description ApiError: `InvalidPayload`, `ValidationError` */
            400: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "InvalidPayload" | "ValidationError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyMissing` */
            401: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyMissing";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyInvalid`, `ApiKeyScope` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyInvalid" | "ApiKeyScope";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `NotFound` */
            404: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "NotFound";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RequestIdMismatch` */
            409: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RequestIdMismatch";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `PayloadTooLarge` */
            413: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "PayloadTooLarge";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoints, oldest first. */
            200: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        Endpoints: {
                            CreatedAt: string;
                            Description: string | null;
                            DisabledReason: string | null;
                            Enabled: boolean;
                            EventTypes: string[];
                            Id: string;
                            Url: string;
                        }[];
                    };
                };
            };
            /** @description ApiError: `ApiKeyMissing` */
            401: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyMissing";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyInvalid`, `ApiKeyScope` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyInvalid" | "ApiKeyScope";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    Description?: string | null;
                    /**
                     * @description Event types sent to the endpoint; empty (or left out) for every type.
                     * @default []
                     */
                    EventTypes?: ("checkout.completed" | "checkout.failed" | "claim.expired" | "license.created" | "license.status_changed" | "license.renewed" | "license.plan_changed" | "order.refunded" | "dispute.opened" | "dispute.closed" | "seat.added" | "seat.retired" | "license_code.issued" | "license_code.revoked" | "device.activated" | "device.deactivated" | "allowance.exhausted")[];
                    Url: string;
                };
            };
        };
        responses: {
            /** @description The endpoint and its secret. */
            201: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        CreatedAt: string;
                        Description: string | null;
                        DisabledReason: string | null;
                        Enabled: boolean;
                        EventTypes: string[];
                        Id: string;
                        Secret: string;
                        Url: string;
                    };
                };
            };
            /** @description ApiError: `InvalidPayload`, `ValidationError` */
            400: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "InvalidPayload" | "ValidationError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyMissing` */
            401: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyMissing";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyInvalid`, `ApiKeyScope` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyInvalid" | "ApiKeyScope";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `PayloadTooLarge` */
            413: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "PayloadTooLarge";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                endpointId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint. */
            200: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        CreatedAt: string;
                        Description: string | null;
                        DisabledReason: string | null;
                        Enabled: boolean;
                        EventTypes: string[];
                        Id: string;
                        Url: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyMissing` */
            401: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyMissing";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyInvalid`, `ApiKeyScope` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyInvalid" | "ApiKeyScope";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `NotFound` */
            404: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "NotFound";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                endpointId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description ApiError: `ApiKeyMissing` */
            401: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyMissing";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyInvalid`, `ApiKeyScope` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyInvalid" | "ApiKeyScope";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `NotFound` */
            404: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "NotFound";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                endpointId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    Description?: string | null;
                    Enabled?: boolean;
                    /** @description Event types sent to the endpoint; empty (or left out) for every type. */
                    EventTypes?: ("checkout.completed" | "checkout.failed" | "claim.expired" | "license.created" | "license.status_changed" | "license.renewed" | "license.plan_changed" | "order.refunded" | "dispute.opened" | "dispute.closed" | "seat.added" | "seat.retired" | "license_code.issued" | "license_code.revoked" | "device.activated" | "device.deactivated" | "allowance.exhausted")[];
                    Url?: string;
                };
            };
        };
        responses: {
            /** @description The endpoint as changed. */
            200: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        CreatedAt: string;
                        Description: string | null;
                        DisabledReason: string | null;
                        Enabled: boolean;
                        EventTypes: string[];
                        Id: string;
                        Url: string;
                    };
                };
            };
            /** @description ApiError: `InvalidPayload`, `ValidationError` */
            400: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "InvalidPayload" | "ValidationError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyMissing` */
            401: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyMissing";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyInvalid`, `ApiKeyScope` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyInvalid" | "ApiKeyScope";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `NotFound` */
            404: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "NotFound";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `PayloadTooLarge` */
            413: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "PayloadTooLarge";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                endpointId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint and its new secret. */
            200: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        CreatedAt: string;
                        Description: string | null;
                        DisabledReason: string | null;
                        Enabled: boolean;
                        EventTypes: string[];
                        Id: string;
                        Secret: string;
                        Url: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyMissing` */
            401: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyMissing";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyInvalid`, `ApiKeyScope` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyInvalid" | "ApiKeyScope";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `NotFound` */
            404: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "NotFound";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    sendWebhookTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                endpointId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The ping is on its way. */
            202: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        DeliveryId: string;
                        EventId: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyMissing` */
            401: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyMissing";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyInvalid`, `ApiKeyScope` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyInvalid" | "ApiKeyScope";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `NotFound` */
            404: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "NotFound";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    createEmbeddedCheckout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uri
                     * @description An absolute http or https URL.
                     * @example https://app.example.com/purchase-done
                     */
                    CancelUrl?: string;
                    CorrelationId: string;
                    Currency?: string;
                    /** Format: email */
                    CustomerEmail: string;
                    DiscountCode?: string;
                    IssuerClientId?: string;
                    OfferingId: string;
                    Quantity?: number;
                    /**
                     * Format: uuid
                     * @description A GUID, not all zeros.
                     */
                    RequestId?: string;
                    /**
                     * Format: uri
                     * @description An absolute http or https URL.
                     * @example https://app.example.com/purchase-done
                     */
                    ReturnUrl?: string;
                    /**
                     * Format: uri
                     * @description An absolute http or https URL.
                     * @example https://app.example.com/purchase-done
                     */
                    SuccessUrl?: string;
                };
            };
        };
        responses: {
            /** @description The checkout session; ClaimUrl on the free path only. */
            200: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ClaimUrl?: string;
                        SessionId: string;
                        SessionUrl: string | null;
                    };
                };
            };
            /** @description ApiError: `InvalidPayload`, `ValidationError`, `CheckoutFailed` */
            400: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "InvalidPayload" | "ValidationError" | "CheckoutFailed";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyMissing` */
            401: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyMissing";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyInvalid`, `ApiKeyScope`, `IssuerMismatch` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyInvalid" | "ApiKeyScope" | "IssuerMismatch";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RequestIdInUse`, `RequestIdMismatch` */
            409: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RequestIdInUse" | "RequestIdMismatch";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `PayloadTooLarge` */
            413: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "PayloadTooLarge";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    getEmbeddedCheckoutResult: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    SessionId: string;
                };
            };
        };
        responses: {
            /** @description The checkout result (also when failed). */
            200: {
                headers: {
                    /** @description `3` (seconds) while Status is pending. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        CorrelationId: string | null;
                        EncodedCredential: string | null;
                        Error: string | null;
                        LicenseId: string | null;
                        OfferingId: string | null;
                        SeatIds?: string[];
                        /** @enum {string} */
                        Status: "pending" | "completed" | "failed";
                    };
                };
            };
            /** @description ApiError: `InvalidPayload`, `ValidationError` */
            400: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "InvalidPayload" | "ValidationError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyMissing` */
            401: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyMissing";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ApiKeyInvalid`, `ApiKeyScope` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ApiKeyInvalid" | "ApiKeyScope";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `NotFound` */
            404: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "NotFound";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `PayloadTooLarge` */
            413: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "PayloadTooLarge";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    getRuntimeJwks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The JSON Web Key Set. */
            200: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JsonWebKeySet"];
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    getRuntimeConfiguration: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Public data only. */
            200: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RuntimeConfiguration"];
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    activateDevice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    Fingerprint: string;
                    LicenseId: string;
                    Name?: string;
                    Platform?: string;
                    /**
                     * Format: uuid
                     * @description A GUID, not all zeros.
                     */
                    RequestId: string;
                };
            };
        };
        responses: {
            /** @description The device and how full its seat is. */
            200: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ActiveDevices: number;
                        Device: {
                            /** Format: date-time */
                            ActivatedUtc: string;
                            Active: boolean;
                            /** @enum {string|null} */
                            DeactivatedBy: "Device" | "Buyer" | "Seller" | "CodeRevoked" | "SeatRetired" | "LeaseLapsed" | null;
                            /** Format: date-time */
                            DeactivatedUtc: string | null;
                            DeviceId: string;
                            Fingerprint: string;
                            /** Format: date-time */
                            LastSeenUtc: string;
                            /** Format: date-time */
                            LeaseExpiresUtc: string | null;
                            LicenseId: string;
                            /** @enum {string} */
                            Mode: "NodeLocked" | "Floating";
                            Name: string | null;
                            Platform: string | null;
                            SeatId: string;
                        };
                        MaxDevices: number | null;
                        RequestId: string;
                    };
                };
            };
            /** @description ApiError: `InvalidPayload`, `ValidationError` */
            400: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "InvalidPayload" | "ValidationError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RuntimeTokenMissing`, `RuntimeTokenInvalid`. An Authorization header that is not a Bearer JWT is refused as a gateway would: 401 with WWW-Authenticate and no body. */
            401: {
                headers: {
                    /** @description The Bearer challenge of the runtime paths. */
                    "WWW-Authenticate"?: string;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RuntimeTokenMissing" | "RuntimeTokenInvalid";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `CredentialUnknown`, `CredentialRevoked`, `AuthorizationDenied`, `DeviceLimitReached` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "CredentialUnknown" | "CredentialRevoked" | "AuthorizationDenied" | "DeviceLimitReached";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `NotFound` */
            404: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "NotFound";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `PayloadTooLarge` */
            413: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "PayloadTooLarge";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    checkOutLicenseFile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    Fingerprint: string;
                    LicenseId: string;
                    /**
                     * Format: uuid
                     * @description A GUID, not all zeros.
                     */
                    RequestId: string;
                    TtlSeconds: number;
                };
            };
        };
        responses: {
            /** @description The signed license file. */
            200: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        DeviceId: string | null;
                        ExpiresUtc: string;
                        Features: {
                            Allowance: number | null;
                            FeatureKey: string;
                            PeriodEndUtc: string | null;
                            RateLimit: number | null;
                            RateWindowSeconds: number | null;
                            Remaining: number | null;
                            /** @enum {string|null} */
                            ServiceAccessLevel: "Allowed" | "Denied" | null;
                        }[];
                        FileId: string;
                        Fingerprint: string;
                        IssuedUtc: string;
                        LicenseClassification: number;
                        LicenseFile: string;
                        LicenseId: string;
                        SeatId: string;
                    };
                };
            };
            /** @description ApiError: `InvalidPayload`, `ValidationError` */
            400: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "InvalidPayload" | "ValidationError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RuntimeTokenMissing`, `RuntimeTokenInvalid`. An Authorization header that is not a Bearer JWT is refused as a gateway would: 401 with WWW-Authenticate and no body. */
            401: {
                headers: {
                    /** @description The Bearer challenge of the runtime paths. */
                    "WWW-Authenticate"?: string;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RuntimeTokenMissing" | "RuntimeTokenInvalid";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `CredentialUnknown`, `CredentialRevoked`, `AuthorizationDenied` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "CredentialUnknown" | "CredentialRevoked" | "AuthorizationDenied";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `NotFound` */
            404: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "NotFound";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `PayloadTooLarge` */
            413: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "PayloadTooLarge";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    deactivateDevice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    Fingerprint: string;
                    LicenseId: string;
                    /**
                     * Format: uuid
                     * @description A GUID, not all zeros.
                     */
                    RequestId: string;
                };
            };
        };
        responses: {
            /** @description The device, deactivated. */
            200: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        Device: {
                            /** Format: date-time */
                            ActivatedUtc: string;
                            Active: boolean;
                            /** @enum {string|null} */
                            DeactivatedBy: "Device" | "Buyer" | "Seller" | "CodeRevoked" | "SeatRetired" | "LeaseLapsed" | null;
                            /** Format: date-time */
                            DeactivatedUtc: string | null;
                            DeviceId: string;
                            Fingerprint: string;
                            /** Format: date-time */
                            LastSeenUtc: string;
                            /** Format: date-time */
                            LeaseExpiresUtc: string | null;
                            LicenseId: string;
                            /** @enum {string} */
                            Mode: "NodeLocked" | "Floating";
                            Name: string | null;
                            Platform: string | null;
                            SeatId: string;
                        };
                        RequestId: string;
                    };
                };
            };
            /** @description ApiError: `InvalidPayload`, `ValidationError` */
            400: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "InvalidPayload" | "ValidationError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RuntimeTokenMissing`, `RuntimeTokenInvalid`. An Authorization header that is not a Bearer JWT is refused as a gateway would: 401 with WWW-Authenticate and no body. */
            401: {
                headers: {
                    /** @description The Bearer challenge of the runtime paths. */
                    "WWW-Authenticate"?: string;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RuntimeTokenMissing" | "RuntimeTokenInvalid";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `CredentialUnknown`, `CredentialRevoked`, `AuthorizationDenied` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "CredentialUnknown" | "CredentialRevoked" | "AuthorizationDenied";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `NotFound` */
            404: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "NotFound";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `PayloadTooLarge` */
            413: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "PayloadTooLarge";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    generateLicenseAuthorization: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    Fingerprint?: string;
                    LicenseId: string;
                    /**
                     * Format: uuid
                     * @description A GUID, not all zeros.
                     */
                    RequestId: string;
                };
            };
        };
        responses: {
            /** @description The signed license authorization. */
            200: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        Authorization: string;
                        AuthorizationId: string;
                        DeviceId?: string | null;
                        ExpiresUtc: string;
                        Features: {
                            Allowance: number | null;
                            FeatureKey: string;
                            PeriodEndUtc: string | null;
                            RateLimit: number | null;
                            RateWindowSeconds: number | null;
                            Remaining: number | null;
                            /** @enum {string|null} */
                            ServiceAccessLevel: "Allowed" | "Denied" | null;
                        }[];
                        Fingerprint?: string;
                        IssuedUtc: string;
                        LicenseClassification: number;
                        LicenseId: string;
                        RequestId: string;
                        SeatId: string;
                    };
                };
            };
            /** @description ApiError: `InvalidPayload`, `ValidationError` */
            400: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "InvalidPayload" | "ValidationError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RuntimeTokenMissing`, `RuntimeTokenInvalid`. An Authorization header that is not a Bearer JWT is refused as a gateway would: 401 with WWW-Authenticate and no body. */
            401: {
                headers: {
                    /** @description The Bearer challenge of the runtime paths. */
                    "WWW-Authenticate"?: string;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RuntimeTokenMissing" | "RuntimeTokenInvalid";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `CredentialUnknown`, `CredentialRevoked`, `AuthorizationDenied` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "CredentialUnknown" | "CredentialRevoked" | "AuthorizationDenied";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `NotFound` */
            404: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "NotFound";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `PayloadTooLarge` */
            413: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "PayloadTooLarge";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    heartbeatDevice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    Fingerprint: string;
                    LicenseId: string;
                    /**
                     * Format: uuid
                     * @description A GUID, not all zeros.
                     */
                    RequestId: string;
                };
            };
        };
        responses: {
            /** @description The device, seen now. */
            200: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        Device: {
                            /** Format: date-time */
                            ActivatedUtc: string;
                            Active: boolean;
                            /** @enum {string|null} */
                            DeactivatedBy: "Device" | "Buyer" | "Seller" | "CodeRevoked" | "SeatRetired" | "LeaseLapsed" | null;
                            /** Format: date-time */
                            DeactivatedUtc: string | null;
                            DeviceId: string;
                            Fingerprint: string;
                            /** Format: date-time */
                            LastSeenUtc: string;
                            /** Format: date-time */
                            LeaseExpiresUtc: string | null;
                            LicenseId: string;
                            /** @enum {string} */
                            Mode: "NodeLocked" | "Floating";
                            Name: string | null;
                            Platform: string | null;
                            SeatId: string;
                        };
                        RequestId: string;
                    };
                };
            };
            /** @description ApiError: `InvalidPayload`, `ValidationError` */
            400: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "InvalidPayload" | "ValidationError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RuntimeTokenMissing`, `RuntimeTokenInvalid`. An Authorization header that is not a Bearer JWT is refused as a gateway would: 401 with WWW-Authenticate and no body. */
            401: {
                headers: {
                    /** @description The Bearer challenge of the runtime paths. */
                    "WWW-Authenticate"?: string;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RuntimeTokenMissing" | "RuntimeTokenInvalid";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `CredentialUnknown`, `CredentialRevoked`, `AuthorizationDenied`, `DeviceLimitReached` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "CredentialUnknown" | "CredentialRevoked" | "AuthorizationDenied" | "DeviceLimitReached";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `NotFound` */
            404: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "NotFound";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `PayloadTooLarge` */
            413: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "PayloadTooLarge";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    mcp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id?: string | number;
                    /** @enum {string} */
                    jsonrpc: "2.0";
                    method: string;
                    params?: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description The JSON-RPC response (application/json or one text/event-stream message). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description A JSON-RPC error: unreadable JSON (-32700), not a request (-32600). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Only POST: the endpoint keeps no session and offers no event stream. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description A JSON-RPC error whose data is the ApiError `RateLimited`. */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
        };
    };
    metrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The Prometheus text format. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Not from loopback and without the token. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description ApiError `MethodNotAllowed`, with Allow. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    openApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description ApiError `MethodNotAllowed`, with Allow. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveStripeEvent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Handled, or nothing here depends on it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        received: boolean;
                    };
                };
            };
            /** @description No Stripe-Signature, a signature that does not verify, or not a Stripe event. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Stripe is not configured. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description The event could not be handled; Stripe delivers it again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
        };
    };
    getStorefront: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                issuerClientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The storefront. */
            200: {
                headers: {
                    /** @description `public, max-age=N`: the lifetime the cached answer has left. */
                    "Cache-Control"?: string;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ClientId: string;
                        IsCheckoutReady: boolean;
                        OfferingsByProduct: {
                            [key: string]: {
                                BaseRate: number | null;
                                Category: number;
                                ClientId: string;
                                Currency: string;
                                Description: string | null;
                                /** @enum {string} */
                                DeviceMode: "NodeLocked" | "Floating";
                                Id: string;
                                Interval: number | null;
                                IntervalUnit: number | null;
                                LicenseClassification: number;
                                MaxDevices: number | null;
                                MaxOfflineDays: number;
                                Name: string;
                                Prices: {
                                    BaseRate: number;
                                    Currency: string;
                                    IsDefault: boolean;
                                }[];
                                ProductId: string;
                                Status: number;
                                TrialDays?: number;
                            }[];
                        };
                        Products: {
                            ClientId: string;
                            Description: string;
                            Id: string;
                            Name: string;
                            Platform: number;
                            Status: number;
                        }[];
                    };
                };
            };
            /** @description ApiError: `NotFound` */
            404: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "NotFound";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    getOfferingDetail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                issuerClientId: string;
                offeringId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The offering. */
            200: {
                headers: {
                    /** @description `public, max-age=N`: the lifetime the cached answer has left. */
                    "Cache-Control"?: string;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        IsCheckoutReady: boolean;
                        IssuerClientId: string;
                        Offering: {
                            BaseRate: number | null;
                            Category: number;
                            ClientId: string;
                            Currency: string;
                            Description: string | null;
                            /** @enum {string} */
                            DeviceMode: "NodeLocked" | "Floating";
                            Id: string;
                            Interval: number | null;
                            IntervalUnit: number | null;
                            LicenseClassification: number;
                            MaxDevices: number | null;
                            MaxOfflineDays: number;
                            Name: string;
                            Prices: {
                                BaseRate: number;
                                Currency: string;
                                IsDefault: boolean;
                            }[];
                            ProductId: string;
                            Status: number;
                            TrialDays?: number;
                        };
                        Product: {
                            ClientId: string;
                            Description: string;
                            Id: string;
                            Name: string;
                            Platform: number;
                            Status: number;
                        };
                        ResolvedFeatures: {
                            Description: string;
                            DisplayName: string;
                            FeatureKey: string;
                            Rate: number;
                            RateLimit: number | null;
                            SampleSeconds: number | null;
                            /** @enum {string|null} */
                            ServiceAccessLevel: "Allowed" | "Denied" | null;
                        }[];
                    };
                };
            };
            /** @description ApiError: `NotFound` */
            404: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "NotFound";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    createPurchaseCheckout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uri
                     * @description An absolute http or https URL.
                     * @example https://app.example.com/purchase-done
                     */
                    CancelUrl?: string;
                    CorrelationId?: string;
                    Currency?: string;
                    DiscountCode?: string;
                    IssuerClientId: string;
                    OfferingId: string;
                    /** @enum {string} */
                    OriginContext?: "web" | "mobile_app";
                    /**
                     * Format: uuid
                     * @description A GUID, not all zeros.
                     */
                    RequestId: string;
                    /**
                     * Format: uri
                     * @description An absolute http or https URL.
                     * @example https://app.example.com/purchase-done
                     */
                    SuccessUrl?: string;
                };
            };
        };
        responses: {
            /** @description The checkout session; SessionUrl is null for a free or zero-dollar offering. */
            200: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ClaimUrl?: string;
                        SessionId: string;
                        SessionUrl: string | null;
                    };
                };
            };
            /** @description ApiError: `InvalidPayload`, `ValidationError`, `CheckoutFailed` */
            400: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "InvalidPayload" | "ValidationError" | "CheckoutFailed";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `BuyerTokenMissing`, `BuyerTokenInvalid` */
            401: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "BuyerTokenMissing" | "BuyerTokenInvalid";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `BuyerLinkFailed` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "BuyerLinkFailed";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RequestIdInUse`, `RequestIdMismatch`, `AlreadyLicensed` */
            409: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RequestIdInUse" | "RequestIdMismatch" | "AlreadyLicensed";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `PayloadTooLarge` */
            413: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "PayloadTooLarge";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    getPurchaseCheckoutResult: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The checkout result (also when failed). */
            200: {
                headers: {
                    /** @description `3` (seconds) while Status is pending. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        CorrelationId: string | null;
                        EncodedCredential: string | null;
                        Error: string | null;
                        LicenseId: string | null;
                        OfferingId: string | null;
                        SeatIds?: string[];
                        /** @enum {string} */
                        Status: "pending" | "completed" | "failed";
                    };
                };
            };
            /** @description ApiError: `BuyerTokenMissing`, `BuyerTokenInvalid` */
            401: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "BuyerTokenMissing" | "BuyerTokenInvalid";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `BuyerLinkFailed`, `CheckoutResultForbidden` */
            403: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "BuyerLinkFailed" | "CheckoutResultForbidden";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `NotFound` */
            404: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "NotFound";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `RateLimited` */
            429: {
                headers: {
                    /** @description Seconds until the limit lets this caller in again. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "RateLimited";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServerError` */
            500: {
                headers: {
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServerError";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
            /** @description ApiError: `ServiceUnavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying: the service cannot reach its database right now. */
                    "Retry-After"?: number;
                    /** @description The request's correlation id (adopted from `x-correlation-id` or generated). */
                    "X-Correlation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable; branch on this.
                         * @enum {string}
                         */
                        Code: "ServiceUnavailable";
                        /** @description Equals the X-Correlation-Id header. */
                        CorrelationId: string;
                        /** @description Per-field failures (ValidationError). */
                        Details?: {
                            Code: string;
                            Field: string;
                            Message: string;
                        }[];
                        /** @description Human text; wording may change. */
                        Message: string;
                    };
                };
            };
        };
    };
    readiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready, with each check. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description ApiError `MethodNotAllowed`, with Allow. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not ready (or stopping), with each check. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
        };
    };
    allowanceExhaustedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description msg_<delivery id>: the same on every attempt of one delivery; drop a repeat. */
                "webhook-id": string;
                /** @description Space-separated v1,<base64 HMAC-SHA256> signatures of `${webhook-id}.${webhook-timestamp}.${body}`, one per secret that signs (two for 24 hours after a rotation). */
                "webhook-signature": string;
                /** @description Seconds since the epoch when this attempt was signed. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    CreatedUtc: string;
                    Data: {
                        FeatureKey: string;
                        LicenseId: string;
                        PeriodEndUtc: string;
                        SeatId: string;
                    };
                    Id: string;
                    LicenseId: string | null;
                    Sequence: number;
                    /** @enum {string} */
                    Type: "allowance.exhausted";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer within 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    checkoutCompletedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description msg_<delivery id>: the same on every attempt of one delivery; drop a repeat. */
                "webhook-id": string;
                /** @description Space-separated v1,<base64 HMAC-SHA256> signatures of `${webhook-id}.${webhook-timestamp}.${body}`, one per secret that signs (two for 24 hours after a rotation). */
                "webhook-signature": string;
                /** @description Seconds since the epoch when this attempt was signed. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    CreatedUtc: string;
                    Data: {
                        AmountMinor: number;
                        CorrelationId: string | null;
                        Currency: string;
                        DiscountCode: string | null;
                        DiscountMinor: number;
                        LicenseId: string | null;
                        OfferingId: string;
                        Origin: string;
                        SeatIds: string[];
                        SessionId: string;
                    };
                    Id: string;
                    LicenseId: string | null;
                    Sequence: number;
                    /** @enum {string} */
                    Type: "checkout.completed";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer within 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    checkoutFailedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description msg_<delivery id>: the same on every attempt of one delivery; drop a repeat. */
                "webhook-id": string;
                /** @description Space-separated v1,<base64 HMAC-SHA256> signatures of `${webhook-id}.${webhook-timestamp}.${body}`, one per secret that signs (two for 24 hours after a rotation). */
                "webhook-signature": string;
                /** @description Seconds since the epoch when this attempt was signed. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    CreatedUtc: string;
                    Data: {
                        CorrelationId: string | null;
                        OfferingId: string;
                        Reason: string | null;
                        SessionId: string;
                    };
                    Id: string;
                    LicenseId: string | null;
                    Sequence: number;
                    /** @enum {string} */
                    Type: "checkout.failed";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer within 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    claimExpiredEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description msg_<delivery id>: the same on every attempt of one delivery; drop a repeat. */
                "webhook-id": string;
                /** @description Space-separated v1,<base64 HMAC-SHA256> signatures of `${webhook-id}.${webhook-timestamp}.${body}`, one per secret that signs (two for 24 hours after a rotation). */
                "webhook-signature": string;
                /** @description Seconds since the epoch when this attempt was signed. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    CreatedUtc: string;
                    Data: {
                        ClaimId: string;
                        CorrelationId: string | null;
                        OfferingId: string;
                    };
                    Id: string;
                    LicenseId: string | null;
                    Sequence: number;
                    /** @enum {string} */
                    Type: "claim.expired";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer within 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    deviceActivatedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description msg_<delivery id>: the same on every attempt of one delivery; drop a repeat. */
                "webhook-id": string;
                /** @description Space-separated v1,<base64 HMAC-SHA256> signatures of `${webhook-id}.${webhook-timestamp}.${body}`, one per secret that signs (two for 24 hours after a rotation). */
                "webhook-signature": string;
                /** @description Seconds since the epoch when this attempt was signed. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    CreatedUtc: string;
                    Data: {
                        DeviceId: string;
                        LicenseId: string;
                        /** @enum {string} */
                        Mode: "NodeLocked" | "Floating";
                        Name: string | null;
                        Platform: string | null;
                        SeatId: string;
                    };
                    Id: string;
                    LicenseId: string | null;
                    Sequence: number;
                    /** @enum {string} */
                    Type: "device.activated";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer within 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    deviceDeactivatedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description msg_<delivery id>: the same on every attempt of one delivery; drop a repeat. */
                "webhook-id": string;
                /** @description Space-separated v1,<base64 HMAC-SHA256> signatures of `${webhook-id}.${webhook-timestamp}.${body}`, one per secret that signs (two for 24 hours after a rotation). */
                "webhook-signature": string;
                /** @description Seconds since the epoch when this attempt was signed. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    CreatedUtc: string;
                    Data: {
                        /** @enum {string} */
                        By: "Device" | "Buyer" | "Seller" | "CodeRevoked" | "SeatRetired" | "LeaseLapsed";
                        DeviceId: string;
                        LicenseId: string;
                        SeatId: string;
                    };
                    Id: string;
                    LicenseId: string | null;
                    Sequence: number;
                    /** @enum {string} */
                    Type: "device.deactivated";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer within 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    disputeClosedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description msg_<delivery id>: the same on every attempt of one delivery; drop a repeat. */
                "webhook-id": string;
                /** @description Space-separated v1,<base64 HMAC-SHA256> signatures of `${webhook-id}.${webhook-timestamp}.${body}`, one per secret that signs (two for 24 hours after a rotation). */
                "webhook-signature": string;
                /** @description Seconds since the epoch when this attempt was signed. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    CreatedUtc: string;
                    Data: {
                        DisputeId: string;
                        LicenseId: string | null;
                        OrderId: string;
                        /** @enum {string} */
                        Outcome: "won" | "lost";
                    };
                    Id: string;
                    LicenseId: string | null;
                    Sequence: number;
                    /** @enum {string} */
                    Type: "dispute.closed";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer within 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    disputeOpenedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description msg_<delivery id>: the same on every attempt of one delivery; drop a repeat. */
                "webhook-id": string;
                /** @description Space-separated v1,<base64 HMAC-SHA256> signatures of `${webhook-id}.${webhook-timestamp}.${body}`, one per secret that signs (two for 24 hours after a rotation). */
                "webhook-signature": string;
                /** @description Seconds since the epoch when this attempt was signed. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    CreatedUtc: string;
                    Data: {
                        AmountMinor: number;
                        Currency: string;
                        DisputeId: string;
                        LicenseId: string | null;
                        OrderId: string;
                        Reason: string | null;
                    };
                    Id: string;
                    LicenseId: string | null;
                    Sequence: number;
                    /** @enum {string} */
                    Type: "dispute.opened";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer within 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    licenseCodeIssuedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description msg_<delivery id>: the same on every attempt of one delivery; drop a repeat. */
                "webhook-id": string;
                /** @description Space-separated v1,<base64 HMAC-SHA256> signatures of `${webhook-id}.${webhook-timestamp}.${body}`, one per secret that signs (two for 24 hours after a rotation). */
                "webhook-signature": string;
                /** @description Seconds since the epoch when this attempt was signed. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    CreatedUtc: string;
                    Data: {
                        CodeId: string;
                        Label: string | null;
                        LicenseId: string;
                        SeatId: string;
                    };
                    Id: string;
                    LicenseId: string | null;
                    Sequence: number;
                    /** @enum {string} */
                    Type: "license_code.issued";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer within 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    licenseCodeRevokedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description msg_<delivery id>: the same on every attempt of one delivery; drop a repeat. */
                "webhook-id": string;
                /** @description Space-separated v1,<base64 HMAC-SHA256> signatures of `${webhook-id}.${webhook-timestamp}.${body}`, one per secret that signs (two for 24 hours after a rotation). */
                "webhook-signature": string;
                /** @description Seconds since the epoch when this attempt was signed. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    CreatedUtc: string;
                    Data: {
                        CodeId: string;
                        Label: string | null;
                        LicenseId: string;
                        SeatId: string;
                    };
                    Id: string;
                    LicenseId: string | null;
                    Sequence: number;
                    /** @enum {string} */
                    Type: "license_code.revoked";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer within 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    licenseCreatedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description msg_<delivery id>: the same on every attempt of one delivery; drop a repeat. */
                "webhook-id": string;
                /** @description Space-separated v1,<base64 HMAC-SHA256> signatures of `${webhook-id}.${webhook-timestamp}.${body}`, one per secret that signs (two for 24 hours after a rotation). */
                "webhook-signature": string;
                /** @description Seconds since the epoch when this attempt was signed. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    CreatedUtc: string;
                    Data: {
                        CorrelationId: string | null;
                        LicenseId: string;
                        OfferingId: string;
                        SeatCount: number;
                        Status: string;
                        TermEndUtc: string | null;
                    };
                    Id: string;
                    LicenseId: string | null;
                    Sequence: number;
                    /** @enum {string} */
                    Type: "license.created";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer within 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    licensePlanChangedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description msg_<delivery id>: the same on every attempt of one delivery; drop a repeat. */
                "webhook-id": string;
                /** @description Space-separated v1,<base64 HMAC-SHA256> signatures of `${webhook-id}.${webhook-timestamp}.${body}`, one per secret that signs (two for 24 hours after a rotation). */
                "webhook-signature": string;
                /** @description Seconds since the epoch when this attempt was signed. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    CreatedUtc: string;
                    Data: {
                        /** @enum {string} */
                        By: "seller" | "buyer";
                        Currency: string | null;
                        EffectiveUtc: string;
                        FromOfferingId: string;
                        LicenseId: string;
                        ProrationMinor: number;
                        ToOfferingId: string;
                        /** @enum {string} */
                        When: "now" | "period_end";
                    };
                    Id: string;
                    LicenseId: string | null;
                    Sequence: number;
                    /** @enum {string} */
                    Type: "license.plan_changed";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer within 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    licenseRenewedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description msg_<delivery id>: the same on every attempt of one delivery; drop a repeat. */
                "webhook-id": string;
                /** @description Space-separated v1,<base64 HMAC-SHA256> signatures of `${webhook-id}.${webhook-timestamp}.${body}`, one per secret that signs (two for 24 hours after a rotation). */
                "webhook-signature": string;
                /** @description Seconds since the epoch when this attempt was signed. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    CreatedUtc: string;
                    Data: {
                        AmountMinor: number;
                        Currency: string;
                        LicenseId: string;
                        PaidThroughUtc: string;
                    };
                    Id: string;
                    LicenseId: string | null;
                    Sequence: number;
                    /** @enum {string} */
                    Type: "license.renewed";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer within 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    licenseStatusChangedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description msg_<delivery id>: the same on every attempt of one delivery; drop a repeat. */
                "webhook-id": string;
                /** @description Space-separated v1,<base64 HMAC-SHA256> signatures of `${webhook-id}.${webhook-timestamp}.${body}`, one per secret that signs (two for 24 hours after a rotation). */
                "webhook-signature": string;
                /** @description Seconds since the epoch when this attempt was signed. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    CreatedUtc: string;
                    Data: {
                        /** @enum {string} */
                        By: "seller" | "processor" | "term";
                        From: string;
                        LicenseId: string;
                        To: string;
                    };
                    Id: string;
                    LicenseId: string | null;
                    Sequence: number;
                    /** @enum {string} */
                    Type: "license.status_changed";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer within 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    orderRefundedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description msg_<delivery id>: the same on every attempt of one delivery; drop a repeat. */
                "webhook-id": string;
                /** @description Space-separated v1,<base64 HMAC-SHA256> signatures of `${webhook-id}.${webhook-timestamp}.${body}`, one per secret that signs (two for 24 hours after a rotation). */
                "webhook-signature": string;
                /** @description Seconds since the epoch when this attempt was signed. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    CreatedUtc: string;
                    Data: {
                        AmountMinor: number;
                        Currency: string;
                        /** @enum {string} */
                        License: "revoke" | "keep";
                        LicenseId: string | null;
                        OrderId: string;
                        RefundedMinor: number;
                        RefundId: string;
                        /** @enum {string} */
                        Source: "seller" | "processor";
                    };
                    Id: string;
                    LicenseId: string | null;
                    Sequence: number;
                    /** @enum {string} */
                    Type: "order.refunded";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer within 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    pingEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description msg_<delivery id>: the same on every attempt of one delivery; drop a repeat. */
                "webhook-id": string;
                /** @description Space-separated v1,<base64 HMAC-SHA256> signatures of `${webhook-id}.${webhook-timestamp}.${body}`, one per secret that signs (two for 24 hours after a rotation). */
                "webhook-signature": string;
                /** @description Seconds since the epoch when this attempt was signed. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    CreatedUtc: string;
                    Data: Record<string, never>;
                    Id: string;
                    LicenseId: string | null;
                    Sequence: number;
                    /** @enum {string} */
                    Type: "ping";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer within 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    seatAddedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description msg_<delivery id>: the same on every attempt of one delivery; drop a repeat. */
                "webhook-id": string;
                /** @description Space-separated v1,<base64 HMAC-SHA256> signatures of `${webhook-id}.${webhook-timestamp}.${body}`, one per secret that signs (two for 24 hours after a rotation). */
                "webhook-signature": string;
                /** @description Seconds since the epoch when this attempt was signed. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    CreatedUtc: string;
                    Data: {
                        LicenseId: string;
                        SeatIds: string[];
                    };
                    Id: string;
                    LicenseId: string | null;
                    Sequence: number;
                    /** @enum {string} */
                    Type: "seat.added";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer within 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    seatRetiredEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description msg_<delivery id>: the same on every attempt of one delivery; drop a repeat. */
                "webhook-id": string;
                /** @description Space-separated v1,<base64 HMAC-SHA256> signatures of `${webhook-id}.${webhook-timestamp}.${body}`, one per secret that signs (two for 24 hours after a rotation). */
                "webhook-signature": string;
                /** @description Seconds since the epoch when this attempt was signed. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    CreatedUtc: string;
                    Data: {
                        LicenseId: string;
                        SeatId: string;
                    };
                    Id: string;
                    LicenseId: string | null;
                    Sequence: number;
                    /** @enum {string} */
                    Type: "seat.retired";
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer within 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
