import { data, redirect } from "react-router";
import { api } from "../../lib/api";
import { checkSignIn, readSignInForm, signInFailure } from "./sign-in";

/**
 * The login page's server action, for a form sent before the scripts ran or without them: signs
 * in through the API in process and hands its `token` cookie to the browser with the redirect.
 */
export async function signInOnServer(request: Request) {
  const { values, redirectTo } = readSignInForm(await request.formData());
  const invalid = checkSignIn(values);
  if (invalid) return data(invalid, { status: 400 });
  try {
    const { setCookie } = await api(request).signIn(values);
    const headers = new Headers();
    for (const cookie of setCookie) headers.append("Set-Cookie", cookie);
    return redirect(redirectTo, { headers });
  } catch (error) {
    const { failure, status } = signInFailure(error, values.email);
    return data(failure, { status });
  }
}
