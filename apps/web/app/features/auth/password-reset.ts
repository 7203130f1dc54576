/** The forgotten-password pages' forms and what their actions answer (decision 032). */
export const RESET_FIELDS = ["token", "password", "confirmPassword"] as const;
export type ResetField = (typeof RESET_FIELDS)[number];

export type ForgotResult =
  | { ok: true; message: string }
  | { ok: false; message: string; email: string; fieldErrors: Partial<Record<"email", string>> };

export type ResetResult =
  | { ok: true; message: string }
  | { ok: false; message: string; fieldErrors: Partial<Record<ResetField, string>> };
