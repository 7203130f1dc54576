import { MSG } from "@shop/shared/core";
import { ApiError } from "../../../lib/api";
import { loginHref } from "../../auth/login-href";

/** The security page's address as asked (`?required=1` kept), to come back to after signing in. */
export function securityLogin(request: Request) {
  const url = new URL(request.url);
  return loginHref(`/security${url.searchParams.get("required") === "1" ? "?required=1" : ""}`);
}

/**
 * The session is missing or over. Only the API's own words for that count: a 401 may also say
 * a code was wrong (the second factor's refusals), which is said on the page.
 */
export const sessionOver = (error: unknown) =>
  error instanceof ApiError &&
  error.status === 401 &&
  (error.message === MSG.authRequired || error.message === MSG.authInvalid);
