import { MSG } from "@shop/shared/core";
import { data, redirect } from "react-router";
import { ApiError } from "../../../lib/api";
import { withFlash } from "../../../lib/flash.server";
import { fieldErrorsOf, refusalOf } from "../../../lib/form-values";
import { securityApi } from "./security-api";
import { readSecurityChoice, SECURITY_INTENTS, type SecurityChoice, type SecurityResult } from "./security-form";
import { securityLogin, sessionOver } from "./security-login";

const SEE_OTHER = 303;
/** A mistyped or reused code, a set-up already made, a name refused: the visitor's to mend. */
const VISITORS = [401, 403, 404, 409, 410, 422];

/**
 * The forms of 'Sécurité du compte' posted to the server (all of them without scripts, all but
 * the passkey's with them): rename or remove a factor, set an authenticator app up, renew the
 * recovery codes. A session that is over goes to sign in, back here after.
 */
export async function securityAction(request: Request) {
  const choice = readSecurityChoice(await request.formData());
  // A passkey is made by the browser: its form never reaches the server.
  if (!choice || choice.intent === SECURITY_INTENTS.addPasskey) throw data(null, { status: 400 });
  try {
    return await answer(request, choice);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (sessionOver(error)) {
      return redirect(securityLogin(request), {
        status: SEE_OTHER,
        headers: withFlash({ tone: "info", text: MSG.authInvalid }),
      });
    }
    const refusal = refusalOf(error, VISITORS);
    return data(refused(choice, error, refusal.message), { status: refusal.status });
  }
}

async function answer(request: Request, choice: Exclude<SecurityChoice, { intent: "add-passkey" }>) {
  const client = securityApi(request);
  switch (choice.intent) {
    case SECURITY_INTENTS.rename:
      return { intent: choice.intent, ok: true, id: choice.id, message: await client.rename(choice.id, choice.name) };
    case SECURITY_INTENTS.remove:
      return { intent: choice.intent, ok: true, id: choice.id, message: await client.remove(choice.id) };
    case SECURITY_INTENTS.totpStart: {
      const { setup, message } = await client.totpStart();
      const totp = { setupToken: setup.setupToken, secret: setup.secret, qr: setup.qr, name: "", errors: {} };
      return { intent: choice.intent, ok: true, message, totp } satisfies SecurityResult;
    }
    case SECURITY_INTENTS.totpConfirm: {
      const added = await client.totpConfirm({
        setupToken: choice.setup.setupToken,
        code: choice.code,
        ...(choice.name ? { name: choice.name } : {}),
      });
      return {
        intent: choice.intent,
        ok: true,
        message: added.message,
        ...(added.recoveryCodes ? { recoveryCodes: added.recoveryCodes } : {}),
      } satisfies SecurityResult;
    }
    case SECURITY_INTENTS.renewCodes: {
      const { codes, message } = await client.renewRecoveryCodes();
      return { intent: choice.intent, ok: true, message, recoveryCodes: codes } satisfies SecurityResult;
    }
  }
}

/** A refusal, said beside its form; a refused code shows the same set-up again, its error on the field. */
function refused(choice: SecurityChoice, error: ApiError, message: string): SecurityResult {
  const result: SecurityResult = { intent: choice.intent, ok: false, message };
  if ("id" in choice) result.id = choice.id;
  // An expired set-up cannot be finished: it starts again from the button.
  if (choice.intent === SECURITY_INTENTS.totpConfirm && error.message !== MSG.totpSetupExpired && message) {
    const fields = fieldErrorsOf(error.issues, ["code", "name"] as const);
    const errors = fields.code || fields.name ? fields : { code: message };
    result.totp = { ...choice.setup, name: choice.name, errors };
  }
  return result;
}
