import { FIELD_MSG, MSG, SECOND_FACTOR_CODES } from "@shop/shared/core";
import { ApiError, type SecondFactorProof } from "../../lib/api";
import { fieldErrorsOf, textOf } from "../../lib/form-values";
import { LOGIN_ERROR, type SignInFailure } from "./sign-in";

/**
 * The sign-in's second step (decision 040): after a right password, an account with a second
 * factor proves it with a code of its authenticator app, a recovery code or a passkey. The
 * step travels in the page's form (the ticket, the methods, the e-mail), so that it works
 * without scripts as with them.
 */

/**
 * Where an admin whose session lacks the second factor the shop requires goes: its set-up
 * (decision 040), right after the password, and from any back-office page until it is done.
 */
export const SECOND_FACTOR_SETUP_PAGE = "/security?required=1";

export const SECOND_FACTOR_METHODS = ["totp", "passkey", "recovery"] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** What the second step's page shows: the ticket to send back, and why the last try was refused. */
export interface SecondStep {
  step: "second-factor";
  ticket: string;
  methods: SecondFactorMethod[];
  /** The e-mail typed at the first step, given back to the password form if the ticket expires. */
  email: string;
  /** A refusal of the whole step (too many tries, the passkey, the network), in a banner. */
  message?: string;
  /** A refusal of the code typed, beside its field. */
  fieldErrors: { code?: string };
  /** The visitor asked for a keyboard with letters, to type a recovery code. */
  letters: boolean;
}

export const isSecondStep = (result: unknown): result is SecondStep =>
  typeof result === "object" && result !== null && (result as { step?: unknown }).step === "second-factor";

/** Typed something that is neither six digits nor a recovery code. */
export const CODE_REQUIRED = "Saisissez le code.";

const methodsOf = (values: readonly unknown[]): SecondFactorMethod[] =>
  SECOND_FACTOR_METHODS.filter((method) => values.includes(method));

/** The second step a refused sign-in asks for ("second-factor-needed"), or null for any other refusal. */
export function secondStepOf(error: unknown, email: string): SecondStep | null {
  if (!(error instanceof ApiError) || error.code !== SECOND_FACTOR_CODES.needed || !error.secondFactor) return null;
  return {
    step: "second-factor",
    ticket: error.secondFactor.ticket,
    methods: methodsOf(error.secondFactor.methods),
    email,
    fieldErrors: {},
    letters: false,
  };
}

/** The step as the page's form carries it back (hidden fields), before this try's result. */
export function readSecondStep(form: FormData): SecondStep | null {
  const ticket = textOf(form, "ticket");
  if (!ticket) return null;
  return {
    step: "second-factor",
    ticket,
    methods: methodsOf(textOf(form, "methods").split(",")),
    email: textOf(form, "email").trim(),
    fieldErrors: {},
    letters: textOf(form, "keyboard") === "letters",
  };
}

/**
 * The code typed, as the API takes it: six digits are the authenticator's code, anything else
 * a recovery code (12 characters, dashes and spaces allowed: the server reads them as printed).
 * A few digits that are not six are a mistyped code, said so here without asking the server.
 */
export function proofOf(ticket: string, typed: string): SecondFactorProof | { error: string } {
  const code = typed.replace(/\s+/g, "");
  if (!code) return { error: CODE_REQUIRED };
  if (/^\d{6}$/.test(code)) return { ticket, code };
  if (/^\d{1,11}$/.test(code)) return { error: FIELD_MSG.totpCodeInvalid };
  return { ticket, recoveryCode: typed.trim() };
}

/** What a try of the second step does, read from its form. */
export type SecondStepTry =
  /** Answered at once, without the API: the keyboard with letters, or a code that cannot be one. */
  | { answer: SecondStep; status: number }
  | { proof: SecondFactorProof }
  /** 'Utiliser ma clé d'accès': the browser is asked for the account's passkey. */
  | { passkey: true };

export function secondStepTry(form: FormData, step: SecondStep): SecondStepTry {
  const intent = textOf(form, "intent");
  if (intent === "letters") return { answer: { ...step, letters: true }, status: 200 };
  if (intent === "passkey") return { passkey: true };
  const proof = proofOf(step.ticket, textOf(form, "code"));
  if ("error" in proof) return { answer: { ...step, fieldErrors: { code: proof.error } }, status: 400 };
  return { proof };
}

/** The page's answer to a refused try: the step again, or the password form; and the words to say. */
export interface Refused {
  answer: SecondStep | SignInFailure;
  status: number;
  message: string;
}

/**
 * The API's refusal of a try: an expired or unknown ticket sends the visitor back to the
 * password (with its message); a refused code stays beside the field (`onField`: a code was
 * typed); anything else (too many tries, the passkey, the network) is said for the whole step.
 */
export function secondStepRefusal(error: unknown, step: SecondStep, onField: boolean): Refused {
  if (!(error instanceof ApiError) || error.status === 0) {
    return { answer: { ...step, message: LOGIN_ERROR, fieldErrors: {} }, status: 503, message: LOGIN_ERROR };
  }
  const ticketRefused =
    error.message === MSG.secondFactorTicketInvalid || fieldErrorsOf(error.issues, ["ticket"]).ticket !== undefined;
  if (ticketRefused) {
    const message = MSG.secondFactorTicketInvalid;
    return { answer: { message, email: step.email, fieldErrors: {} }, status: error.status, message };
  }
  const field = fieldErrorsOf(error.issues, ["code", "recoveryCode"]);
  const fieldError = field.code ?? field.recoveryCode ?? (onField && error.status === 401 ? error.message : undefined);
  if (fieldError)
    return { answer: { ...step, fieldErrors: { code: fieldError } }, status: error.status, message: fieldError };
  return { answer: { ...step, message: error.message, fieldErrors: {} }, status: error.status, message: error.message };
}
