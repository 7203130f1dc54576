import { z } from "zod";
import { FIELD_MSG } from "../messages.ts";
import { OPENED_WITH, SECOND_FACTOR_KINDS, STAFF_SECOND_FACTOR_MODES } from "../second-factors.ts";
import { envelope, id } from "./common.ts";

/**
 * Second factors (decision 040): passkeys ('clés d'accès', WebAuthn), an authenticator app's
 * codes (TOTP, RFC 6238) and ten recovery codes. Required of the staff when a SUPERADMIN says
 * so; a customer may add a passkey to sign in without a password.
 */

export const secondFactor = z.object({
  _id: id,
  kind: z.enum(SECOND_FACTOR_KINDS),
  /** The name its owner gave it ("Mon Samsung", "Clé USB"). */
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type SecondFactor = z.infer<typeof secondFactor>;

/** 'Sécurité du compte': the account's factors and what the shop asks of it. */
export const securityOverview = z.object({
  factors: z.array(secondFactor),
  /** Recovery codes not used yet (0 when none were made). */
  recoveryCodesLeft: z.number().int(),
  /** A second factor is required of this account (staff, while the setting says so). */
  required: z.boolean(),
  /** How this very session was opened. */
  openedWith: z.enum(OPENED_WITH),
});
export type SecurityOverview = z.infer<typeof securityOverview>;

const factorName = z
  .string({ error: FIELD_MSG.factorNameRequired })
  .trim()
  .min(1, FIELD_MSG.factorNameRequired)
  .max(60, FIELD_MSG.factorNameTooLong);

/** Six digits, spaces allowed as the apps show them ("123 456"). */
export const totpCode = z
  .string({ error: FIELD_MSG.totpCodeInvalid })
  .transform((v) => v.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, FIELD_MSG.totpCodeInvalid));

/** A recovery code as printed ("7KQ2-M9XP-4TZA"): case, spaces and dashes do not matter. */
export const recoveryCode = z
  .string({ error: FIELD_MSG.recoveryCodeInvalid })
  .transform((v) => v.replace(/[\s-]+/g, "").toUpperCase())
  .pipe(z.string().regex(/^[0-9A-Z]{12}$/, FIELD_MSG.recoveryCodeInvalid));

/** A browser's WebAuthn answer, as `@simplewebauthn/browser` gives it; its content is checked by the server's verification. */
const webauthnResponse = z.looseObject({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal("public-key"),
  response: z.looseObject({ clientDataJSON: z.string().min(1).max(8192) }),
});

/** The answer of `navigator.credentials.create()`, serialised. */
export const passkeyRegistration = webauthnResponse;
/** The answer of `navigator.credentials.get()`, serialised. */
export const passkeyAssertion = webauthnResponse;

/** `POST /api/second-factors/totp/start`: a new secret, not saved until a code proves the app holds it. */
export const totpSetup = z.object({
  /** The secret in base32, for typing into the app by hand. */
  secret: z.string(),
  /** The `otpauth://` address the QR code holds. */
  uri: z.string(),
  /** The QR code, an SVG data URL drawn on the server. */
  qr: z.string(),
  /** Sent back with the first code: the secret, sealed, valid for 10 minutes. */
  setupToken: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetup>;

export const totpConfirmInput = z.strictObject({
  setupToken: z.string().min(1).max(2000),
  code: totpCode,
  name: factorName.optional(),
});
export type TotpConfirmInput = z.infer<typeof totpConfirmInput>;

export const passkeyAddInput = z.strictObject({
  name: factorName.optional(),
  response: passkeyRegistration,
});

/** A factor added: the new factor and, when it is the account's first, its ten recovery codes (shown once). */
export const factorAdded = z.object({
  factor: secondFactor,
  recoveryCodes: z.array(z.string()).nullable(),
});
export type FactorAdded = z.infer<typeof factorAdded>;

export const factorRenameInput = z.strictObject({ name: factorName });
export const factorParams = z.object({ id });

/** The sign-in's second step (`SECOND_FACTOR_CODES.needed`): what the 401 carries beside its message. */
export const secondFactorChallenge = z.object({
  /** Signed, 5 minutes: names the account whose password was just checked. */
  ticket: z.string(),
  methods: z.array(z.enum(["totp", "passkey", "recovery"])),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallenge>;

/**
 * `/api/signin`'s answer: the token, and `secondFactorSetup` when the shop requires a second
 * factor of the staff and this admin has none yet: the session is open, but only to set one up
 * (decision 040), so a client goes to that set-up first. Absent for everyone else.
 */
export const signInAnswer = envelope(z.string()).extend({
  secondFactorSetup: z.literal(true).optional(),
});
export type SignInAnswer = z.infer<typeof signInAnswer>;

/** One of a code, a recovery code or a passkey's assertion, with the ticket. */
export const secondFactorInput = z
  .strictObject({
    ticket: z.string().min(1).max(2000),
    code: totpCode.optional(),
    recoveryCode: recoveryCode.optional(),
    passkey: passkeyAssertion.optional(),
  })
  .refine((v) => [v.code, v.recoveryCode, v.passkey].filter((x) => x !== undefined).length === 1, {
    message: FIELD_MSG.secondFactorOneOf,
    path: ["code"],
  });
export type SecondFactorInput = z.infer<typeof secondFactorInput>;

export const passkeyOptionsInput = z.strictObject({
  /** With the ticket of the sign-in's second step: that account's passkeys; without, any passkey of this shop. */
  ticket: z.string().min(1).max(2000).optional(),
});

export const passkeySignInInput = z.strictObject({ response: passkeyAssertion });

export const recoveryCodes = z.object({ codes: z.array(z.string()) });

/** The back-office's setting (SUPERADMIN). */
export const staffSecondFactorSetting = z.object({
  mode: z.enum(STAFF_SECOND_FACTOR_MODES),
  /** What `STAFF_SECOND_FACTOR` (or NODE_ENV) gives when no SUPERADMIN chose. */
  defaultMode: z.enum(STAFF_SECOND_FACTOR_MODES),
});
export const staffSecondFactorInput = z.strictObject({
  mode: z.enum(STAFF_SECOND_FACTOR_MODES, { error: FIELD_MSG.secondFactorModeInvalid }),
});

/** A SUPERADMIN's view of an account's factors (for a reset after a lost phone). */
export const staffFactors = z.object({
  factors: z.array(secondFactor),
  recoveryCodesLeft: z.number().int(),
});
export const staffFactorsParams = z.object({ userId: id });

/** `PublicKeyCredentialCreationOptionsJSON` / `…RequestOptionsJSON`, as the browser library takes them. */
export const passkeyOptions = z.looseObject({ challenge: z.string() });

export type StaffSecondFactorSetting = z.infer<typeof staffSecondFactorSetting>;
export type StaffFactors = z.infer<typeof staffFactors>;
