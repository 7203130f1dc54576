import { FIELD_MSG, MSG } from "@shop/shared/core";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api";
import { formOf } from "../../test/forms";
import {
  CODE_REQUIRED,
  isSecondStep,
  proofOf,
  readSecondStep,
  type SecondStep,
  secondStepOf,
  secondStepRefusal,
  secondStepTry,
} from "./second-factor";
import { LOGIN_ERROR } from "./sign-in";

const step: SecondStep = {
  step: "second-factor",
  ticket: "ticket.signé",
  methods: ["totp", "recovery"],
  email: "awa@exemple.cm",
  fieldErrors: {},
  letters: false,
};

const needed = (methods: string[]) =>
  new ApiError(401, MSG.secondFactorNeeded, [], {
    code: "second-factor-needed",
    secondFactor: { ticket: "ticket.signé", methods },
  });

describe("secondStepOf", () => {
  it("makes the step of a refused password that asks for a second factor, keeping the e-mail", () => {
    expect(secondStepOf(needed(["totp", "passkey", "recovery"]), "awa@exemple.cm")).toEqual({
      ...step,
      methods: ["totp", "passkey", "recovery"],
    });
  });

  it("keeps only the methods it knows", () => {
    expect(secondStepOf(needed(["sms", "passkey"]), "a@b.cm")?.methods).toEqual(["passkey"]);
  });

  it("is null for any other refusal, a 401 without the code or a code without the step", () => {
    expect(secondStepOf(new ApiError(401, MSG.signInFailed), "a@b.cm")).toBeNull();
    expect(secondStepOf(new ApiError(401, "x", [], { code: "second-factor-needed" }), "a@b.cm")).toBeNull();
    expect(secondStepOf(new TypeError("Failed to fetch"), "a@b.cm")).toBeNull();
  });
});

describe("readSecondStep", () => {
  it("reads the step back from its hidden fields", () => {
    const form = formOf({ ticket: "ticket.signé", methods: "totp,recovery,sms", email: " awa@exemple.cm ", code: "1" });
    expect(readSecondStep(form)).toEqual(step);
    form.set("keyboard", "letters");
    expect(readSecondStep(form)?.letters).toBe(true);
    expect(isSecondStep(readSecondStep(form))).toBe(true);
  });

  it("is null for the password's form, which has no ticket", () => {
    expect(readSecondStep(formOf({ email: "a@b.cm", password: "x" }))).toBeNull();
    expect(isSecondStep({ message: "x", email: "", fieldErrors: {} })).toBe(false);
    expect(isSecondStep(undefined)).toBe(false);
  });
});

describe("proofOf", () => {
  it("sends six digits as the app's code, spaces dropped", () => {
    expect(proofOf("t", "123456")).toEqual({ ticket: "t", code: "123456" });
    expect(proofOf("t", " 123 456 ")).toEqual({ ticket: "t", code: "123456" });
  });

  it("sends anything else as a recovery code, as typed (the server reads dashes and case)", () => {
    expect(proofOf("t", " 7kq2-m9xp-4tza ")).toEqual({ ticket: "t", recoveryCode: "7kq2-m9xp-4tza" });
    expect(proofOf("t", "7KQ2M9XP4TZA")).toEqual({ ticket: "t", recoveryCode: "7KQ2M9XP4TZA" });
    // Twelve digits can be a recovery code too.
    expect(proofOf("t", "123456789012")).toEqual({ ticket: "t", recoveryCode: "123456789012" });
  });

  it("refuses an empty field and a few digits that are not six without asking the server", () => {
    expect(proofOf("t", "  ")).toEqual({ error: CODE_REQUIRED });
    expect(proofOf("t", "12345")).toEqual({ error: FIELD_MSG.totpCodeInvalid });
    expect(proofOf("t", "1234567")).toEqual({ error: FIELD_MSG.totpCodeInvalid });
  });
});

describe("secondStepTry", () => {
  const form = (fields: Record<string, string>) => formOf({ ticket: step.ticket, ...fields });

  it("reads a code to send", () => {
    expect(secondStepTry(form({ code: "654321" }), step)).toEqual({
      proof: { ticket: step.ticket, code: "654321" },
    });
  });

  it("answers the keyboard with letters without sending anything", () => {
    expect(secondStepTry(form({ code: "", intent: "letters" }), step)).toEqual({
      answer: { ...step, letters: true },
      status: 200,
    });
  });

  it("asks for the passkey on 'Utiliser ma clé d'accès', whatever the field holds", () => {
    expect(secondStepTry(form({ code: "", intent: "passkey" }), step)).toEqual({ passkey: true });
  });

  it("puts a code that cannot be one beside its field", () => {
    expect(secondStepTry(form({ code: "12" }), step)).toEqual({
      answer: { ...step, fieldErrors: { code: FIELD_MSG.totpCodeInvalid } },
      status: 400,
    });
  });
});

describe("secondStepRefusal", () => {
  it("puts a refused code beside the field", () => {
    for (const message of [MSG.totpCodeWrong, MSG.totpCodeReused, MSG.recoveryCodeWrong, MSG.recoveryCodeUsed]) {
      expect(secondStepRefusal(new ApiError(401, message), step, true)).toEqual({
        answer: { ...step, fieldErrors: { code: message } },
        status: 401,
        message,
      });
    }
  });

  it("puts the API's field issue on the one field, whichever it names", () => {
    const issue = new ApiError(400, MSG.invalidInput, [
      { path: "body.recoveryCode", message: FIELD_MSG.recoveryCodeInvalid },
    ]);
    expect(secondStepRefusal(issue, step, true).answer).toEqual({
      ...step,
      fieldErrors: { code: FIELD_MSG.recoveryCodeInvalid },
    });
  });

  it("says a passkey's refusal, the lock and the rate limit for the whole step", () => {
    expect(secondStepRefusal(new ApiError(401, MSG.passkeyRefused), step, false).answer).toEqual({
      ...step,
      message: MSG.passkeyRefused,
      fieldErrors: {},
    });
    const locked = secondStepRefusal(new ApiError(429, MSG.secondFactorLocked), step, true);
    expect(locked).toEqual({
      answer: { ...step, message: MSG.secondFactorLocked, fieldErrors: {} },
      status: 429,
      message: MSG.secondFactorLocked,
    });
  });

  it("sends an expired ticket back to the password, with the e-mail typed", () => {
    expect(secondStepRefusal(new ApiError(401, MSG.secondFactorTicketInvalid), step, true)).toEqual({
      answer: { message: MSG.secondFactorTicketInvalid, email: "awa@exemple.cm", fieldErrors: {} },
      status: 401,
      message: MSG.secondFactorTicketInvalid,
    });
    const badTicket = new ApiError(400, MSG.invalidInput, [{ path: "body.ticket", message: "Trop long." }]);
    expect(secondStepRefusal(badTicket, step, true).answer).toEqual({
      message: MSG.secondFactorTicketInvalid,
      email: "awa@exemple.cm",
      fieldErrors: {},
    });
  });

  it("stays on the step when the shop could not be reached", () => {
    for (const error of [new ApiError(0, "réseau"), new TypeError("Failed to fetch")]) {
      expect(secondStepRefusal(error, step, true)).toEqual({
        answer: { ...step, message: LOGIN_ERROR, fieldErrors: {} },
        status: 503,
        message: LOGIN_ERROR,
      });
    }
  });
});
