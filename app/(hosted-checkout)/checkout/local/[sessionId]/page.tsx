import type { Metadata } from 'next';
import { api, orNotFound } from '@/app/trpc-server';
import { classificationLabel, describePrice, LicenseClassification } from '@/server/entry/shared';
import { requestFormat } from '@/app/components/request-format';

export const dynamic = 'force-dynamic';
// The address is the checkout's only key: keep it out of search engines and Referer headers.
export const metadata: Metadata = { title: 'Checkout', robots: { index: false, follow: false }, referrer: 'no-referrer' };

type Props = { params: Promise<{ sessionId: string }>; searchParams: Promise<{ ui?: string; billing?: string; discount?: string; email?: string }> };

/** What the page says after a code was entered (apply-local-checkout-discount.ts answers with one of these words). */
const DISCOUNT_ANSWERS: Record<string, { text: string; refused: boolean }> = {
  applied: { text: 'Discount applied.', refused: false },
  Unknown: { text: 'There is no such discount code. Check its spelling.', refused: true },
  Expired: { text: 'This discount code has expired.', refused: true },
  UsedUp: { text: 'This discount code has been used up.', refused: true },
  NotApplicable: { text: 'This discount code does not apply to this purchase.', refused: true },
  InvalidFormat: { text: 'A discount code is 3 to 32 letters, digits, - or _.', refused: true },
  AlreadyApplied: { text: 'This checkout already has a discount code.', refused: true },
};

const buttonPrimary =
  'w-full rounded-md bg-indigo-600 px-4 py-2.5 font-medium text-white hover:bg-indigo-500 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';
const buttonSecondary =
  'w-full rounded-md border border-slate-300 bg-white px-4 py-2.5 font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/**
 * The local payment processor's hosted checkout page (the SessionUrl of a paid checkout). The buyer
 * may come from an app through the system browser with no portal session, so nothing here asks
 * for sign-in: as with a processor's hosted page, the unguessable session id is the capability.
 */
