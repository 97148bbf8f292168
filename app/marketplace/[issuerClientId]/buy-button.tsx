'use client';

import { useMutation } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useTRPC } from '@/app/trpc-provider';
import { useOneConfirmation } from '@/app/components/one-confirmation';
import { GuestCheckout } from './guest-checkout';

const buttonClass =
  'w-full rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-500 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 aria-disabled:cursor-wait aria-disabled:opacity-60';

const MAX_SEATS = 1000;

/** The message of a refusal's Detail on `field` (a ValidationError's Details, as tRPC carries them), if any. */
function detailOn(error: { data?: { details?: unknown } | null } | null, field: string): string | null {
  const details = error?.data?.details;
  if (!Array.isArray(details)) return null;
  const detail = (details as unknown[]).find((item): item is { Field: string; Message: string } => {
    if (typeof item !== 'object' || item === null) return false;
    const { Field, Message } = item as { Field?: unknown; Message?: unknown };
    return Field === field && typeof Message === 'string';
  });
  return detail?.Message ?? null;
}

/**
 * Buys one offering as the signed-in buyer: a free one completes at once and shows its license
 * code on the license page; a paid one continues on the payment processor's hosted page. A
 * seat-based offering asks how many seats first. A paid one is bought in the currency its price is
 * shown in, with the discount code the buyer entered under "Have a code?" (a refused code is told
 * beside the field). Signed out, a paid one goes straight to the payment page, which asks for the
 * e-mail address the license goes to (pay first, verify after: the delivery e-mail's link proves
 * it); a free one asks for an e-mail address and its code first (the account is made for it), then
 * gets it the same way.
 */
