/**
 * The sign-in address that brings a person back to the page they asked for (a layout sees no URL:
 * the page proxy passes it as REQUEST_PATH_HEADER). Only a page of `section` is a place to come
 * back to; anything else returns to the section's own start.
 */
export function signInReturningTo(section: string, requestPath: string | null): string {
  const within = requestPath !== null && (requestPath === section || requestPath.startsWith(`${section}/`) || requestPath.startsWith(`${section}?`));
  return `/login?callbackUrl=${encodeURIComponent(within ? requestPath : section)}`;
}
