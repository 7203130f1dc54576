import { useId, useState } from "react";
import { inputClass } from "../../components/ui/field";
import { api, errorMessage } from "../../lib/api";
import { CHECK_CODE, type PromoState } from "./cart-intents";

/**
 * 'Code promo' (decision 051): typed in the cart's form, it goes with the order. 'Appliquer'
 * posts the form to check it without ordering (before the scripts run); once they run, it is
 * checked here, and again when the field is left with another code.
 */
export function PromoCodeField({ promo, onChange }: { promo: PromoState; onChange: (next: PromoState) => void }) {
  const id = useId();
  const [checking, setChecking] = useState(false);
  const check = async (code: string) => {
    if (!code.trim()) return onChange({ code, check: null, message: "" });
    setChecking(true);
    try {
      const { check: answer, message } = await api().checkPromoCode(code);
      onChange({ code, check: answer, message });
    } catch (error) {
      onChange({ code, check: null, message: errorMessage(error) });
    } finally {
      setChecking(false);
    }
  };
  const refused = promo.message !== "" && promo.check === null;
  return (
    <div className="rounded-lg bg-white p-4 ring-1 ring-slate-200 print:hidden">
      <label htmlFor={`${id}-code`} className="font-medium">
        Code promo
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={`${id}-code`}
          name="promoCode"
          value={promo.code}
          onChange={(event) => onChange({ code: event.target.value, check: null, message: "" })}
          onBlur={(event) => {
            if (event.target.value.trim() && promo.check === null && !promo.message) void check(event.target.value);
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          aria-invalid={refused || undefined}
          aria-describedby={promo.message ? `${id}-said` : undefined}
          className={`${inputClass} min-w-0 flex-1 uppercase`}
        />
        <button
          type="submit"
          name={CHECK_CODE}
          value="1"
          aria-disabled={checking || undefined}
          onClick={(event) => {
            event.preventDefault();
            if (!checking) void check(promo.code);
          }}
          className="min-h-11 shrink-0 rounded-full border-2 border-brand px-4 font-semibold text-brand hover:bg-brand/5 aria-disabled:opacity-70"
        >
          Appliquer
        </button>
      </div>
      {promo.message && (
        <p
          id={`${id}-said`}
          role={refused ? "alert" : "status"}
          className={`mt-2 text-sm font-medium ${refused ? "text-red-700" : "text-green-800"}`}
        >
          {promo.message}
          {refused && " Videz le champ pour commander sans code."}
        </p>
      )}
    </div>
  );
}
