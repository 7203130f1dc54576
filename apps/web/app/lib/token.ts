/**
 * The session token in local storage under `token`, as the spec keeps it (SPEC.md §3, §4).
 * Our own pages read the httpOnly cookie the API sets with it (decision 015); the stored copy
 * is there for clients that send `Authorization: Bearer`. Storage can be refused (private
 * browsing, full disk): signing in must not fail because of it.
 */
export const TOKEN_STORAGE_KEY = "token";

export function storeToken(token: string) {
  try {
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // The cookie still carries the session.
  }
}

export function forgetToken() {
  try {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Nothing was stored.
  }
}
