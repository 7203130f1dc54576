import type { StaffSecondFactorMode, StaffSecondFactorSetting } from "@shop/shared";
import { Form } from "react-router";
import { ResultNotice } from "../../../components/ui/result-notice";
import {
  SECOND_FACTOR_MODE_LABELS,
  SECOND_FACTOR_SETTING_INTENT,
  type SecondFactorSettingResult,
} from "./second-factor-setting";

const MODES: readonly StaffSecondFactorMode[] = ["required", "optional"];

/** What each mode means for the staff, under its choice. */
const MODE_HINTS: Record<StaffSecondFactorMode, string> = {
  required: "Chaque administrateur ajoute une clé d'accès ou une application d'authentification avant d'entrer.",
  optional: "Chacun choisit ; le mot de passe seul suffit.",
};

/**
 * 'Second facteur des administrateurs' (decision 040), a SUPERADMIN's: the mode now and the
 * shop's default, two choices and 'Enregistrer', a plain form posted to the users' page's action.
 */
export function SecondFactorSettingForm({
  setting,
  busy,
  result,
}: {
  setting: StaffSecondFactorSetting;
  busy: boolean;
  result: SecondFactorSettingResult | undefined;
}) {
  return (
    <section
      aria-labelledby="second-factor-setting-title"
      className="mt-8 max-w-xl rounded-lg bg-white p-4 ring-1 ring-slate-200"
    >
      <h2 id="second-factor-setting-title" className="text-lg font-bold">
        Second facteur des administrateurs
      </h2>
      <p className="mt-1 text-slate-800">
        Actuellement : <strong>{SECOND_FACTOR_MODE_LABELS[setting.mode]}</strong>{" "}
        <span className="text-slate-700">
          (par défaut : {SECOND_FACTOR_MODE_LABELS[setting.defaultMode].toLowerCase()})
        </span>
      </p>
      {/* Keyed by the mode saved: after a change, the choice shown is the one in force. */}
      <Form key={setting.mode} method="post" preventScrollReset className="mt-3 space-y-3">
        <input type="hidden" name="intent" value={SECOND_FACTOR_SETTING_INTENT} />
        <fieldset>
          <legend className="font-medium">Pour les administrateurs, le second facteur est :</legend>
          <div className="mt-2 space-y-2">
            {MODES.map((mode) => (
              <label
                key={mode}
                className="flex min-h-11 cursor-pointer items-start gap-3 rounded-md p-2 ring-1 ring-slate-200 has-checked:ring-2 has-checked:ring-brand"
              >
                <input
                  type="radio"
                  name="mode"
                  value={mode}
                  defaultChecked={mode === setting.mode}
                  className="mt-1 size-5 shrink-0 accent-brand"
                />
                <span>
                  <span className="block font-semibold">{SECOND_FACTOR_MODE_LABELS[mode]}</span>
                  <span className="block text-sm text-slate-700">{MODE_HINTS[mode]}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <button
          type="submit"
          disabled={busy}
          className="min-h-11 w-full rounded-full bg-brand px-5 py-2 font-semibold text-white hover:bg-brand-dark disabled:opacity-60 sm:w-auto"
        >
          Enregistrer
        </button>
      </Form>
      <ResultNotice result={result} />
    </section>
  );
}
