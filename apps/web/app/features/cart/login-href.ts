/**
 * The sign-in page, asked to bring the visitor back to `path` afterwards. Slashes stay readable
 * in the address bar; anything else that means something in a query string is encoded.
 */
export const loginHref = (path: string) => `/login?redirectTo=${encodeURIComponent(path).replaceAll("%2F", "/")}`;
