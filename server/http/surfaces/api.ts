import { apiErrorResponse } from '../api-error';
import * as getLicense from '../routes/management/get-license';
import * as findLicenses from '../routes/management/find-licenses';
import * as listLicenseSeats from '../routes/management/list-license-seats';
import * as createLicense from '../routes/management/create-license';
import * as addSeats from '../routes/management/add-seats';
import * as retireSeat from '../routes/management/retire-seat';
import * as listLicenseDevices from '../routes/management/list-license-devices';
import * as deactivateLicenseDevice from '../routes/management/deactivate-license-device';
import * as issueSeatCode from '../routes/management/issue-seat-code';
import * as revokeLicenseCode from '../routes/management/revoke-license-code';
import * as bindLicenseToTenant from '../routes/management/bind-license-to-tenant';
import * as suspendLicense from '../routes/management/suspend-license';
import * as resumeLicense from '../routes/management/resume-license';
import * as cancelLicense from '../routes/management/cancel-license';
import * as changeLicenseOffering from '../routes/management/change-license-offering';
import * as cancelLicenseOfferingChange from '../routes/management/cancel-license-offering-change';
import * as refundOrder from '../routes/management/refund-order';
import * as createEmbeddedCheckout from '../routes/checkout/create-embedded-checkout';
import * as ingestUsage from '../routes/consumption/ingest-usage';
import * as generateLicenseAuthorization from '../routes/runtime/generate-license-authorization';
import * as getSessionResult from '../routes/checkout/get-session-result';
import * as createPurchaseCheckout from '../routes/purchase/create-purchase-checkout';
import * as getOfferingDetail from '../routes/purchase/get-offering-detail';
import * as getPurchaseCheckoutResult from '../routes/purchase/get-purchase-checkout-result';
import * as getStorefront from '../routes/purchase/get-storefront';
import * as runtimeDiscovery from '../routes/runtime/discovery';
import * as activateDevice from '../routes/runtime/activate-device';
import * as deactivateDevice from '../routes/runtime/deactivate-device';
import * as heartbeat from '../routes/runtime/heartbeat';
import * as checkOutLicenseFile from '../routes/runtime/check-out-license-file';
import * as createWebhookEndpoint from '../routes/management/create-webhook-endpoint';
import * as listWebhookEndpoints from '../routes/management/list-webhook-endpoints';
import * as getWebhookEndpoint from '../routes/management/get-webhook-endpoint';
import * as updateWebhookEndpoint from '../routes/management/update-webhook-endpoint';
import * as deleteWebhookEndpoint from '../routes/management/delete-webhook-endpoint';
import * as rotateWebhookSecret from '../routes/management/rotate-webhook-secret';
import * as sendWebhookTest from '../routes/management/send-webhook-test';
import * as listEvents from '../routes/management/list-events';
import * as createDiscount from '../routes/management/create-discount';
import * as listDiscounts from '../routes/management/list-discounts';
import * as getDiscount from '../routes/management/get-discount';
import * as updateDiscount from '../routes/management/update-discount';
import * as deleteDiscount from '../routes/management/delete-discount';
import { createSurface } from '../surface';

/**
 * The REST contract of the spec (/purchase, /licensing, /licensing-mgmt, /consumption): ApiError
 * bodies for every refusal, unknown paths and wrong methods included.
 */
export const createApiSurface = () =>
  createSurface('api', { render: apiErrorResponse, limitPerIp: true }, (app) => {
    // Static segments first: `/purchase/checkout/{id}` wins over `/purchase/{issuerClientId}/offerings`
    // (`checkout` is a reserved issuerClientId for this reason).
    app.openapi(createPurchaseCheckout.route, createPurchaseCheckout.handler);
    app.openapi(getPurchaseCheckoutResult.route, getPurchaseCheckoutResult.handler);
    app.openapi(getStorefront.route, getStorefront.handler);
    app.openapi(createEmbeddedCheckout.route, createEmbeddedCheckout.handler);
    app.openapi(getSessionResult.route, getSessionResult.handler);
    app.openapi(getOfferingDetail.route, getOfferingDetail.handler);
    app.openapi(findLicenses.route, findLicenses.handler);
    app.openapi(getLicense.route, getLicense.handler);
    app.openapi(listLicenseSeats.route, listLicenseSeats.handler);
    app.openapi(createLicense.route, createLicense.handler);
    app.openapi(addSeats.route, addSeats.handler);
    app.openapi(retireSeat.route, retireSeat.handler);
    app.openapi(listLicenseDevices.route, listLicenseDevices.handler);
    app.openapi(deactivateLicenseDevice.route, deactivateLicenseDevice.handler);
    app.openapi(issueSeatCode.route, issueSeatCode.handler);
    app.openapi(revokeLicenseCode.route, revokeLicenseCode.handler);
    app.openapi(bindLicenseToTenant.route, bindLicenseToTenant.handler);
    app.openapi(suspendLicense.route, suspendLicense.handler);
    app.openapi(resumeLicense.route, resumeLicense.handler);
    app.openapi(cancelLicense.route, cancelLicense.handler);
    app.openapi(changeLicenseOffering.route, changeLicenseOffering.handler);
    app.openapi(cancelLicenseOfferingChange.route, cancelLicenseOfferingChange.handler);
    app.openapi(refundOrder.route, refundOrder.handler);
    app.openapi(generateLicenseAuthorization.route, generateLicenseAuthorization.handler);
    app.openapi(activateDevice.route, activateDevice.handler);
    app.openapi(deactivateDevice.route, deactivateDevice.handler);
    app.openapi(heartbeat.route, heartbeat.handler);
    app.openapi(checkOutLicenseFile.route, checkOutLicenseFile.handler);
    app.openapi(ingestUsage.route, ingestUsage.handler);
    app.openapi(runtimeDiscovery.configurationRoute, runtimeDiscovery.configurationHandler);
    app.openapi(runtimeDiscovery.jwksRoute, runtimeDiscovery.jwksHandler);
    app.openapi(createWebhookEndpoint.route, createWebhookEndpoint.handler);
    app.openapi(listWebhookEndpoints.route, listWebhookEndpoints.handler);
    app.openapi(getWebhookEndpoint.route, getWebhookEndpoint.handler);
    app.openapi(updateWebhookEndpoint.route, updateWebhookEndpoint.handler);
    app.openapi(deleteWebhookEndpoint.route, deleteWebhookEndpoint.handler);
    app.openapi(rotateWebhookSecret.route, rotateWebhookSecret.handler);
    app.openapi(sendWebhookTest.route, sendWebhookTest.handler);
    app.openapi(listEvents.route, listEvents.handler);
    app.openapi(createDiscount.route, createDiscount.handler);
    app.openapi(listDiscounts.route, listDiscounts.handler);
    app.openapi(getDiscount.route, getDiscount.handler);
    app.openapi(updateDiscount.route, updateDiscount.handler);
    app.openapi(deleteDiscount.route, deleteDiscount.handler);
  });