export default async function LocalCheckoutPage({ params, searchParams }: Props) {
  const { sessionId } = await params;
  const { ui, billing, discount, email } = await searchParams;
  const discountAnswer = discount ? DISCOUNT_ANSWERS[discount] : undefined;
  const checkout = await orNotFound(api.checkoutPages.localCheckout({ checkoutId: sessionId }));
  const { decimalMoney } = await requestFormat();
  const action = (verb: 'pay' | 'cancel' | 'discount') => `/checkout/local/${encodeURIComponent(checkout.id)}/${verb}`;

  return (
    <div className={`mx-auto space-y-6 ${ui === 'mobile' ? 'max-w-sm' : 'max-w-lg'}`} data-testid="local-checkout">
      <header className="flex items-center gap-4">
        {checkout.logoPath && (
          // eslint-disable-next-line @next/next/no-img-element -- the seller's own logo, served by us
          <img src={checkout.logoPath} alt="" height={48} className="h-12 w-auto min-w-12 max-w-40 shrink-0 rounded object-contain object-left" />
        )}
        <div className="min-w-0 space-y-1">
          <p className="text-sm uppercase tracking-wide text-slate-600">Checkout · local test processor</p>
          <h1 className="text-2xl font-bold tracking-tight [overflow-wrap:anywhere]">Pay {checkout.sellerName}</h1>
        </div>
      </header>

      <section aria-labelledby="order-summary" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="order-summary" className="sr-only">
          Order summary
        </h2>
        <dl className="divide-y divide-slate-100 text-sm">
          <SummaryRow term="Seller" value={checkout.sellerName} />
          <SummaryRow term="Offering" value={`${checkout.offering.name} (${classificationLabel(checkout.offering.licenseClassification)})`} />
          <SummaryRow term="Price" value={describePrice(checkout.offering, { perSeat: checkout.seatBased, formatAmount: decimalMoney })} testId="checkout-price" />
          <SummaryRow term={checkout.seatBased ? 'Seats' : 'Quantity'} value={String(checkout.quantity)} />
          <SummaryRow term="Total" value={describePrice(checkout.total, { formatAmount: decimalMoney })} strong={!checkout.discount} testId="checkout-total" />
          {checkout.discount && (
            <>
              <SummaryRow term={`Discount (${checkout.discount.code})`} value={`−${decimalMoney(checkout.discount.amount, checkout.total.currency)}`} testId="checkout-discount" />
              {checkout.trialDays === null && <SummaryRow term="Due today" value={decimalMoney(checkout.dueAmount, checkout.total.currency)} strong testId="checkout-due" />}
            </>
          )}
          {checkout.trialDays !== null && <SummaryRow term="Due today" value={decimalMoney(0, checkout.total.currency)} testId="checkout-due-today" />}
          {checkout.tax && checkout.trialDays === null && (
            <SummaryRow term="Tax" value={checkout.tax.behavior === 'inclusive' ? 'Included, by your address' : 'Added, by your address'} testId="checkout-tax" />
          )}
          {checkout.customerEmail && <SummaryRow term="Buyer" value={checkout.customerEmail} testId="checkout-buyer" />}
        </dl>
        <p className="mt-3 border-t border-slate-100 pt-3 text-sm text-slate-700" data-testid="renewal">
          {/* The price of each period, without the trial the total already names. */}
          {renewalText(checkout, describePrice({ ...checkout.total, trialDays: undefined }, { formatAmount: decimalMoney }))}
        </p>
      </section>

      {checkout.status === 'pending' && (
        <div className="space-y-3">
          <p className="text-sm text-slate-600">
            This is the service’s built-in test processor: paying here charges no card and issues the license at once.
          </p>
          {!checkout.discount && checkout.trialDays === null && <DiscountForm action={action('discount')} answer={discountAnswer} />}
          {discountAnswer && !discountAnswer.refused && (
            <p role="status" className="text-sm text-emerald-800" data-testid="discount-answer">
              {discountAnswer.text}
            </p>
          )}
          {/* Above both buttons; their fields belong to the Pay form (form="pay-form"). */}
          {checkout.asksEmail && <EmailField missing={email === 'missing'} />}
          {checkout.tax && <BillingFields missing={billing === 'missing'} />}
          {/* Pay first, then Cancel, in the page as on screen (on a phone Pay is on top), so the tab order follows what the eye sees. */}
          <div className={`flex gap-3 ${ui === 'mobile' ? 'flex-col' : 'flex-col sm:flex-row'}`}>
            <form method="post" action={action('pay')} className="flex-1" id="pay-form">
              <button type="submit" className={buttonPrimary} data-testid="pay">
                {checkout.trialDays !== null ? `Start ${checkout.trialDays}-day free trial` : `Pay ${checkout.discount ? decimalMoney(checkout.dueAmount, checkout.total.currency) : describePrice(checkout.total, { formatAmount: decimalMoney })}`}
              </button>
            </form>
            <form method="post" action={action('cancel')} className="flex-1">
              <button type="submit" className={buttonSecondary}>
                Cancel
              </button>
            </form>
          </div>
          {(checkout.termsUrl || checkout.privacyUrl) && (
            <p className="text-xs text-slate-600" data-testid="checkout-terms">
              By paying you accept {checkout.sellerName}&apos;s{' '}
              {checkout.termsUrl && (
                <a href={checkout.termsUrl} rel="noopener noreferrer" className="underline hover:text-slate-900">
                  terms
                </a>
              )}
              {checkout.termsUrl && checkout.privacyUrl && ' and '}
              {checkout.privacyUrl && (
                <a href={checkout.privacyUrl} rel="noopener noreferrer" className="underline hover:text-slate-900">
                  privacy policy
                </a>
              )}
              .
            </p>
          )}
        </div>
      )}

      {checkout.status === 'completed' && (
        <div role="status" className="space-y-3 rounded-lg border border-emerald-200 bg-emerald-50 p-5 text-emerald-900">
          <p className="font-medium">This checkout is paid.</p>
          <a href={checkout.successUrl} className="inline-block font-medium text-emerald-900 underline">
            Continue
          </a>
        </div>
      )}

      {checkout.status === 'failed' && (
        <div role="status" className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-5 text-amber-900">
          <p className="font-medium">This checkout did not complete{checkout.error ? `: ${checkout.error}` : '.'}</p>
          <p className="text-sm">Nothing was charged. Start a new purchase to try again.</p>
          <a href={checkout.cancelUrl} className="inline-block font-medium text-amber-900 underline">
            Return
          </a>
        </div>
      )}
    </div>
  );
}

