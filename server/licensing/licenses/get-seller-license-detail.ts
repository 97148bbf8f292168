import type { LicenseStatus } from '@/generated/prisma/client';
import type { Db } from '../../db';
import { DomainError } from '../../errors';
import { formatInvoiceNumber } from '../../billing/invoice-number';
import { listLicenseSeats } from '../seats/list-license-seats';
import { toDeviceView, type DeviceView } from '../devices/device-view';

/** What a call to the processor about a license tells it (a plan change's price: `set-price`, put back by `restore-price`). */
type SellerDecisionCall = 'cancel' | 'pause' | 'resume' | 'set-seats' | 'set-price' | 'restore-price';

export interface SellerLicenseDetail {
  id: string;
  offeringName: string;
  productName: string;
  status: LicenseStatus;
  /** Why money moved it to its status: `Refunded` (a refund ended it), `Disputed` (a dispute holds or ended it); null otherwise. */
  statusReason: 'Refunded' | 'Disputed' | null;
  /** The order that sold it (its invoice number once paid, else its id); null for a license created without one. */
  order: { id: string; number: string } | null;
  classification: number;
  tenantId: string | null;
  customerEmail: string | null;
  termStart: Date;
  termEnd: Date | null;
  onStripe: boolean;
  /** Devices each seat may have activated at once; null for any number. */
  maxDevices: number | null;
  /** On Stripe: what Stripe has yet to be told, what it would not take, and what reconciliation found different. */
  processor: {
    /** Calls waiting to be made (normally for seconds). */
    pendingCalls: number;
    /** Calls given up on after their last retry: the operator retries them (npm run admin -- retry-processor-calls). */
    callsNeedingAttention: { action: SellerDecisionCall; lastError: string | null; createdAt: Date }[];
    /** A difference only Stripe can settle, from the last reconciliation. */
    mismatch: string | null;
  } | null;
  seats: {
    id: string;
    retiredAt: string | null;
    allowance: { featureKey: string; remaining: number | null; periodEnd: string | null }[];
    codes: { id: string; label: string; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null }[];
    /** The devices activated on the seat and not deactivated (a floating one whose lease lapsed says so). */
    devices: DeviceView[];
  }[];
}

/** One license of the seller for the portal's license page: seats with their allowance and codes. */
export async function getSellerLicenseDetail(ctx: { db: Db; now?: Date }, input: { sellerId: string; licenseId: string }): Promise<SellerLicenseDetail> {
  const license = await ctx.db.license.findFirst({
    where: { id: input.licenseId, sellerId: input.sellerId },
    include: {
      offering: { select: { name: true, product: { select: { name: true } } } },
      buyer: { select: { email: true } },
      checkout: { select: { id: true, invoiceNumber: true } },
      codes: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], select: { id: true, seatId: true, label: true, createdAt: true, lastUsedAt: true, revokedAt: true } },
      devices: { where: { deactivatedAt: null }, orderBy: [{ activatedAt: 'asc' }, { id: 'asc' }] },
      processorCalls: { where: { status: { in: ['pending', 'attention'] } }, orderBy: { createdAt: 'asc' }, select: { action: true, status: true, lastError: true, createdAt: true } },
    },
  });
  if (!license) throw new DomainError('NotFound', 'No license with that id for this seller.');
  const { seats } = await listLicenseSeats(ctx, input);
  const now = ctx.now ?? new Date();
  return {
    id: license.id,
    offeringName: license.offering.name,
    productName: license.offering.product.name,
    status: license.status,
    statusReason: license.statusReason === 'Refunded' || license.statusReason === 'Disputed' ? license.statusReason : null,
    order: license.checkout ? { id: license.checkout.id, number: license.checkout.invoiceNumber === null ? license.checkout.id : formatInvoiceNumber(license.checkout.invoiceNumber) } : null,
    classification: license.classification,
    tenantId: license.tenantId,
    customerEmail: license.buyer?.email ?? null,
    termStart: license.termStart,
    termEnd: license.termEnd,
    onStripe: license.processorSubscriptionId !== null,
    maxDevices: license.maxDevices,
    processor:
      license.processorSubscriptionId === null
        ? null
        : {
            pendingCalls: license.processorCalls.filter((call) => call.status === 'pending').length,
            callsNeedingAttention: license.processorCalls
              .filter((call) => call.status === 'attention')
              .map((call) => ({ action: call.action as SellerDecisionCall, lastError: call.lastError, createdAt: call.createdAt })),
            mismatch: license.processorMismatch,
          },
    seats: seats.map((seat) => ({
      id: seat.seatId,
      retiredAt: seat.retiredUtc,
      allowance: seat.allowance.map((item) => ({ featureKey: item.featureKey, remaining: item.remaining, periodEnd: item.periodEndUtc })),
      codes: license.codes.filter((code) => code.seatId === seat.seatId).map(({ seatId: _seatId, ...code }) => code),
      devices: license.devices.filter((device) => device.seatId === seat.seatId).map((device) => toDeviceView(device, now)),
    })),
  };
}
