import { SERVER_ERROR_MESSAGE } from "@shop/shared/core";
import { data, redirect } from "react-router";
import { toast } from "../../components/ui/toast";
import { ApiError, api } from "../../lib/api";
import { storeToken } from "../../lib/token";
import { askPasskey, PASSKEY_NOT_USED, PasskeyNotUsed } from "./passkey";
import type { PendingAdd } from "./pending-add";
import {
  type Refused,
  readSecondStep,
  SECOND_FACTOR_SETUP_PAGE,
  type SecondStep,
  secondStepOf,
  secondStepRefusal,
  secondStepTry,
} from "./second-factor";
import { checkSignIn, readSignInForm, type SignInFailure, signInFailure } from "./sign-in";

/** Where a sign-in goes once the session is open. */
interface Onward {
  redirectTo: string;
  add?: PendingAdd;
}

/** The session is open: keeps the token, says the server's message, adds the pending product, goes on. */
async function signedIn({ token, message }: { token: string; message: string }, { redirectTo, add }: Onward) {
  storeToken(token);
  toast.success(message);
  if (add) {
    try {
      toast.success(await api().addToCart(add.productId, add.variantId));
    } catch (error) {
      // Already in the cart: information; the sign-in itself succeeded either way.
      if (error instanceof ApiError && error.status === 409) toast.info(error.message);
      else toast.error(error instanceof ApiError ? error.message : SERVER_ERROR_MESSAGE);
    }
  }
  return redirect(redirectTo);
}

/** A refusal said in a toast and answered with its status, so the router reloads no data for nothing. */
function refused({ answer, status, message }: Refused) {
  toast.error(message);
  return data(answer, { status });
}

/** The second step: the code typed, or the account's passkey asked of the browser. */
async function secondStepInBrowser(form: FormData, step: SecondStep, onward: Onward) {
  const attempt = secondStepTry(form, step);
  if ("answer" in attempt) return data(attempt.answer, { status: attempt.status });
  let proof = "proof" in attempt ? attempt.proof : null;
  if (!proof) {
    try {
      proof = { ticket: step.ticket, passkey: await askPasskey(step.ticket) };
    } catch (error) {
      if (error instanceof PasskeyNotUsed)
        return refused({ answer: { ...step, message: PASSKEY_NOT_USED }, status: 400, message: PASSKEY_NOT_USED });
      return refused(secondStepRefusal(error, step, false));
    }
  }
  try {
    return await signedIn(await api().signInSecondFactor(proof), onward);
  } catch (error) {
    return refused(secondStepRefusal(error, step, !("passkey" in proof)));
  }
}

/** 'Se connecter avec une clé d'accès': any passkey of this shop, no password. */
async function passkeyInBrowser(onward: Onward) {
  try {
    return await signedIn(await api().signInWithPasskey(await askPasskey()), onward);
  } catch (error) {
    if (error instanceof PasskeyNotUsed) {
      const failure: SignInFailure = { message: PASSKEY_NOT_USED, email: "", fieldErrors: {} };
      return refused({ answer: failure, status: 400, message: PASSKEY_NOT_USED });
    }
    const { failure, status } = signInFailure(error, "");
    return refused({ answer: failure, status, message: failure.message });
  }
}

/**
 * The login page's clientAction: signs in from the browser (which then holds the API's cookie),
 * keeps the token, says the server's message and goes on. The form is the password's, the
 * second step's (it carries a ticket) or a passkey button's (`intent=passkey`).
 */
export async function signInInBrowser(request: Request) {
  const form = await request.formData();
  const { values, redirectTo, add } = readSignInForm(form);
  const onward = { redirectTo, add };
  const step = readSecondStep(form);
  if (step) return secondStepInBrowser(form, step, onward);
  if (form.get("intent") === "passkey") return passkeyInBrowser(onward);
  const invalid = checkSignIn(values);
  if (invalid) return data(invalid, { status: 400 });
  try {
    const answer = await api().signIn(values);
    return await signedIn(
      answer,
      answer.secondFactorSetup ? { ...onward, redirectTo: SECOND_FACTOR_SETUP_PAGE } : onward,
    );
  } catch (error) {
    // The right password of an account with a second factor: the page asks for it next.
    const next = secondStepOf(error, values.email);
    if (next) return data(next, { status: 401 });
    const { failure, status } = signInFailure(error, values.email);
    return refused({ answer: failure, status, message: failure.message });
  }
}
