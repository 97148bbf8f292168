'use client';

/**
 * Ends the session and goes to `callbackUrl`. When the request fails (offline, the server
 * restarting), next-auth's own sign-out page takes over: it asks once more and needs no script.
 * next-auth's client (about 40 KB) loads on the press: the account menu is on every page.
 */
export function signOutTo(callbackUrl: string): void {
  import('next-auth/react')
    .then(({ signOut }) => signOut({ callbackUrl }))
    .catch(() => {
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- next-auth's route handler, not a page: the router cannot open it
      window.location.assign(`/api/auth/signout?${new URLSearchParams({ callbackUrl })}`);
    });
}
