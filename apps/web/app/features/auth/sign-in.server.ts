import { data, redirect } from "react-router";
import type { Notice } from "../../components/ui/flash-notice";
import { ApiError, api, errorMessage } from "../../lib/api";
import { withFlash } from "../../lib/flash.server";
import { PASSKEY_NEEDS_SCRIPTS } from "./passkey";
import type { PendingAdd } from "./pending-add";
import {
  readSecondStep,
  SECOND_FACTOR_SETUP_PAGE,
  type SecondStep,
  secondStepOf,
  secondStepRefusal,
  secondStepTry,
} from "./second-factor";
import { checkSignIn, readSignInForm, type SignInFailure, signInFailure } from "./sign-in";

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

/** The session is open: its cookie goes to the browser with the redirect (and the pending product, added). */
async function signedInOnServer(request: Request, setCookie: readonly string[], redirectTo: string, add?: PendingAdd) {
  const headers = add ? withFlash(await addOnceSignedIn(request, setCookie, add)) : new Headers();
  for (const cookie of setCookie) headers.append("Set-Cookie", cookie);
  return redirect(redirectTo, { headers });
}

/** The second step without scripts: a code typed (a passkey needs them). */
async function secondStepOnServer(request: Request, form: FormData, step: SecondStep, onward: Onward) {
  const attempt = secondStepTry(form, step);
  if ("answer" in attempt) return data(attempt.answer, { status: attempt.status });
  if (!("proof" in attempt)) return data({ ...step, message: PASSKEY_NEEDS_SCRIPTS }, { status: 400 });
  try {
    const { setCookie } = await api(request).signInSecondFactor(attempt.proof);
    return await signedInOnServer(request, setCookie, onward.redirectTo, onward.add);
  } catch (error) {
    const { answer, status } = secondStepRefusal(error, step, true);
    return data(answer, { status });
  }
}

interface Onward {
  redirectTo: string;
  add?: PendingAdd;
}

/**
 * The login page's server action, for a form sent before the scripts ran or without them: signs
 * in through the API in process and hands its `token` cookie to the browser with the redirect.
 * An account with a second factor gets the second step's page, whose form comes back here.
 */
export async function signInOnServer(request: Request) {
  const form = await request.formData();
  const { values, redirectTo, add } = readSignInForm(form);
  const step = readSecondStep(form);
  if (step) return secondStepOnServer(request, form, step, { redirectTo, add });
  if (form.get("intent") === "passkey") {
    const failure: SignInFailure = { message: PASSKEY_NEEDS_SCRIPTS, email: "", fieldErrors: {} };
    return data(failure, { status: 400 });
  }
  const invalid = checkSignIn(values);
  if (invalid) return data(invalid, { status: 400 });
  try {
    const { setCookie, secondFactorSetup } = await api(request).signIn(values);
    return await signedInOnServer(request, setCookie, secondFactorSetup ? SECOND_FACTOR_SETUP_PAGE : redirectTo, add);
  } catch (error) {
    const next = secondStepOf(error, values.email);
    if (next) return data(next, { status: 401 });
    const { failure, status } = signInFailure(error, values.email);
    return data(failure, { status });
  }
}
