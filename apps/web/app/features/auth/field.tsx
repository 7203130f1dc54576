import { useState } from "react";
import { type ControlProps, inputBase, inputClass } from "../../components/ui/field";
import { useHydrated } from "../../lib/use-hydrated";

/**
 * A password input with a button that shows or hides what was typed (easier on a phone
 * keyboard). The button's name says what it will do; it only appears once the page runs
 * scripts, since without them it could do nothing.
 */
export function PasswordInput({
  autoComplete,
  minLength,
  required = true,
  ...control
}: ControlProps & { autoComplete: "current-password" | "new-password"; minLength?: number; required?: boolean }) {
  const [visible, setVisible] = useState(false);
  const interactive = useHydrated();
  return (
    <div className="relative mt-1">
      <input
        {...control}
        type={visible ? "text" : "password"}
        autoComplete={autoComplete}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        required={required}
        minLength={minLength}
        maxLength={200}
        className={`${inputBase} pr-12`}
      />
      {interactive && (
        <button
          type="button"
          aria-controls={control.id}
          aria-label={visible ? "Masquer le mot de passe" : "Afficher le mot de passe"}
          onClick={() => setVisible((v) => !v)}
          className="absolute top-0 right-0 bottom-0 grid w-12 place-items-center rounded-r-md text-slate-600 hover:text-brand focus-visible:outline-2 focus-visible:outline-brand"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" strokeLinejoin="round" />
            <circle cx="12" cy="12" r="3" />
            {visible && <path d="M3 3l18 18" strokeLinecap="round" />}
          </svg>
        </button>
      )}
    </div>
  );
}

/** An account's e-mail: the keyboard and checks a phone needs, nothing corrected or capitalised. */
export function EmailInput({ defaultValue, ...control }: ControlProps & { defaultValue?: string }) {
  return (
    <input
      {...control}
      type="email"
      autoComplete="email"
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      required
      maxLength={254}
      defaultValue={defaultValue}
      className={inputClass}
    />
  );
}
