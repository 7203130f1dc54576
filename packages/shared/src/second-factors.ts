/**
 * The second factors' words both apps use without zod (decision 040): the kinds, how a session
 * was opened, the staff's setting, and the error codes a client acts on.
 */

export const SECOND_FACTOR_KINDS = ["passkey", "totp"] as const;
export type SecondFactorKind = (typeof SECOND_FACTOR_KINDS)[number];

/** How a session was opened: 'Mes appareils' and the back-office's gate read it. */
export const OPENED_WITH = ["password", "password+totp", "password+passkey", "password+recovery", "passkey"] as const;
export type OpenedWith = (typeof OPENED_WITH)[number];
/** Whether a session's opening proved a second factor (a passkey alone does: possession and the phone's lock). */
export const openedWithSecondFactor = (openedWith: string): boolean => openedWith !== "password";

/** `STAFF_SECOND_FACTOR` and the back-office's setting that starts from it. */
export const STAFF_SECOND_FACTOR_MODES = ["required", "optional"] as const;
export type StaffSecondFactorMode = (typeof STAFF_SECOND_FACTOR_MODES)[number];

/** The error codes a client acts on (beside the French message every error has). */
export const SECOND_FACTOR_CODES = {
  /** `/api/signin`: the password is right; the second step (`/api/signin/second-factor`) follows. */
  needed: "second-factor-needed",
  /** An admin call while a second factor is required and this session was opened without one. */
  setup: "second-factor-setup",
} as const;