/** What the buyer commits to, in words: a renewal until cancelled, a trial's first charge, or a single payment. */
function renewalText(checkout: { offering: { licenseClassification: number }; trialDays: number | null }, price: string): string {
  if (checkout.trialDays !== null) return `Nothing is due today. After ${checkout.trialDays} days: ${price}, renewing until you cancel. Cancel anytime before then and nothing is charged.`;
  if (checkout.offering.licenseClassification === LicenseClassification.Subscription) return `Then ${price}, renewing until you cancel. Cancel anytime from your licenses page.`;
  return 'One payment. It does not renew.';
}

function SummaryRow({ term, value, strong, testId }: { term: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2">
      <dt className="shrink-0 whitespace-nowrap text-slate-600">{term}</dt>
      <dd className={`min-w-0 text-right [overflow-wrap:anywhere] ${strong ? 'text-base font-semibold' : ''}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** A discount code for this checkout; a refusal is told beside the field. */
function DiscountForm({ action, answer }: { action: string; answer: { text: string; refused: boolean } | undefined }) {
  const refused = answer?.refused ? answer.text : null;
  return (
    <form method="post" action={action} className="flex flex-wrap items-end gap-2 text-sm" data-testid="discount-form">
      <label className="min-w-0 flex-1">
        Discount code
        <input
          name="discountCode"
          maxLength={32}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={refused ? true : undefined}
          aria-describedby={refused ? 'discount-refused' : undefined}
          className={`${input} uppercase`}
          data-testid="discount-code"
        />
      </label>
      <button type="submit" className="rounded-md border border-slate-300 bg-white px-3 py-2 font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600">
        Apply
      </button>
      {refused && (
        <p id="discount-refused" role="alert" className="w-full text-red-700" data-testid="discount-answer">
          {refused}
        </p>
      )}
    </form>
  );
}

const input =
  'mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600';

/** A guest's address (pay first, verify after): the license and receipt go there, and its link shows the codes. */
function EmailField({ missing }: { missing: boolean }) {
  return (
    <div className="space-y-1 text-sm">
      <label className="block font-medium">
        E-mail address
        <input form="pay-form" name="email" type="email" required maxLength={254} autoComplete="email" className={input} aria-describedby="email-help" aria-invalid={missing || undefined} data-testid="checkout-email" />
      </label>
      <p id="email-help" className="text-slate-600">
        Your license and receipt go to this address. Its e-mail has a link that signs you in and shows your license codes.
      </p>
      {missing && (
        <p role="alert" className="text-red-700">
          Enter the e-mail address your license should go to.
        </p>
      )}
    </div>
  );
}

/** The billing address tax is computed from (the local processor's rate table), and a business's tax id. */
function BillingFields({ missing }: { missing: boolean }) {
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 text-sm" aria-describedby={missing ? 'billing-missing' : undefined}>
      <legend className="px-1 font-medium">Billing address</legend>
      {missing && (
        <p id="billing-missing" role="alert" className="text-red-700">
          Enter your country: the tax depends on it.
        </p>
      )}
      <label className="block">
        Country (two letters, e.g. DE)
        <input form="pay-form" name="country" required pattern="[A-Za-z]{2}" maxLength={2} autoComplete="country" className={input} data-testid="billing-country" />
      </label>
      <label className="block">
        State or region (where it sets the tax, e.g. CA)
        <input form="pay-form" name="state" maxLength={40} autoComplete="address-level1" className={input} />
      </label>
      <label className="block">
        Postal code
        <input form="pay-form" name="postalCode" maxLength={20} autoComplete="postal-code" className={input} />
      </label>
      <label className="block">
        Tax id (businesses: a VAT number or similar)
        <input form="pay-form" name="taxId" maxLength={40} className={input} data-testid="billing-tax-id" />
      </label>
    </fieldset>
  );
}
