import type { StaffSecondFactorMode } from "@shop/shared";
import { textOf } from "../../../lib/form-values";

/** The setting's two modes, as the back-office says them. */
export const SECOND_FACTOR_MODE_LABELS: Record<StaffSecondFactorMode, string> = {
  required: "Exigé",
  optional: "Facultatif",
};

export const SECOND_FACTOR_SETTING_INTENT = "second-factor-setting";

/**
 * The setting's form: its intent (the users' page has other forms) and the mode chosen; null
 * for a form no page sends, `mode: null` for a mode the shop does not know.
 */
export function readSecondFactorSetting(form: FormData): { mode: StaffSecondFactorMode | null } | null {
  if (textOf(form, "intent") !== SECOND_FACTOR_SETTING_INTENT) return null;
  const mode = textOf(form, "mode");
  return { mode: mode === "required" || mode === "optional" ? mode : null };
}

/** What saving the setting answered, said under its form. */
export type SecondFactorSettingResult = { ok: boolean; message: string };
