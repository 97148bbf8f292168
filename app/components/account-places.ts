/** A place of a signed-in account, in its menu; `inHeader`: also a link of the service's header beside the menu. */
export interface AccountPlace {
  href: string;
  label: string;
  inHeader: boolean;
}

/** The places of a signed-in account, in order: one list for the service's header and the account menu. */
export function accountPlaces(isSeller: boolean): AccountPlace[] {
  return [
    { href: '/licenses', label: 'Your licenses', inHeader: true },
    { href: '/orders', label: 'Your orders', inHeader: true },
    isSeller ? { href: '/portal', label: 'Seller portal', inHeader: true } : { href: '/register', label: 'Sell your software', inHeader: false },
    { href: '/account', label: 'Account', inHeader: false },
    { href: '/portal/sessions', label: 'Signed-in devices', inHeader: false },
  ];
}
