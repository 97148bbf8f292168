import { describeInterval } from '../../catalog/describe-offering';
import { CatalogStatus, LicenseClassification } from '../../catalog/catalog-enums';
import type { Db } from '../../db';
import { DomainError } from '../../errors';
import type { PlanChangeActor } from './change-license-offering';
import { mayChangePlan, planChangeTerms, type LicenseForPlanChange } from './plan-change-terms';
import { toPlanChangeView, type PlanChangeTiming, type PlanChangeView } from './plan-change.schema';

// The pages' preview of a plan change (the quote): the same rules and figures as the change itself
// (plan-change-terms.ts), computed without writing anything, for each offering the license may move
// to and each timing the rules allow; the page shows the figures of the one chosen before it asks.

export interface PlanChangeQuote {
  timing: PlanChangeTiming;
  /** When it would apply: now, or the end of the current period. */
  effectiveAt: Date;
  /** One seat's price per period after the change (minor units of `currency`); null: free. */
  unitPriceMinor: number | null;
  currency: string | null;
  /** Charged today for the rest of the period (negative: credited); 0 when nothing is charged today. */
  prorationMinor: number;
  /** The tax in prorationMinor. */
  prorationTaxMinor: number;
  liveSeats: number;
}

export interface PlanChangeOption {
  offeringId: string;
  name: string;
  description: string | null;
  /** The features the license would have (their names). */
  features: string[];
  defaultTiming: PlanChangeTiming;
  /** The figures of each timing the rules allow; null where they refuse it. */
  quotes: Record<PlanChangeTiming, PlanChangeQuote | null>;
}

export interface PlanChangeOptions {
  licenseId: string;
  productName: string;
  current: { offeringId: string; name: string; unitPriceMinor: number | null; currency: string | null };
  /** "month", "3 months"; null for a license with no billing period. */
  periodText: string | null;
  /** Why no change can be asked now (the license is not live); null when one can. */
  unavailable: string | null;
  /** The change waiting for the end of the period, with its offering's name; null when none. */
  scheduled: (PlanChangeView & { toOfferingName: string }) | null;
  options: PlanChangeOption[];
  /** Offerings of the product the license cannot move to, and why (another interval, no price in its currency…). */
  refused: { offeringId: string; name: string; reason: string }[];
}

async function licenseFor(ctx: { db: Db }, licenseId: string, actor: PlanChangeActor): Promise<LicenseForPlanChange & { offering: { product: { name: string } } }> {
  const license = await ctx.db.license.findFirst({
    where: { id: licenseId, ...(actor.by === 'seller' ? { sellerId: actor.sellerId } : { buyerAccountId: actor.buyerAccountId }) },
    include: { offering: { include: { product: { select: { name: true } } } } },
  });
  if (!license) throw new DomainError('NotFound', actor.by === 'seller' ? 'No license with that id for this seller.' : 'No license of yours with that id.');
  return license;
}

function quoteOf(terms: Awaited<ReturnType<typeof planChangeTerms>>): PlanChangeQuote {
  return { timing: terms.timing, effectiveAt: terms.effectiveAt, unitPriceMinor: terms.unitPriceMinor, currency: terms.currency, prorationMinor: terms.prorationMinor, prorationTaxMinor: terms.prorationTaxMinor, liveSeats: terms.liveSeats };
}

/** The figures of one timing, or the refusal's message when a rule refuses it. */
async function tryTerms(ctx: { db: Db }, license: LicenseForPlanChange, offeringId: string, when: PlanChangeTiming, by: PlanChangeActor['by'], now: Date) {
  try {
    return { terms: await planChangeTerms(ctx.db, license, { offeringId, when, by }, now) };
  } catch (error) {
    if (error instanceof DomainError && error.code === 'ValidationError') return { refusal: error.message };
    throw error;
  }
}

/** What a license may change to, with the figures of each timing, its scheduled change, and what it may not change to. */
export async function listPlanChangeOptions(ctx: { db: Db; now?: Date }, input: { licenseId: string; actor: PlanChangeActor }): Promise<PlanChangeOptions> {
  const now = ctx.now ?? new Date();
  const license = await licenseFor(ctx, input.licenseId, input.actor);
  const scheduled = await ctx.db.planChange.findFirst({ where: { licenseId: license.id, status: 'scheduled' } });
  const scheduledName = scheduled ? (await ctx.db.offering.findUnique({ where: { id: scheduled.toOfferingId }, select: { name: true } }))?.name : null;
  const result: PlanChangeOptions = {
    licenseId: license.id,
    productName: license.offering.product.name,
    current: { offeringId: license.offeringId, name: license.offering.name, unitPriceMinor: license.unitPriceMinor, currency: license.currency },
    periodText: license.classification === LicenseClassification.Subscription ? describeInterval(license.offering.interval, license.offering.intervalUnit) : null,
    unavailable: mayChangePlan(license.status) ? null : `The license is ${license.status.toLowerCase()}: plans change only on an active or trialing license.`,
    scheduled: scheduled ? { ...toPlanChangeView(scheduled), toOfferingName: scheduledName ?? scheduled.toOfferingId } : null,
    options: [],
    refused: [],
  };
  if (result.unavailable) return result;
  const candidates = await ctx.db.offering.findMany({
    where: { productId: license.offering.productId, sellerId: license.sellerId, status: CatalogStatus.Active, id: { not: license.offeringId }, ...(input.actor.by === 'buyer' ? { listed: true } : {}) },
    include: { features: { orderBy: { key: 'asc' }, select: { displayName: true } } },
    orderBy: [{ priceMinor: { sort: 'asc', nulls: 'first' } }, { name: 'asc' }],
  });
  for (const candidate of candidates) {
    const atOnce = await tryTerms(ctx, license, candidate.id, 'now', input.actor.by, now);
    const atEnd = await tryTerms(ctx, license, candidate.id, 'period_end', input.actor.by, now);
    const usable = atOnce.terms ?? atEnd.terms;
    if (!usable) {
      result.refused.push({ offeringId: candidate.id, name: candidate.name, reason: atOnce.refusal ?? atEnd.refusal ?? 'Not available.' });
      continue;
    }
    result.options.push({
      offeringId: candidate.id,
      name: candidate.name,
      description: candidate.description,
      features: candidate.features.map((feature) => feature.displayName),
      defaultTiming: usable.defaultTiming,
      quotes: { now: atOnce.terms ? quoteOf(atOnce.terms) : null, period_end: atEnd.terms ? quoteOf(atEnd.terms) : null },
    });
  }
  return result;
}