export function BuyButton(props: {
  issuerClientId: string;
  offeringId: string;
  offeringName: string;
  free: boolean;
  seatBased: boolean;
  /** The currency the price is shown in (lower case): the checkout charges that price. None for a free offering. */
  currency?: string;
  signedIn: boolean;
  /** `?buy=<offeringId>&seats=<n>`: this purchase is under way (a link, or back from elsewhere). */
  resume?: { seats: number };
}) {
  const trpc = useTRPC();
  const router = useRouter();
  const errorId = useId();
  const seatsId = useId();
  const codePanelId = useId();
  const codeId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [seats, setSeats] = useState(String(props.resume?.seats ?? 1));
  const [codeOpen, setCodeOpen] = useState(false);
  const [discountCode, setDiscountCode] = useState('');
  const [signedIn, setSignedIn] = useState(props.signedIn);
  // A guest's purchase under way (`?buy=`) is drawn with its checkout open, so nothing moves when the page wakes.
  const [asGuest, setAsGuest] = useState(props.resume !== undefined && !props.signedIn);
  // One inline question at a time: Buy on another offering moves the guest checkout there.
  useOneConfirmation(asGuest && !signedIn, () => setAsGuest(false));
  const onSession = (session: { sessionId: string; sessionUrl: string | null }) => {
    if (session.sessionUrl) window.location.assign(session.sessionUrl);
    else router.push(`/licenses?session=${encodeURIComponent(session.sessionId)}`);
  };
  const guestBuy = useMutation(trpc.purchase.buyAsGuest.mutationOptions({ onSuccess: onSession }));
  const signedInBuy = useMutation(
    trpc.purchase.buy.mutationOptions({
      onSuccess: onSession,
      onError: (error) => {
        // The session ended since the page was drawn: the guest checkout asks for the address.
        if (error.data?.code === 'UNAUTHORIZED') {
          setSignedIn(false);
          setAsGuest(props.free);
        }
      },
    }),
  );

  // Signed out, a paid offering is bought as a guest (the payment page asks for the address).
  const buy = !signedIn && !props.free ? guestBuy : signedInBuy;

  function purchaseInput(seatCount: number) {
    const code = codeOpen ? discountCode.trim() : '';
    return {
      issuerClientId: props.issuerClientId,
      offeringId: props.offeringId,
      ...(props.currency ? { currency: props.currency } : {}),
      ...(code ? { discountCode: code } : {}),
      ...(props.seatBased ? { quantity: seatCount } : {}),
    };
  }

  function purchase(seatCount: number, afterGuestSignIn = false) {
    signedInBuy.mutate(purchaseInput(seatCount), {
        onError: (error) => {
          // Just signed in by the guest checkout and refused (they hold it already, say): the page is
          // drawn again for the buyer they now are, with what they hold and who is signed in.
          if (afterGuestSignIn && error.data?.code !== 'UNAUTHORIZED') router.refresh();
        },
    });
  }

  function start(seatCount: number) {
    if (signedIn) purchase(seatCount);
    else if (!props.free) guestBuy.mutate(purchaseInput(seatCount));
    else setAsGuest(true);
  }

  // A purchase under way when the page opened goes on once (the address forgets it first, so a
  // reload or the back button does not buy twice): signed in it starts, signed out the guest
  // checkout opens.
  const resumed = useRef(false);
  const resume = useEffectEvent(() => {
    if (!props.resume || resumed.current) return;
    resumed.current = true;
    // The currency chosen (?currency=) stays in the address.
    const currency = new URLSearchParams(window.location.search).get('currency');
    window.history.replaceState(null, '', `${window.location.pathname}${currency ? `?currency=${encodeURIComponent(currency)}` : ''}#offering-${props.offeringId}`);
    start(props.resume.seats);
  });
  useEffect(() => {
    resume();
  }, []);

  // Back from the processor's page (the browser's back/forward cache): ready to buy again.
  const { reset } = buy;
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);

  const seatCount = Number(seats);
  const seatsValid = !props.seatBased || (Number.isInteger(seatCount) && seatCount >= 1 && seatCount <= MAX_SEATS);
  // Stays busy after success too: the browser is on its way to the next page.
  const busy = buy.isPending || buy.isSuccess;
  const label = props.free ? 'Get it free' : 'Buy';
  const refused = buy.isError && buy.error.data?.code !== 'UNAUTHORIZED';
  // A refused discount code is told beside its field, not as the purchase's failure.
  const codeRefusal = refused ? detailOn(buy.error, 'DiscountCode') : null;
  const failed = refused && codeRefusal === null;
  const alreadyLicensed = failed && buy.error.data?.apiCode === 'AlreadyLicensed';

  return (
    <div className="mt-4 space-y-2">
      {props.seatBased && (
        <div className="flex items-center gap-3">
          <label htmlFor={seatsId} className="text-sm font-medium">
            Seats
          </label>
          <input
            id={seatsId}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_SEATS}
            step={1}
            value={seats}
            onChange={(event) => setSeats(event.target.value)}
            aria-invalid={!seatsValid}
            aria-describedby={seatsValid ? undefined : `${seatsId}-error`}
            className="w-24 rounded-md border border-slate-300 px-3 py-1.5"
            data-testid="seats"
          />
          {!seatsValid && (
            <p id={`${seatsId}-error`} className="text-sm text-red-700">
              1 to {MAX_SEATS} seats.
            </p>
          )}
        </div>
      )}
      {!props.free && (
        <div className="text-sm">
          <button
            type="button"
            className="text-indigo-700 underline hover:text-indigo-900"
            aria-expanded={codeOpen}
            aria-controls={codePanelId}
            onClick={() => {
              setCodeOpen((open) => !open);
              if (codeRefusal) buy.reset();
            }}
            data-testid="discount-toggle"
          >
            Have a code?
          </button>
          <div id={codePanelId} hidden={!codeOpen} className="mt-2 space-y-1">
            <label htmlFor={codeId} className="block font-medium">
              Discount code
            </label>
            <input
              id={codeId}
              name="discountCode"
              value={discountCode}
              onChange={(event) => {
                setDiscountCode(event.target.value);
                if (codeRefusal) buy.reset();
              }}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={32}
              aria-invalid={codeRefusal ? true : undefined}
              aria-describedby={codeRefusal ? `${codeId}-error` : undefined}
              className="w-full rounded-md border border-slate-300 px-3 py-1.5 uppercase aria-[invalid=true]:border-red-600"
              data-testid="discount-code"
            />
            {codeRefusal && (
              <p id={`${codeId}-error`} role="alert" className="text-red-700" data-testid="discount-error">
                {codeRefusal}
              </p>
            )}
          </div>
        </div>
      )}
      <button
        ref={buttonRef}
        type="button"
        className={buttonClass}
        aria-label={props.free ? `${label}: ${props.offeringName}` : `${label} ${props.offeringName}`}
        aria-describedby={failed ? errorId : undefined}
        // aria-disabled rather than disabled: the button keeps keyboard focus while it works.
        aria-disabled={busy || !seatsValid}
        aria-busy={busy}
        aria-expanded={signedIn || !props.free ? undefined : asGuest}
        onClick={() => {
          if (busy || !seatsValid) return;
          start(seatCount);
        }}
      >
        {busy ? (props.free ? 'Getting your license…' : 'Starting checkout…') : label}
      </button>
      {asGuest && !signedIn && (
        <GuestCheckout
          issuerClientId={props.issuerClientId}
          offeringId={props.offeringId}
          offeringName={props.offeringName}
          onSignedIn={() => {
            setSignedIn(true);
            setAsGuest(false);
            purchase(seatCount, true);
          }}
          onCancel={() => {
            setAsGuest(false);
            buttonRef.current?.focus();
          }}
        />
      )}
      {failed && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {alreadyLicensed ? (
            <>
              {buy.error.message.split(':')[0]}.{' '}
              <Link href="/licenses" className="font-medium underline">
                Go to your licenses
              </Link>
            </>
          ) : buy.error.data?.apiCode === 'CheckoutFailed' ? (
            buy.error.message
          ) : (
            `Could not start the purchase: ${buy.error.message}`
          )}
        </p>
      )}
    </div>
  );
}
