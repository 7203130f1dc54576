import { data, redirect } from "react-router";
import type { Notice } from "../../components/ui/flash-notice";
import { ApiError, api, errorMessage } from "../../lib/api";
import { withFlash } from "../../lib/flash.server";
import type { PendingAdd } from "./pending-add";
import { checkSignIn, readSignInForm, signInFailure } from "./sign-in";

/**
 * 'Ajouter au panier' tapped before signing in: added now, with the session just opened (its
 * cookie, as the browser will send it next), and said on the page the visitor goes back to.
 */
async function addOnceSignedIn(request: Request, setCookie: readonly string[], add: PendingAdd): Promise<Notice> {
  const cookie = setCookie.map((c) => c.split(";", 1)[0]).join("; ");
  const signedIn = new Request(request.url, { headers: { cookie } });
  try {
    return { tone: "success", text: await api(signedIn).addToCart(add.productId, add.variantId) };
  } catch (error) {
    return { tone: error instanceof ApiError && error.status === 409 ? "info" : "error", text: errorMessage(error) };
  }
}

/**
 * The login page's server action, for a form sent before the scripts ran or without them: signs
 * in through the API in process and hands its `token` cookie to the browser with the redirect.
 */
export async function signInOnServer(request: Request) {
  const { values, redirectTo, add } = readSignInForm(await request.formData());
  const invalid = checkSignIn(values);
  if (invalid) return data(invalid, { status: 400 });
  try {
    const { setCookie } = await api(request).signIn(values);
    const headers = add ? withFlash(await addOnceSignedIn(request, setCookie, add)) : new Headers();
    for (const cookie of setCookie) headers.append("Set-Cookie", cookie);
    return redirect(redirectTo, { headers });
  } catch (error) {
    const { failure, status } = signInFailure(error, values.email);
    return data(failure, { status });
  }
}
