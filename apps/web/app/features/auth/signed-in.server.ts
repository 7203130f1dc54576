import { redirect } from "react-router";
import { api } from "../../lib/api";
import { redirectTarget } from "./redirect-target";

/**
 * The sign-in and sign-up pages' loader: a visitor already signed in has nothing to do there
 * and goes where they were heading (home unless a safe `redirectTo` says otherwise).
 */
export async function redirectIfSignedIn(request: Request) {
  const cookie = request.headers.get("cookie");
  if (!cookie || !/(?:^|;\s*)token=/.test(cookie)) return null;
  // A session that cannot be read (the API failing) shows the form rather than an error page.
  if (
    !(await api(request)
      .userDetails()
      .catch(() => null))
  )
    return null;
  throw redirect(redirectTarget(new URL(request.url).searchParams.get("redirectTo")));
}
